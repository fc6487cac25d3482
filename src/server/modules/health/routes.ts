// GET /api/health (shared/contracts/business.ts): 200 once the database
// answers, 503 when it does not within two seconds. In the public scope:
// no cookie is read or set.
import type { FastifyPluginAsync } from 'fastify';
import { health } from '../../../shared/contracts/business.js';
import { serviceUnavailable } from '../../errors.js';
import { route } from '../../plugins/contract-route.js';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, health, async ({ request }) => {
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database did not answer');
      throw serviceUnavailable('Database is not reachable');
    }
    return { status: 'ok' as const };
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
