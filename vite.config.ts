// The React client: root src/client, built to dist/client, which the Fastify
// server serves with a history fallback. In dev, server routes are proxied.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    // react-router's package exports point at its development build; use the production one.
    alias: [
      { find: /^react-router\/dom$/, replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs') },
      { find: /^react-router$/, replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs') },
    ],
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React changes far less often than app code: its own chunk stays cached across deploys.
        // Other libraries go with the (lazy) pages that use them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
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
});
