// The database handle's one departure from its drivers' defaults (client.ts `sendTextBytesAsBinary`): a text
// parameter may be given as UTF-8 bytes, which both databases receive as the same text as the string would be.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testDatabase } from '../testing/test-database.js';

const TEXT = 'Zoë’s café — 東京 😀 "quoted" \\ back';

it('takes a text parameter given as UTF-8 bytes as that text, and a string as before', async () => {
  const { db } = await testDatabase();
  const bytes = new TextEncoder().encode(TEXT);
  const result = await db.execute<{ from_bytes: string; from_string: string; json: unknown }>(
    sql`select ${bytes}::text as from_bytes, ${TEXT}::text as from_string,
      ${new TextEncoder().encode(JSON.stringify([{ text: TEXT }]))}::text::jsonb as json`,
  );
  expect(result.rows).toEqual([{ from_bytes: TEXT, from_string: TEXT, json: [{ text: TEXT }] }]);
});
