import { cp, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createWorkerDatabase,
  testDatabase,
  usingPostgres,
} from '../testing/test-database.js';
import { openDatabase } from './client.js';
import { DEMO_HEADER_TEXT } from '../../shared/demo-widget.js';
import { beaconsOf } from '../modules/analytics/beacon-batches.js';
import { migrateDatabase, migrationsFolder } from './migrate.js';

const expectedTables = [
  'access_codes',
  'businesses',
  'collection_page_settings',
  'sessions',
  'testimonials',
  'users',
  'widget_settings',
  'wix_sites',
];

async function tablesOf(handle: Awaited<ReturnType<typeof testDatabase>>): Promise<string[]> {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

/** Keeps, in `folder` (a copy of the migrations), only those whose number `keep` accepts. */
async function keepMigrations(folder: string, keep: (number: string) => boolean): Promise<void> {
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => keep(entry.tag.slice(0, 4)));
  await writeFile(journalFile, JSON.stringify(journal));
}

/** A new database with the migrations before `tag` only (from a folder of their own), to test what `tag` does to older rows. */
async function databaseMigratedBefore(
  tag: string,
  label: string,
): Promise<{ handle: Awaited<ReturnType<typeof openDatabase>>; folder: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vouchly-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  await keepMigrations(folder, (number) => number < tag);
  const handle = usingPostgres()
    ? await openDatabase({
        kind: 'postgres',
        url: await createPostgresDatabase(label, { empty: true }),
      })
    : await openDatabase({ kind: 'pglite-client', client: await PGlite.create() });
  await migrateDatabase(handle, folder);
  return { handle, folder };
}

/** Applies the migrations of `folder` up to `tag`, itself included: what `tag` made, before later ones change it. */
async function migrateThrough(
  handle: Awaited<ReturnType<typeof openDatabase>>,
  folder: string,
  tag: string,
): Promise<void> {
  await cp(migrationsFolder, folder, { recursive: true });
  await keepMigrations(folder, (number) => number <= tag);
  await migrateDatabase(handle, folder);
}

/** A widget's beacon as 0021 makes it and 0023 moves it on: an impression, and a card's time on screen. */
const WIDGET_BEACON = {
  day: '2026-03-02',
  slug: 'shop',
  page: 'https://shop.example/',
  visitor: 'v1',
  events: [
    { type: 'impression' },
    { type: 'time', testimonialId: '00000000-0000-4000-8000-000000000033', ms: 1500 },
  ],
};

