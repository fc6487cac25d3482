// The one error handler: every failure leaves as `{ error: { code, message, details? } }`.
// It is set on the root before the public and session scopes are registered,
// so both inherit it, and so does the not-found handler (plugins/client-app.ts),
// which throws notFound() like any route. 5xx details never reach the client;
// they are logged with the request id. A client that hung up is not a fault
// and is logged at debug (docs/security.md rule 25).
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError as ErrorBody } from '../../shared/schemas/api-error.js';
import {
  AppError,
  codeForStatus,
  isDatabaseUnavailable,
  requestTimedOut,
  serviceUnavailable,
  validationFailed,
} from '../errors.js';

/** What a failure means to the client: the one place where errors become statuses and codes. */
function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationFailed(
      error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      })),
    );
  }
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  const fastifyStatus = (error as FastifyError).statusCode;
  const status = fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 600 ? fastifyStatus : 500;
  return new AppError(
    status,
    codeForStatus(status),
    status >= 500 ? 'Internal server error' : error.message,
  );
}

// What reading a request from, or answering, a client that hung up fails with.
const hangUpCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** The client closed its connection before the answer, and that is what failed (not the database, not a bug). */
function isClientHangUp(error: Error, request: FastifyRequest): boolean {
  const { code } = error as { code?: unknown };
  // Node sets the socket to null once the request is done with it.
  const socket = request.raw.socket as typeof request.raw.socket | null;
  return socket?.destroyed === true && typeof code === 'string' && hangUpCodes.has(code);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (isClientHangUp(error, request)) {
      request.log.debug(
        { err: error, reqId: request.id },
        'client closed the connection before the answer',
      );
      // Nobody reads it; sent so the request ends like any other.
      void reply
        .status(400)
        .send({ error: { code: 'BAD_REQUEST', message: 'The request was not received in full' } });
      return;
    }
    const { statusCode: status, code, message, details } = toAppError(error);
    const body: ErrorBody = { error: { code, message } };
    if (details !== undefined) body.error.details = details;

    // Faults (a bug, the database away) are errors; a 5xx a service chose to answer
    // (storage full, the payment provider away) is expected and only worth a warning.
    if (status >= 500 && error instanceof AppError) {
      request.log.warn({ code, reqId: request.id }, 'request refused');
    } else if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
    }
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (status === 503 && !reply.getHeader('retry-after')) reply.header('retry-after', '5');
    void reply.status(status).send(body);
  });
}

/** What a request Node's HTTP parser refused means to the client (Node's error codes). */
function clientErrorOf(code: string | undefined): AppError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimedOut();
  if (code === 'HPE_HEADER_OVERFLOW')
    return new AppError(431, 'HEADERS_TOO_LARGE', 'The request headers are too large.');
  return new AppError(400, 'BAD_REQUEST', 'The request is malformed.');
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (not
 * HTTP, a body with both Content-Length and Transfer-Encoding, a broken
 * chunk, headers too large or not complete in time) never reaches Fastify,
 * so it is answered here, straight on the socket, in the one error shape, and
 * the connection is closed.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  // A client that hung up (or ended its side in the middle of a request) is owed nothing.
  if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE' || socket.destroyed) {
    socket.destroy();
    return;
  }
  this.log.debug({ err: error }, 'refused a request the HTTP parser could not read');
  // As Node does: never write into an answer already under way on this socket.
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && answering?.headersSent !== true) {
    const { statusCode, code, message } = clientErrorOf(error.code);
    const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'x-content-type-options: nosniff\r\n' +
        'cache-control: no-store\r\n' +
        `connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
