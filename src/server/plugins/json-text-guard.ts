// PostgreSQL cannot store U+0000 in text, so a JSON body carrying it anywhere
// is refused up front with a 400, for every route at once, instead of
// failing later as a 5xx (SECURITY.md §17).
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export const INVALID_CHARACTER_MESSAGE = 'Text contains an invalid character';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export function registerJsonTextGuard(app: FastifyInstance): void {
  // Callback style: every request runs it, so no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = containsNul(request.body) || containsNul(request.query) || containsNul(request.params);
    done(refused ? badRequest(INVALID_CHARACTER_MESSAGE) : undefined);
  });
}