describe('migrations', () => {
  it('create every table of the spec', async () => {
    const tables = await tablesOf(await testDatabase());
    expect(tables).toEqual(expect.arrayContaining(expectedTables));
  });

  it('apply again as a no-op on an already migrated database', async () => {
    const handle = await createWorkerDatabase();
    await migrateDatabase(handle);
    await migrateDatabase(handle);
    expect(await tablesOf(handle)).toEqual(expect.arrayContaining(expectedTables));
    await handle.close();
  });

  it('cascade from a user to their business and from a business to its testimonials and settings', async () => {
    const { db } = await testDatabase();
    await db.execute(
      sql`insert into users (id, email, password) values ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x')`,
    );
    await db.execute(
      sql`insert into businesses (id, owner_id, name, collection_slug) values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Acme', 'acme-1')`,
    );
    await db.execute(
      sql`insert into testimonials (business_id, author_name, content, rating) values ('00000000-0000-4000-8000-000000000002', 'Ann', 'Lovely service', 5)`,
    );
    await db.execute(
      sql`insert into widget_settings (business_id) values ('00000000-0000-4000-8000-000000000002')`,
    );
    await db.execute(
      sql`insert into collection_page_settings (business_id) values ('00000000-0000-4000-8000-000000000002')`,
    );
    const defaults = await db.execute<{ status: string; tags: string[]; welcome_message: string }>(
      sql`select t.status, t.tags, c.welcome_message from testimonials t join collection_page_settings c using (business_id)`,
    );
    expect(defaults.rows[0]).toEqual({
      status: 'pending',
      tags: [],
      welcome_message: 'Share your experience with us!',
    });

    await db.execute(sql`delete from users`);
    for (const table of [
      'businesses',
      'testimonials',
      'widget_settings',
      'collection_page_settings',
    ]) {
      const count = await db.execute<{ n: number }>(
        sql.raw(`select count(*)::int as n from ${table}`),
      );
      expect(count.rows[0]?.n).toBe(0);
    }
  });

  it.runIf(usingPostgres())(
    'run longer than a request may wait (PostgreSQL: no pool timeouts on the migration connection)',
    async () => {
      // pg-pool.ts cuts a statement at 4 s and a query at 5 s; this migration takes 6 s. Dated after
      // every real migration (drizzle applies only those newer than the last one applied).
      const folder = await mkdtemp(path.join(tmpdir(), 'vouchly-migrations-'));
      await mkdir(path.join(folder, 'meta'));
      await writeFile(path.join(folder, '0000_slow.sql'), 'select pg_sleep(6);');
      await writeFile(
        path.join(folder, 'meta', '_journal.json'),
        JSON.stringify({
          version: '7',
          dialect: 'postgresql',
          entries: [
            { idx: 0, version: '7', when: 4_102_444_800_000, tag: '0000_slow', breakpoints: true },
          ],
        }),
      );
      const handle = await createWorkerDatabase();
      try {
        await migrateDatabase(handle, folder);
        const applied = await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations where created_at = 4102444800000`,
        );
        expect(applied.rows[0]?.n).toBe(1);
      } finally {
        await handle.close();
        await rm(folder, { recursive: true, force: true });
      }
    },
    20_000,
  );

  it.runIf(usingPostgres())(
    'apply once when several servers start together on an empty database (PostgreSQL)',
    async () => {
      const url = await createPostgresDatabase('together', { empty: true });
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })),
      );
      try {
        await Promise.all(handles.map((handle) => migrateDatabase(handle)));
        expect(await tablesOf(handles[0]!)).toEqual(expect.arrayContaining(expectedTables));
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    },
    30_000,
  );

  it('0005 keeps the reset links sent before it: an unexpired one moves to password_reset_tokens', async () => {
    const { handle, folder } = await databaseMigratedBefore('0005', 'reset_links');
    try {
      await handle.db
        .execute(sql`insert into users (id, email, password, reset_token, reset_token_expiry) values
        ('00000000-0000-4000-8000-000000000011', 'waiting@example.com', 'x', 'hash-of-a-waiting-link', now() + interval '30 minutes'),
        ('00000000-0000-4000-8000-000000000012', 'expired@example.com', 'x', 'hash-of-an-expired-link', now() - interval '1 minute')`);
      await migrateDatabase(handle);
      const moved = await handle.db.execute<{ token_hash: string; user_id: string }>(
        sql`select token_hash, user_id from password_reset_tokens`,
      );
      expect(moved.rows).toEqual([
        { token_hash: 'hash-of-a-waiting-link', user_id: '00000000-0000-4000-8000-000000000011' },
      ]);
    } finally {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
  it('0012 turns the old demo header into the "Example" label, and leaves any other header alone', async () => {
    const { handle, folder } = await databaseMigratedBefore('0012', 'demo_header');
    try {
      await handle.db.execute(sql`insert into users (id, email, password) values
        ('00000000-0000-4000-8000-000000000021', 'demo@example.com', 'x'),
        ('00000000-0000-4000-8000-000000000022', 'shop@example.com', 'x')`);
      await handle.db
        .execute(sql`insert into businesses (id, owner_id, name, collection_slug) values
        ('00000000-0000-4000-8000-000000000023', '00000000-0000-4000-8000-000000000021', 'Demo', 'demo'),
        ('00000000-0000-4000-8000-000000000024', '00000000-0000-4000-8000-000000000022', 'Shop', 'shop')`);
      await handle.db.execute(sql`insert into widget_settings (business_id, header_text) values
        ('00000000-0000-4000-8000-000000000023', 'Example testimonials: replace them with your own'),
        ('00000000-0000-4000-8000-000000000024', 'Example testimonials from our shop')`);
      await migrateDatabase(handle);
      const headers = await handle.db.execute<{ header_text: string }>(
        sql`select header_text from widget_settings order by business_id`,
      );
      expect(headers.rows.map((row) => row.header_text)).toEqual([
        DEMO_HEADER_TEXT,
        'Example testimonials from our shop',
      ]);
    } finally {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);

  it('0021 keeps the raw events of the last 30 days, one row per beacon', async () => {
    const { handle, folder } = await databaseMigratedBefore('0021', 'analytics_beacons');
    try {
      await handle.db.execute(sql`insert into users (id, email, password) values
        ('00000000-0000-4000-8000-000000000031', 'shop@example.com', 'x')`);
      await handle.db
        .execute(sql`insert into businesses (id, owner_id, name, collection_slug) values
        ('00000000-0000-4000-8000-000000000032', '00000000-0000-4000-8000-000000000031', 'Shop', 'shop')`);
      // Two beacons of one visitor (one widget's, one the form's) and the server's count of a submission.
      await handle.db
        .execute(sql`insert into analytics_events (business_id, occurred_at, day, type, widget, page, testimonial_id, action, source, ms, visitor) values
        ('00000000-0000-4000-8000-000000000032', '2026-03-02T10:00:00Z', '2026-03-02', 'impression', 'shop', 'https://shop.example/', null, null, null, null, 'v1'),
        ('00000000-0000-4000-8000-000000000032', '2026-03-02T10:00:00Z', '2026-03-02', 'time', 'shop', 'https://shop.example/', '00000000-0000-4000-8000-000000000033', null, null, 1500, 'v1'),
        ('00000000-0000-4000-8000-000000000032', '2026-03-02T10:05:00Z', '2026-03-02', 'form_view', null, 'https://app.example/submit/shop', null, null, 'qr', null, 'v1'),
        ('00000000-0000-4000-8000-000000000032', '2026-03-02T10:06:00Z', '2026-03-02', 'submission', null, null, null, null, null, null, null)`);
      // 0023 moves these rows on (tested below).
      await migrateThrough(handle, folder, '0021');
      const beacons = await handle.db.execute(
        sql`select received_at::text as received_at, day::text as day, slug, page, visitor, events from analytics_beacons order by received_at`,
      );
      expect(beacons.rows).toEqual([
        {
          received_at: '2026-03-02 10:00:00+00',
          ...WIDGET_BEACON,
        },
        {
          received_at: '2026-03-02 10:05:00+00',
          day: '2026-03-02',
          slug: null,
          page: 'https://app.example/submit/shop',
          visitor: 'v1',
          events: [{ type: 'form_view', source: 'qr' }],
        },
        {
          received_at: '2026-03-02 10:06:00+00',
          day: '2026-03-02',
          slug: null,
          page: null,
          visitor: null,
          events: [{ type: 'submission' }],
        },
      ]);
    } finally {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);

  it('0023 moves the raw beacons into batches per business and hour of at most a thousand, as they were', async () => {
    const { handle, folder } = await databaseMigratedBefore('0023', 'analytics_batches');
    const business = '00000000-0000-4000-8000-000000000042';
    try {
      await handle.db.execute(sql`insert into users (id, email, password) values
        ('00000000-0000-4000-8000-000000000041', 'shop@example.com', 'x')`);
      await handle.db
        .execute(sql`insert into businesses (id, owner_id, name, collection_slug) values
        (${business}, '00000000-0000-4000-8000-000000000041', 'Shop', 'shop')`);
      await handle.db
        .execute(sql`insert into analytics_beacons (business_id, received_at, day, slug, page, visitor, events) values
        (${business}, '2026-03-02T10:00:00Z', ${WIDGET_BEACON.day}, ${WIDGET_BEACON.slug}, ${WIDGET_BEACON.page}, ${WIDGET_BEACON.visitor}, ${JSON.stringify(WIDGET_BEACON.events)}::jsonb),
        (${business}, '2026-03-02T10:06:00Z', '2026-03-02', null, null, null, '[{"type":"submission"}]')`);
      // A thousand more: the batches stop at a thousand beacons.
      await handle.db
        .execute(sql`insert into analytics_beacons (business_id, received_at, day, slug, page, visitor, events)
        select ${business}, '2026-03-03T09:00:00Z', '2026-03-03', 'shop', 'https://shop.example/p/' || n, 'v' || n, '[{"type":"impression"}]'
        from generate_series(1, 1000) as n`);
      await migrateDatabase(handle);

      expect(await tablesOf(handle)).not.toContain('analytics_beacons');
      const batches = await handle.db.execute<{
        received_at: string;
        beacons: number;
        events: number;
        encoding: 'gzip' | 'identity';
        data: Uint8Array;
      }>(
        sql`select received_at::text as received_at, beacons, events, encoding, data from analytics_beacon_batches order by received_at, events desc`,
      );
      expect(batches.rows.map(({ data: _, ...batch }) => batch)).toEqual([
        { received_at: '2026-03-02 10:06:00+00', beacons: 2, events: 3, encoding: 'identity' },
        { received_at: '2026-03-03 09:00:00+00', beacons: 997, events: 997, encoding: 'identity' },
        { received_at: '2026-03-03 09:00:00+00', beacons: 3, events: 3, encoding: 'identity' },
      ]);
      const stored = batches.rows.flatMap(beaconsOf);
      expect(stored).toHaveLength(1002);
      expect(stored.slice(0, 2)).toEqual([
        {
          receivedAt: new Date('2026-03-02T10:00:00Z'),
          ...WIDGET_BEACON,
        },
        {
          receivedAt: new Date('2026-03-02T10:06:00Z'),
          day: '2026-03-02',
          slug: null,
          page: null,
          visitor: null,
          events: [{ type: 'submission' }],
        },
      ]);
      expect(stored.at(-1)).toMatchObject({
        page: 'https://shop.example/p/1000',
        visitor: 'v1000',
      });
    } finally {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
