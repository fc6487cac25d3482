// The cursor of a keyset-paged list (API v1 testimonials, requests): the last row's position, its time as
// PostgreSQL's own text (microseconds kept) and its id, opaque to callers. A cursor that is not ours is a 400.
import { z } from 'zod';
import { validationFailed } from './errors.js';

type Cursor<TimeField extends string> = { [Field in TimeField]: string } & { id: string };

export function keysetCursor<TimeField extends string>(timeField: TimeField) {
  const schema = z.object({ [timeField]: z.string().min(1).max(64), id: z.guid() });
  return {
    encode: (cursor: Cursor<TimeField>): string =>
      Buffer.from(JSON.stringify(cursor)).toString('base64url'),
    decode(cursor: string | undefined): Cursor<TimeField> | null {
      if (cursor === undefined) return null;
      try {
        const decoded = schema.parse(
          JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
        ) as Cursor<TimeField>;
        if (Number.isNaN(Date.parse(decoded[timeField]))) throw new Error('not a time');
        return decoded;
      } catch {
        throw validationFailed([{ path: 'cursor', message: 'Invalid cursor' }]);
      }
    },
  };
}
