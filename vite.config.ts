// The React client: root src/client, built to dist/client, which the Fastify
// server serves with a history fallback. In dev, server routes are proxied.
// Two pages: index.html (the single-page app, main.tsx) and landing.html (the
// landing page's own small bundle, landing.tsx). `vite build --mode ssr` builds
// src/client/render/server-entry.tsx into dist/render, self-contained, for the
// server to render the public pages with (src/server/plugins/public-pages.ts).
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig(({ mode }) => {
  const ssr = mode === 'ssr';
  return {
    root: fromRoot('./src/client'),
    publicDir: fromRoot('./src/client/public'),
    plugins: [react(), tailwindcss()],
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
      // hydration (Lighthouse's Total Blocking Time); the browser finds the imports itself. The HTML's own
      // links for the entry stay (the app shell), and so does the CSS of a lazy chunk.
      modulePreload: {
        resolveDependencies: (_file, deps, { hostType }) =>
          hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
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
      proxy: {
        '/api': apiTarget,
        '/objects': apiTarget,
        '/widget.js': apiTarget,
        '/embed': apiTarget,
      },
    },
  };
});
