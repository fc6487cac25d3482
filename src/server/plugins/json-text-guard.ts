// PostgreSQL cannot store U+0000 or text that is not valid Unicode (a lone
// surrogate, which JSON's \uXXXX escapes can carry), so a request carrying
// either anywhere is refused up front with a 400, for every route at once,
// instead of failing later as a 5xx (docs/security.md rule 17).
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export const INVALID_CHARACTER_MESSAGE = 'Text contains an invalid character';

const isStorableText = (text: string): boolean => !text.includes('\u0000') && text.isWellFormed();

/** True when a string anywhere in `value` (its keys too) holds what PostgreSQL cannot store. */
export function containsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  // A raw body (the payment webhook) is bytes, checked by its own route.
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) return value.some((item) => containsUnstorableText(item, depth + 1));
  // A loop over own keys, not Object.entries: every request runs this on its params and query, and most are tiny.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (!isStorableText(key) || containsUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

export function registerJsonTextGuard(app: FastifyInstance): void {
  // Callback style: every request runs it, so no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const refused =
      containsUnstorableText(request.body) ||
      containsUnstorableText(request.query) ||
      containsUnstorableText(request.params);
    done(refused ? badRequest(INVALID_CHARACTER_MESSAGE) : undefined);
  });
}
