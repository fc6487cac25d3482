// "Something the public widget shows has changed", told to every server on
// the database (decision 0016), in three kinds:
// - invalidateWidget(db, businessId): services call it after their change has
//   committed (testimonial status, edits, deletes and images; widget
//   settings; business name and logo);
// - businessSlugCreated(tx, slug): inside the transaction that gives a
//   business its slug, so an unknown slug remembered by any server's cache is
//   forgotten once the commit's notice arrives (slugs never change today; a
//   future rename must call it too);
// - wixSiteChanged(db, wixSiteId): a Wix site was linked or unlinked, so the
//   business GET /wix/widget shows for it changed (or it became unknown).
// Each is a pg_notify on PUBLIC_CHANGES_CHANNEL, which every app hears through
// its DatabaseHandle's listen(). For the first and last kinds, the app whose
// Drizzle handle made the change also hears it synchronously, before the call returns, so its own next
// request never sees the old copy (a NOTIFY comes back through another
// connection a little later). That part is keyed on the Drizzle handle, not
// the process: two apps in one process on two handles behave like two servers.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';

export const PUBLIC_CHANGES_CHANNEL = 'vouchly_public_changes';

const publicChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('business'), id: z.string() }),
  z.object({ kind: z.literal('slug'), slug: z.string() }),
  z.object({ kind: z.literal('wix-site'), id: z.string() }),
]);

export type PublicChange = z.infer<typeof publicChangeSchema>;

export type PublicChangeWatcher = {
  onChange: (change: PublicChange) => void;
  /** Changes may have been missed (the listening connection was lost): forget everything. */
  onMissed: () => void;
  /** Where a failed announcement is reported. */
  warn: (error: unknown, message: string) => void;
};

const watchersByHandle = new WeakMap<object, Set<PublicChangeWatcher>>();

function parseChange(payload: string): PublicChange | null {
  try {
    const parsed = publicChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Calls the watcher for every change any server announces on this database; the answer stops it. */
export async function watchPublicChanges(
  database: DatabaseHandle,
  watcher: PublicChangeWatcher,
): Promise<() => Promise<void>> {
  const stopListening = await database.listen(PUBLIC_CHANGES_CHANNEL, {
    onNotification: (payload) => {
      const change = parseChange(payload);
      if (change) watcher.onChange(change);
    },
    onMissed: () => watcher.onMissed(),
  });
  let own = watchersByHandle.get(database.db);
  if (!own) watchersByHandle.set(database.db, (own = new Set()));
  own.add(watcher);
  return async () => {
    own.delete(watcher);
    await stopListening();
  };
}

function notifyLocally(db: Executor, change: PublicChange): Set<PublicChangeWatcher> | undefined {
  const local = watchersByHandle.get(db);
  for (const watcher of local ?? []) {
    try {
      watcher.onChange(change);
    } catch {
      // A watcher must not fail a change that has already committed.
    }
  }
  return local;
}

const notify = (db: Executor, change: PublicChange) =>
  db.execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, ${JSON.stringify(change)})`);

/** After a commit: never throws, since the change stands whatever happens here; a failure is logged. */
async function announce(db: Executor, change: PublicChange): Promise<void> {
  const local = notifyLocally(db, change);
  try {
    await notify(db, change);
  } catch (error) {
    const message =
      'could not tell the other servers about a public widget change; they see it when their copy expires';
    const [watcher] = local ?? [];
    if (watcher) watcher.warn(error, message);
    else console.warn(message, error);
  }
}

/** Drops every cached public widget of the business, on every server. Call after the change has committed. */
export const invalidateWidget = (db: Executor, businessId: string): Promise<void> =>
  announce(db, { kind: 'business', id: businessId });

/** Forgets, on every server, what it remembers about the Wix site. Call after the change has committed. */
export const wixSiteChanged = (db: Executor, wixSiteId: string): Promise<void> =>
  announce(db, { kind: 'wix-site', id: wixSiteId });

/**
 * Inside the transaction that gives a business `slug`: every server, this one
 * included, hears it through its LISTEN connection at the commit (nothing if
 * it rolls back). A failure fails the transaction: swallowing it would leave
 * PostgreSQL's transaction aborted and its COMMIT a silent rollback. Should the
 * notice come late (that connection reconnecting), a remembered miss lasts at
 * most PUBLIC_WIDGET_MISS_TTL_MS (public-cache.ts).
 */
export async function businessSlugCreated(tx: Executor, slug: string): Promise<void> {
  await notify(tx, { kind: 'slug', slug });
}
