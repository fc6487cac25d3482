// The sync job (docs/product/integrations.md#review-sources, docs/decisions/0030-job-queue.md): each source plans its
// own next sync, every SYNC_INTERVAL_MS while it works and backing off while it fails, as one queued job whose payload
// names the time it was planned for. `nextSyncAt` on the source is the one plan in force: a job planned for another
// time (superseded by a Sync now, a reconnect, a disconnect) stands down. A revoked source plans nothing until the
// owner reconnects. One source's failure is recorded on that source alone: the job itself succeeds.
import { z } from 'zod';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';
import { googleAdapter } from '../../adapters/review-sources/google.js';
import {
  ReviewSourceError,
  type ReviewSourceAdapter,
} from '../../adapters/review-sources/source.js';
import { trustpilotAdapter } from '../../adapters/review-sources/trustpilot.js';
import type { ReviewSourceRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { defineJob } from '../../jobs/job.js';
import { enqueueJob, releaseDedupeKey } from '../../jobs/queue.js';
import { openCredentials } from './credentials.js';
import * as repository from './repository.js';
import { applyReviews } from './sync.js';

export const SYNC_INTERVAL_MS = 6 * HOUR_MS;
/** The wait after the first failure; it doubles with each failure in a row, up to the cap. */
const FIRST_BACKOFF_MS = 15 * MINUTE_MS;
export const MAX_BACKOFF_MS = 24 * HOUR_MS;

export const CREDENTIALS_UNREADABLE =
  'The saved access can no longer be read (the server’s secret changed). Please reconnect.';

/** The wait before the next try after `failures` failures in a row. */
export const backoffMs = (failures: number): number =>
  Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);

const payload = z.object({
  sourceId: z.uuid(),
  /** ISO 8601 of the nextSyncAt this job was planned for; null for Sync now. */
  plannedFor: z.string().nullable(),
});

/** Plans the source's next sync at `at`: the row's nextSyncAt and the job, in the caller's transaction. */
async function planSync(
  deps: Pick<Deps, 'db' | 'clock'>,
  source: Pick<ReviewSourceRow, 'id' | 'businessId'>,
  at: Date,
): Promise<void> {
  await repository.updateSource(deps.db, source.businessId, source.id, { nextSyncAt: at });
  const plannedFor = at.toISOString();
  await enqueueJob(
    deps.db,
    syncReviewSourceJob,
    { sourceId: source.id, plannedFor },
    deps.clock(),
    {
      runAt: at,
      dedupeKey: `review-source-sync:${source.id}:${plannedFor}`,
    },
  );
}

/** Sync now: one job at a time per source (pressing again while it waits adds nothing). */
export async function queueSyncNow(
  deps: Pick<Deps, 'db' | 'clock'>,
  sourceId: string,
): Promise<void> {
  await enqueueJob(deps.db, syncReviewSourceJob, { sourceId, plannedFor: null }, deps.clock(), {
    dedupeKey: `review-source-sync-now:${sourceId}`,
  });
}

function adapterOf(deps: Pick<Deps, 'config'>, source: ReviewSourceRow): ReviewSourceAdapter {
  const credentials = openCredentials(deps.config.sessionSecret, source.id, source.credentials);
  if (!credentials || credentials.kind !== source.kind) {
    throw new ReviewSourceError('revoked', CREDENTIALS_UNREADABLE);
  }
  const { config } = deps;
  if (credentials.kind === 'google') {
    if (!config.google) {
      throw new ReviewSourceError(
        'permanent',
        'Google is not set up on this server any more (GOOGLE_CLIENT_ID).',
      );
    }
    return googleAdapter(config, {
      refreshToken: credentials.refreshToken,
      locationName: source.googleLocationName ?? '',
    });
  }
  return trustpilotAdapter({
    baseUrl: config.reviewSourceUrls.trustpilot,
    businessUnitId: source.trustpilotBusinessUnitId ?? '',
    apiKey: credentials.apiKey,
    timeoutMs: config.reviewSourceUrls.timeoutMs,
  });
}

/** Whether the source can sync now: connected or failing, and (Google) with a location. */
const isSyncable = (source: ReviewSourceRow): boolean =>
  source.status !== 'reconnect' && (source.kind !== 'google' || Boolean(source.googleLocationName));

async function syncSource(deps: Deps, source: ReviewSourceRow): Promise<void> {
  const now = deps.clock();
  try {
    const reviews = await adapterOf(deps, source).listReviews(
      AbortSignal.timeout(deps.config.reviewSourceUrls.listingBudgetMs),
    );
    const counts = await applyReviews(deps, source, reviews);
    deps.log.info({ sourceId: source.id, ...counts }, 'review source synced');
    await deps.db.transaction(async (tx) => {
      await repository.updateSource(tx, source.businessId, source.id, {
        status: 'connected',
        lastSyncAt: now,
        lastError: null,
        consecutiveFailures: 0,
      });
      await planSync({ ...deps, db: tx }, source, new Date(now.getTime() + SYNC_INTERVAL_MS));
    });
  } catch (error) {
    if (!(error instanceof ReviewSourceError)) throw error;
    deps.log.warn({ sourceId: source.id, kind: error.kind }, `review source: ${error.message}`);
    if (error.kind === 'revoked') {
      await repository.updateSource(deps.db, source.businessId, source.id, {
        status: 'reconnect',
        lastError: error.message,
        nextSyncAt: null,
      });
      return;
    }
    const failures = source.consecutiveFailures + 1;
    await deps.db.transaction(async (tx) => {
      await repository.updateSource(tx, source.businessId, source.id, {
        status: 'failing',
        lastError: error.message,
        consecutiveFailures: failures,
      });
      await planSync({ ...deps, db: tx }, source, new Date(now.getTime() + backoffMs(failures)));
    });
  }
}

export const syncReviewSourceJob = defineJob({
  kind: 'review-sources.sync',
  payload,
  // Failures of the provider are handled in the job (the source backs off); these retries are for our own database.
  retryDelaysMs: [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS],
  run: async (deps, { sourceId, plannedFor }, job) => {
    // Sync now gives its key back at once, so a press during this run queues the next one.
    if (plannedFor === null) await releaseDedupeKey(deps.db, job.id);
    const source = await repository.findSourceById(deps.db, sourceId);
    if (!source) return; // Disconnected meanwhile.
    if (plannedFor !== null && source.nextSyncAt?.toISOString() !== plannedFor) return;
    if (!isSyncable(source)) return;
    await syncSource(deps, source);
  },
});
