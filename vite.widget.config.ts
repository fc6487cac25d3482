// The widget's scripts, each one self-contained, minified IIFE in dist/widget with no runtime dependencies:
// widget.js (the embeddable widget, served at /widget.js) by default, and with `--mode embed-count`
// embed-count.js (the no-script page's counting, served at /embed-count.js, src/widget/embed-count.ts), built
// after it into the same folder. Each is its own build: an IIFE cannot share a chunk with another.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const { version } = JSON.parse(readFileSync(fromRoot('./package.json'), 'utf8')) as {
  version: string;
};

export default defineConfig(({ mode }) => {
  const embedCount = mode === 'embed-count';
  return {
    publicDir: false,
    define: {
      __VOUCHLY_WIDGET_VERSION__: JSON.stringify(version),
    },
    build: {
      outDir: fromRoot('./dist/widget'),
      // widget.js's build starts the folder afresh; embed-count.js's, run after it, keeps widget.js.
      emptyOutDir: !embedCount,
      minify: true,
      sourcemap: false,
      target: 'es2020',
      copyPublicDir: false,
      rolldownOptions: {
        // ASCII only (★ becomes \u2605): the file decodes the same whatever charset the host page or server declares.
        output: { charset: 'ascii' },
      },
      lib: {
        entry: fromRoot(embedCount ? './src/widget/embed-count.ts' : './src/widget/main.ts'),
        formats: ['iife'],
        // Required by Vite for IIFE builds; the entries export nothing, so no global of this name is created.
        name: 'VouchlyWidgetBundle',
        fileName: () => (embedCount ? 'embed-count.js' : 'widget.js'),
      },
    },
  };
});
