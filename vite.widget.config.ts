// The embeddable widget: one self-contained, minified IIFE file at
// dist/widget/widget.js with no runtime dependencies (served at /widget.js).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const { version } = JSON.parse(readFileSync(fromRoot('./package.json'), 'utf8')) as {
  version: string;
};

export default defineConfig({
  publicDir: false,
  define: {
    __VOUCHLY_WIDGET_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: fromRoot('./dist/widget'),
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    target: 'es2020',
    copyPublicDir: false,
    rolldownOptions: {
      // ASCII only (★ becomes \u2605): the file decodes the same whatever charset the host page or server declares.
      output: { charset: 'ascii' },
    },
    lib: {
      entry: fromRoot('./src/widget/main.ts'),
      formats: ['iife'],
      // Required by Vite for IIFE builds; main.ts exports nothing, so no global of this name is created.
      name: 'VouchlyWidgetBundle',
      fileName: () => 'widget.js',
    },
  },
});
