import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import { serviceUnavailable } from '../../errors.js';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }), '5xx': apiErrorSchema } } },
    async (request) => {
      try {
        await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        throw serviceUnavailable('Database is not reachable');
      }
      return { status: 'ok' as const };
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
