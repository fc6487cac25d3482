// Writes Brotli (.br, maximum quality) and gzip (.gz, level 9) copies next to
// every compressible file the server sends as it is: the built client
// (dist/client) and the widget's scripts (dist/widget). @fastify/static
// (`preCompressed: true`, plugins/client-app.ts) then sends the copy the
// browser accepts, so no answer is ever compressed on the fly.
//
// Run by `npm run build` after the vite builds, and by scripts/ensure-build.mjs
// on every `npm start`, so a fresh clone and a dist/ built before this script
// existed get them too. Incremental: a copy newer than its file is kept, so a
// run with nothing new costs a directory walk.
//
// Skipped: files under 1 KB (a request costs more than the bytes saved) and
// copies that are not smaller than the file. A copy left from an older build
// that is not rewritten is deleted, so a stale copy is never served.
//
//   node scripts/compress-assets.mjs [file or folder ...]   default: dist/client dist/widget
import { existsSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The same threshold as the server's compression of other answers (COMPRESSION_THRESHOLD_BYTES, src/server/plugins/compression.ts). */
export const MIN_COMPRESSED_FILE_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml|map|ico)$/i;

const root = path.join(import.meta.dirname, '..');
export const DEFAULT_TARGETS = [path.join(root, 'dist/client'), path.join(root, 'dist/widget')];

const encodings = [
  {
    suffix: '.br',
    compress: (bytes) =>
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: (bytes) => gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }) },
];

/** The compressible files under `target` (a file or a folder). */
function filesIn(target) {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return COMPRESSIBLE.test(target) ? [target] : [];
  return readdirSync(target, { withFileTypes: true }).flatMap((entry) =>
    filesIn(path.join(target, entry.name)),
  );
}

const removeIfPresent = (file) => existsSync(file) && unlinkSync(file);

/** True when every copy of `file` is newer than it: nothing to do. */
function upToDate(file, modified) {
  return encodings.every(({ suffix }) => {
    const copy = `${file}${suffix}`;
    // Strictly newer: on a file system with coarse times, an equal time may hide a rebuild.
    return existsSync(copy) && statSync(copy).mtimeMs > modified;
  });
}

async function compressFile(file) {
  const { size, mtimeMs } = statSync(file);
  if (size < MIN_COMPRESSED_FILE_BYTES) {
    encodings.forEach(({ suffix }) => removeIfPresent(`${file}${suffix}`));
    return 0;
  }
  if (upToDate(file, mtimeMs)) return 0;
  const bytes = await readFile(file);
  let written = 0;
  for (const { suffix, compress } of encodings) {
    const copy = `${file}${suffix}`;
    const compressed = await compress(bytes);
    if (compressed.length >= bytes.length) {
      removeIfPresent(copy);
      continue;
    }
    // Renamed into place, so a running server never sends a half-written copy.
    const partial = `${copy}.partial`;
    await writeFile(partial, compressed);
    renameSync(partial, copy);
    written += 1;
  }
  return written;
}

/** Compresses every compressible file under the targets; resolves to the number of copies written. */
export async function compressAssets(targets = DEFAULT_TARGETS) {
  const files = targets.flatMap(filesIn);
  // Together: zlib runs them on its thread pool, so every core helps.
  const counts = await Promise.all(files.map(compressFile));
  return counts.reduce((sum, count) => sum + count, 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const targets = process.argv.slice(2);
  const written = await compressAssets(
    targets.length > 0 ? targets.map((target) => path.resolve(target)) : undefined,
  );
  if (written > 0) console.log(`compress-assets: wrote ${written} compressed copies`);
}
