// The visitor hash and its daily salt, on the worker's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/time.js';
import { analyticsSalts } from '../../db/schema.js';
import { testDatabase } from '../../testing/test-database.js';
import { VISITOR_HASH_LENGTH, VisitorSalts, type VisitorIdentity } from './visitor-hash.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visitor: VisitorIdentity = {
  site: 'https://shop.example',
  ip: '203.0.113.7',
  userAgent: CHROME,
};
const MONDAY = new Date('2026-03-02T08:00:00Z');
const later = (ms: number) => new Date(MONDAY.getTime() + ms);

describe('visitor hash', () => {
  it('is the same for the same visitor all day, 32 hex digits', async () => {
    const { db } = await testDatabase();
    const salts = new VisitorSalts(db);
    const morning = await salts.hashOf(MONDAY, visitor);
    expect(morning).toMatch(new RegExp(`^[0-9a-f]{${VISITOR_HASH_LENGTH}}$`));
    expect(await salts.hashOf(new Date('2026-03-02T23:59:59Z'), visitor)).toBe(morning);
  });

  it('is the same on every server: the day has one salt', async () => {
    const { db } = await testDatabase();
    const [one, two] = await Promise.all([
      new VisitorSalts(db).hashOf(MONDAY, visitor),
      new VisitorSalts(db).hashOf(MONDAY, visitor),
    ]);
    expect(two).toBe(one);
    expect(await db.select().from(analyticsSalts)).toHaveLength(1);
  });

  it('differs for another address, browser or site', async () => {
    const { db } = await testDatabase();
    const salts = new VisitorSalts(db);
    const hash = await salts.hashOf(MONDAY, visitor);
    const others = await Promise.all([
      salts.hashOf(MONDAY, { ...visitor, ip: '203.0.113.8' }),
      salts.hashOf(MONDAY, { ...visitor, userAgent: `${CHROME} Edg/131.0.0.0` }),
      salts.hashOf(MONDAY, { ...visitor, site: 'https://other.example' }),
    ]);
    expect(new Set([hash, ...others]).size).toBe(4);
  });

  it('changes the next day, and the old salt is gone', async () => {
    const { db } = await testDatabase();
    const salts = new VisitorSalts(db);
    const monday = await salts.hashOf(MONDAY, visitor);
    const [mondaySalt] = await db.select().from(analyticsSalts);
    expect(mondaySalt?.day).toBe('2026-03-02');

    const tuesday = await salts.hashOf(later(DAY_MS), visitor);
    expect(tuesday).not.toBe(monday);
    const stored = await db.select().from(analyticsSalts);
    expect(stored.map((row) => row.day)).toEqual(['2026-03-03']);
    expect(stored[0]?.salt).not.toBe(mondaySalt?.salt);
    // Another server that still held Monday's salt in memory cannot bring it back for Tuesday.
    expect(await new VisitorSalts(db).hashOf(later(DAY_MS), visitor)).toBe(tuesday);
  });
});
