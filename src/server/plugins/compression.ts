// Compresses answers made per request (JSON, HTML) of 1 KB and more, with
// @fastify/compress on the root, so both scopes of app.ts have it.
// - br, else gzip, as Accept-Encoding allows; Brotli at quality 5: about
//   0.1 ms for 10 KB, where the maximum (11) takes 15 ms.
// - An answer that already has a Content-Encoding is sent as it is: the
//   built files' copies (sent by @fastify/static, plugins/client-app.ts), and
//   bodies compressed once (plugins/compressed-body.ts: the rendered pages,
//   the public widget's cache). skipDynamicCompression(request) keeps it off
//   bytes sent as they were prepared without one: the original of a
//   compressed body, sent when nothing else is accepted or smaller, and a
//   built file too small to have copies. A built file that should have copies
//   but has none (a build run without scripts/compress-assets.mjs) is still
//   compressed on the way out. Routes that only ever answer with prepared
//   bytes say `compress: false`, so they skip its hooks too.
// - Request bodies are never decompressed: the upload PUT stores the bytes it
//   gets, the payment webhook checks the signature of the bytes it gets, and a
//   small compressed body could otherwise unpack into a large one.
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const DYNAMIC_BROTLI_QUALITY = 5;
/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}

/** This answer goes out as it was prepared: @fastify/compress's documented switch (the x-no-compression request header). */
export function skipDynamicCompression(request: FastifyRequest): void {
  request.raw.headers['x-no-compression'] = 'prepared';
}
