// Bursts of a form's public traffic (docs/decisions/0022). A form that takes
// BURST_RULES.threshold submissions within BURST_RULES.windowMs, or whose
// visitors' uploads pass the form's own numbers (modules/uploads), is under a
// burst until BURST_RULES.quietMs pass without a submission or an upload URL
// that passed the check: meanwhile it takes a testimonial, and hands out an
// upload URL, only for a solved browser check (browser-check.ts), instead of
// shutting every customer out with 429 as a shared per-form limit did. The
// burst's rows, those that started it included, carry its id, so the owner can
// delete the ones still pending in one action (modules/testimonials). Counted
// from the database, so every server sees the same bursts.
import type { SubmissionProof } from '../../../shared/schemas/submission.js';
import type { Deps } from '../../deps.js';
import { checkFailed, type CheckMessages } from './browser-check.js';
import * as repository from './repository.js';
import { MINUTE_MS } from '../../../shared/time.js';

/**
 * 30 submissions in 10 minutes is far above what a small business's form
 * gets (and three times what one address may send); so are 240 upload URLs,
 * 8 photos for each of those 30. The check then stays until the form has had
 * half an hour without a submission or a checked upload.
 */
export const BURST_RULES = {
  threshold: 30,
  uploadThreshold: 240,
  windowMs: 10 * MINUTE_MS,
  quietMs: 30 * MINUTE_MS,
} as const;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** True while a burst whose latest submission came at `lastAt` still goes on. */
export const isGoingOn = (lastAt: Date, now: Date) => lastAt > before(now, BURST_RULES.quietMs);

/**
 * The burst a submission or an upload URL asked for now (`deps.clock()`)
 * belongs to, or null when the form is quiet. Starts one when a submission would pass the
 * threshold (the rows of the window join it), or when `uploadsFlooded` says
 * the form's uploads passed theirs (asked only then: a burst of uploads alone
 * takes in no testimonial sent before it). The cheap reads come first; only a
 * form at its threshold takes the business's lock, so two requests cannot
 * start two bursts.
 */
export async function burstOf(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  uploadsFlooded: (windowStart: Date) => boolean | Promise<boolean> = () => false,
): Promise<string | null> {
  const now = clock();
  const quietSince = before(now, BURST_RULES.quietMs);
  const going = await repository.findBurstSince(db, businessId, quietSince);
  if (going) return going;
  const windowStart = before(now, BURST_RULES.windowMs);
  const submissions = await repository.publicSubmissionsSince(db, businessId, windowStart);
  if (submissions.count < BURST_RULES.threshold && !(await uploadsFlooded(windowStart))) {
    return null;
  }
  return db.transaction(async (tx) => {
    await repository.lockBusiness(tx, businessId);
    const started = await repository.findBurstSince(tx, businessId, quietSince);
    if (started) return started;
    const { count, first } = await repository.publicSubmissionsSince(tx, businessId, windowStart);
    const joined = count >= BURST_RULES.threshold;
    return repository.createBurst(
      tx,
      { businessId, startedAt: joined ? (first ?? now) : now, lastAt: now },
      joined ? windowStart : now,
    );
  });
}

/**
 * Inside the transaction that stores what a proof bought (a testimonial, an
 * upload URL; `deps.db` is that transaction): spends the proof, so it buys
 * nothing else, and keeps the burst going. A proof spent before fails the
 * check (of two sent at once, one wins).
 */
export async function spendProof(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  burstId: string,
  proof: SubmissionProof,
  messages: CheckMessages,
): Promise<void> {
  const now = clock();
  const { nonce, expiresAt } = proof.challenge.parameters;
  if (!(await repository.spendChallenge(db, nonce, new Date(expiresAt * 1000), now)))
    throw checkFailed(messages);
  await repository.extendBurst(db, burstId, now);
}
