// The visitor hash (docs/product/analytics.md#the-visitor-hash): who a visitor is, for one day, without a cookie
// and without keeping their address. sha256 of the day's random salt, the site (the page's origin), the client
// IP and the user agent, hex, cut to 32 characters. The salt is made per UTC day and stored in analytics_salts,
// so every server hashes a visitor alike; making a new day's salt deletes the older ones, so yesterday's hashes
// can no longer be recomputed from an address. Each server keeps the day's salt in memory.
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { utcDay } from './ingest-rules.js';
import * as repository from './ingest-repository.js';

export const VISITOR_HASH_LENGTH = 32;

export type VisitorIdentity = { site: string; ip: string; userAgent: string };

function visitorHash(salt: string, { site, ip, userAgent }: VisitorIdentity): string {
  return createHash('sha256')
    .update([salt, site, ip, userAgent].join('\n'))
    .digest('hex')
    .slice(0, VISITOR_HASH_LENGTH);
}

export class VisitorSalts {
  /** The salt of one UTC day, or the promise of it while it is being read or made. */
  private current: { day: string; salt: Promise<string> } | undefined;

  constructor(private readonly db: Executor) {}

  /** The salt of the UTC day of `now`, made the first time any server needs it that day. */
  saltOf(now: Date): Promise<string> {
    const day = utcDay(now);
    if (this.current?.day === day) return this.current.salt;
    const salt = this.load(day);
    this.current = { day, salt };
    // A failure is not kept: the next call tries again.
    salt.catch(() => {
      if (this.current?.salt === salt) this.current = undefined;
    });
    return salt;
  }

  /** The hash of a visitor on the UTC day of `now`. */
  async hashOf(now: Date, identity: VisitorIdentity): Promise<string> {
    return visitorHash(await this.saltOf(now), identity);
  }

  private async load(day: string): Promise<string> {
    const salt = await repository.saltOfDay(this.db, day, randomBytes(32).toString('hex'));
    await repository.deleteSaltsBefore(this.db, day);
    return salt;
  }
}
