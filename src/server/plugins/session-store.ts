// The @fastify/session store on the `sessions` table (docs/security.md rule 2).
// - `expire` is the idle deadline (rolled forward on every save), capped by the
//   absolute deadline counted from the login time kept in the session. Both are
//   measured on the store's `now` (the app clock), never on the cookie's expiry,
//   which @fastify/session computes from the system time.
// - A session read from the table is only ever UPDATEd afterwards, never
//   re-inserted: a request still in flight while its session is deleted
//   (logout, password reset, password change elsewhere) cannot bring it back.
import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** When the user signed in (ms since epoch); drives the absolute timeout. */
    loginAt?: number;
    /** Set on sessions loaded from the table; never stored. */
    fromStore?: true;
  }
}

export type SessionLifetimes = {
  idleMs: number;
  absoluteMs: number;
  /** The time deadlines are measured against; default: the system clock. Tests move it. */
  now?: () => Date;
};

type Callback = (error?: unknown) => void;
type GetCallback = (error: unknown, session?: Session | null) => void;

export class DrizzleSessionStore implements SessionStore {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly lifetimes: SessionLifetimes,
  ) {
    this.now = lifetimes.now ?? (() => new Date());
  }

  set(sid: string, session: Session, callback: Callback): void {
    this.save(sid, session).then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    this.load(sid).then((session) => callback(null, session), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  /** Deletes every expired row; returns how many. */
  async prune(now = this.now()): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(lte(sessions.expire, now))
      .returning({ sid: sessions.sid });
    return removed.length;
  }

  private async save(sid: string, session: Session): Promise<void> {
    // JSON round trip: drops the Session's symbol-keyed internals and turns the cookie into plain data.
    const { fromStore, ...data } = JSON.parse(JSON.stringify(session)) as Session;
    const expire = this.expiryOf(data);
    if (fromStore) {
      await this.db.update(sessions).set({ sess: data, expire }).where(eq(sessions.sid, sid));
      return;
    }
    await this.db
      .insert(sessions)
      .values({ sid, sess: data, expire })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expire } });
  }

  private async load(sid: string): Promise<Session | null> {
    const now = this.now();
    const [row] = await this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)))
      .limit(1);
    if (!row) return null;
    const session = row.sess as Session;
    if (
      typeof session.loginAt === 'number' &&
      session.loginAt + this.lifetimes.absoluteMs <= now.getTime()
    ) {
      await this.db.delete(sessions).where(eq(sessions.sid, sid));
      return null;
    }
    return { ...session, fromStore: true };
  }

  private expiryOf(data: Session): Date {
    let expire = this.now().getTime() + this.lifetimes.idleMs;
    if (typeof data.loginAt === 'number') {
      expire = Math.min(expire, data.loginAt + this.lifetimes.absoluteMs);
    }
    return new Date(expire);
  }
}
