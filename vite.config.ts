// The React client: root src/client, built to dist/client, which the Fastify
// server serves with a history fallback. In dev, server routes are proxied.
// Two pages: index.html (the single-page app: entry.ts, which starts
// main.tsx) and landing.html (the landing page's own small bundle,
// landing.tsx). `vite build --mode ssr` builds
// src/client/render/server-entry.tsx into dist/render, self-contained, for the
// server to render the public pages with (src/server/plugins/public-pages.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const apiTarget = 'http://localhost:3000';

/**
 * index.html announces the app that entry.ts starts (main.tsx's chunk and
 * every chunk it imports) with <link rel="modulepreload">, so the app shell
 * (the owner's screens) fetches all of it at once. Vite announces only the
 * entry's own imports, and entry.ts imports the app dynamically. A page the
 * server renders from this template has these links taken out
 * (server/plugins/public-pages.ts): there they would share the line with the
 * page itself before its first paint.
 */
function preloadTheApp(): Plugin {
  return {
    name: 'vouchly:preload-the-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, filename }) {
        if (!bundle || path.basename(filename) !== 'index.html') return;
        const chunks = new Map(
          Object.values(bundle)
            .filter((file) => file.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const main = [...chunks.values()].find(
          (chunk) => chunk.facadeModuleId === fromRoot('./src/client/main.tsx'),
        );
        if (!main) throw new Error('preload-the-app: no chunk for src/client/main.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(main.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * A CommonJS module's wrapper as Rolldown writes it before minifying:
 * `__commonJSMin(((exports, module) => {`, whatever names its parameters have
 * (a module that reads its top-level `this`, as papaparse's UMD header does,
 * also takes `this$1`, the module's exports).
 */
const COMMONJS_WRAPPER = /\b(__commonJS\w*\()\(\(([\w$]+(?:, [\w$]+)*)?\) => \{/g;

/**
 * Rolldown wraps each CommonJS module (React, React DOM, the scheduler) in a
 * parenthesized arrow function, meant as a hint that it runs at once. V8 in
 * Chromium does not take that hint for an arrow: it parsed React DOM's 200 KB
 * wrapper lazily, on the main thread, when the app started (45–60 ms of a
 * 75–120 ms task on the machine of 2026-11-25, the largest after the first
 * paint of /auth and /submit). A parenthesized `function` expression is
 * compiled eagerly while the file streams in, off the main thread: React's
 * evaluation no longer showed as a long script (decision 0017). A wrapper at
 * top level runs with `this` undefined either way, and the CommonJS code
 * inside does not read `arguments`. The build fails if a wrapper keeps its
 * arrow, so a change in Rolldown's output cannot undo this unseen.
 */
function eagerCommonJsWrappers(): Plugin {
  return {
    name: 'vouchly:eager-commonjs-wrappers',
    apply: 'build',
    renderChunk(code, chunk) {
      if (!code.includes('__commonJS')) return null;
      const rewritten = code.replace(COMMONJS_WRAPPER, '$1(function ($2) {');
      const left = rewritten.match(/\b__commonJS\w*\(\(\(/);
      if (left)
        this.error(
          `eager-commonjs-wrappers: ${chunk.fileName} has a wrapper not rewritten: ${left[0]}`,
        );
      return { code: rewritten, map: null };
    },
  };
}

export default defineConfig(({ mode }) => {
  const ssr = mode === 'ssr';
  return {
    root: fromRoot('./src/client'),
    publicDir: fromRoot('./src/client/public'),
    plugins: [react(), tailwindcss(), preloadTheApp(), eagerCommonJsWrappers()],
    // The renderer runs in the server's process: React's production build, whatever NODE_ENV says.
    define: ssr ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    resolve: {
      // react-router's package exports point at its development build; use the production one.
      alias: [
        {
          find: /^react-router\/dom$/,
          replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs'),
        },
        {
          find: /^react-router$/,
          replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs'),
        },
      ],
    },
    // Everything bundled: the server runs dist/render without the client's packages installed.
    ssr: { noExternal: true },
    build: {
      outDir: fromRoot(ssr ? './dist/render' : './dist/client'),
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: !ssr,
      // A lazy chunk's imports are not announced with <link rel="modulepreload"> added at run time: adding
      // those links (about 40 for a public page's route) held the main thread for 50 ms and more on
      // hydration (Lighthouse's Total Blocking Time); the browser finds the imports itself. The CSS of a
      // lazy chunk is still added. The app's own imports are announced in index.html (preloadTheApp).
      modulePreload: {
        resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
      },
      ssr: ssr ? fromRoot('./src/client/render/server-entry.tsx') : false,
      rolldownOptions: {
        input: ssr
          ? undefined
          : {
              app: fromRoot('./src/client/index.html'),
              landing: fromRoot('./src/client/landing.html'),
            },
        output: {
          // React changes far less often than app code: its own chunk stays cached across deploys.
          // Other libraries go with the (lazy) pages that use them.
          codeSplitting: {
            groups: [
              // Runs before zod is evaluated (see lib/zod-config.ts): no imports, its own chunk.
              { name: 'zod-config', test: /lib[\\/]zod-config/, priority: 3 },
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 2,
              },
            ],
          },
        },
      },
    },
    server: {
      // Everything the API server answers itself; links to these name this origin (scripts/dev.mjs).
      proxy: {
        '/api': apiTarget,
        '/objects': apiTarget,
        '/widget.js': apiTarget,
        '/embed': apiTarget,
        '/wix/widget': apiTarget,
        '/test-checkout': apiTarget,
        '/docs': apiTarget,
      },
    },
  };
});
