// Bursts of public submissions to one form (docs/decisions/0022). A form that
// takes BURST_RULES.threshold submissions within BURST_RULES.windowMs is under
// a burst until BURST_RULES.quietMs pass without one: meanwhile it takes a
// testimonial only with a solved browser check (browser-check.ts), instead of
// shutting every customer out with 429 as a shared per-form limit did. The
// burst's rows, those that started it included, carry its id, so the owner can
// delete the ones still pending in one action (modules/testimonials). Counted
// from the database, so every server sees the same bursts.
import type { Database } from '../../db/client.js';
import * as repository from './repository.js';

/**
 * 30 submissions in 10 minutes is far above what a small business's form
 * gets (and three times what one address may send); the check then stays
 * until the form has had half an hour without a submission.
 */
export const BURST_RULES = {
  threshold: 30,
  windowMs: 10 * 60 * 1000,
  quietMs: 30 * 60 * 1000,
} as const;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** True while a burst whose latest submission came at `lastAt` still goes on. */
export const isGoingOn = (lastAt: Date, now: Date) => lastAt > before(now, BURST_RULES.quietMs);

/**
 * The burst a submission arriving at `now` belongs to, or null when the form
 * is quiet. Starts one when this submission would pass the threshold: the rows
 * of the window join it. The cheap reads come first; only a form at its
 * threshold takes the business's lock, so two submissions cannot start two bursts.
 */
export async function burstOf(db: Database, businessId: string, now: Date): Promise<string | null> {
  const quietSince = before(now, BURST_RULES.quietMs);
  const going = await repository.findBurstSince(db, businessId, quietSince);
  if (going) return going;
  const windowStart = before(now, BURST_RULES.windowMs);
  if (
    (await repository.publicSubmissionsSince(db, businessId, windowStart)).count <
    BURST_RULES.threshold
  ) {
    return null;
  }
  return db.transaction(async (tx) => {
    await repository.lockBusiness(tx, businessId);
    const started = await repository.findBurstSince(tx, businessId, quietSince);
    if (started) return started;
    const { first } = await repository.publicSubmissionsSince(tx, businessId, windowStart);
    return repository.createBurst(
      tx,
      { businessId, startedAt: first ?? now, lastAt: now },
      windowStart,
    );
  });
}
