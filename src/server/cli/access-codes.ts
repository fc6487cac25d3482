// `npm run access-codes -- create --count N`: mints N new access codes (docs/product/billing.md#access-codes), stores them and prints them, one per line, for an operator to
// hand out. Reads the same configuration as the server (DATA_DIR or
// DATABASE_URL). With the embedded database the server must be stopped first:
// PGlite allows one process at a time (db/pglite-lock.ts), and this says so.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { databaseTarget, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { DatabaseInUseError } from '../db/pglite-lock.js';
import { addAccessCodes } from '../modules/billing/service.js';

const USAGE = 'Usage: npm run access-codes -- create --count N   (N from 1 to 1000; default 1)';
// No 0/O or 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** VCH-XXXX-XXXX-XXXX: 12 characters of a 31-letter alphabet, about 59 bits. */
function generateAccessCode(): string {
  const group = () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `VCH-${group()}-${group()}-${group()}`;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { count: { type: 'string', short: 'n', default: '1' } },
  });
  if (positionals[0] !== 'create' || positionals.length !== 1) fail(USAGE);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 1000) fail(USAGE);

  let database;
  try {
    const config = loadConfig();
    database = await openDatabase(databaseTarget(config));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseInUseError) fail(error.message);
    throw error;
  }
  try {
    await migrateDatabase(database);
    const codes = Array.from({ length: count }, generateAccessCode);
    const added = await addAccessCodes({ db: database.db }, codes);
    // A collision of 59-bit codes is next to impossible; say so rather than print a code that does not work.
    if (added !== codes.length)
      fail('Some generated codes existed already; nothing printed. Run the command again.');
    process.stdout.write(`${codes.join('\n')}\n`);
    process.stderr.write(`${count} new access code(s) stored. Each works once.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
