// The one error handler: every failure leaves as `{ error: { code, message, details? } }`.
// 5xx details never reach the client; they are logged with the request id.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeForStatus, isDatabaseUnavailable } from '../errors.js';

export type ErrorBody = { error: { code: string; message: string; details?: unknown } };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    let status: number;
    let body: ErrorBody;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      status = 400;
      body = {
        error: {
          code: 'VALIDATION_ERROR',
          message: first?.message ?? 'Invalid request',
          details: error.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: issue.message,
          })),
        },
      };
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: { code: error.code, message: error.message } };
      if (error.details !== undefined) body.error.details = error.details;
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' } };
    } else {
      const fastifyStatus = (error as FastifyError).statusCode;
      status = fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 600 ? fastifyStatus : 500;
      body = {
        error: {
          code: codeForStatus(status),
          message: status >= 500 ? 'Internal server error' : error.message,
        },
      };
    }

    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
    }
    if (status === 429 || status === 503) {
      const retryAfter = reply.getHeader('retry-after');
      if (!retryAfter && status === 503) reply.header('retry-after', '5');
    }
    void reply.status(status).send(body);
  });
}
