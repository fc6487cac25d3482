// Work an answer must not wait for: forgot-password's lookup, token and mail
// (so the answer takes as long for an unknown email as for a known one), the
// notice of an email change, and fetching the logo detected at sign-up. It
// starts once the answer has gone out; a failure is logged, never reported
// and never unhandled. The pending work is kept per app (keyed by its config
// object, which every scope shares) so that closing the app waits for it, and
// so that tests can wait for it too.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

const pendingByApp = new WeakMap<object, Set<Promise<void>>>();

function pendingOf(app: FastifyInstance): Set<Promise<void>> {
  let pending = pendingByApp.get(app.config);
  if (!pending) {
    pending = new Set();
    pendingByApp.set(app.config, pending);
  }
  return pending;
}

/** Runs `task` after `reply` has been sent (or the client went away); logs what it throws. */
export function afterAnswer(
  app: FastifyInstance,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  what: string,
  task: () => Promise<void>,
): void {
  const pending = pendingOf(app);
  const work = new Promise<void>((answered) => {
    // Sent, or failed to send: either way the answer is no longer waiting.
    reply.then(
      () => answered(),
      () => answered(),
    );
  })
    .then(task)
    .catch((error: unknown) => log.error({ err: error }, `${what} failed after the answer`))
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** Resolves once every piece of work queued by `app` so far (and any it queued meanwhile) is done. */
export async function settleAfterAnswerWork(app: FastifyInstance): Promise<void> {
  const pending = pendingOf(app);
  while (pending.size > 0) await Promise.all([...pending]);
}
