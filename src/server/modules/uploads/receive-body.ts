// The body of an upload PUT: read as it streams in and refused with 413 the
// moment it passes 5 MB (or at once when Content-Length says it will), so no
// more than the cap is ever held in memory. Fastify closes the connection
// after a parser error, so the client stops sending.
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import { payloadTooLarge } from './images.js';

type Done = (error: Error | null, body?: Buffer) => void;

export function receiveCappedBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: Done,
): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
    done(payloadTooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;

  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    // The rest of an oversized body is read and dropped until the connection closes.
    if (error) payload.on('error', () => {});
    done(error, body);
  };
  const onData = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += buffer.length;
    if (received > MAX_IMAGE_BYTES) {
      chunks.length = 0;
      finish(payloadTooLarge());
      return;
    }
    chunks.push(buffer);
  };
  const onEnd = () => finish(null, Buffer.concat(chunks, received));
  const onError = (error: Error) => finish(error);

  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}
