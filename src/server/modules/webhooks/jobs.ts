// Sending deliveries (docs/product/webhooks.md#retries, docs/decisions/0032). One job per delivery, queued in the
// transaction of the change it tells of. An attempt signs the stored body with the endpoint's secret and POSTs it
// through the SSRF-safe sender (checked again at every connection, redirects never followed); a 2xx within 10 s
// succeeds, anything else fails and is retried on WEBHOOK_RETRY_DELAYS_MS, the same `webhook-id` each time. When a
// delivery has failed for good and nothing reached the endpoint meanwhile, the endpoint is disabled and its owner
// emailed once.
import { z } from 'zod';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../shared/time.js';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '../../../shared/schemas/webhooks.js';
import { isPermanentMailFailure } from '../../adapters/email/mailer.js';
import {
  FetchRefusedError,
  safeSendStreaming,
  type FetchPolicy,
} from '../../adapters/http/safe-fetch.js';
import type { Config } from '../../config.js';
import type { Deps } from '../../deps.js';
import { defineJob, PermanentJobError } from '../../jobs/job.js';
import { enqueueJob } from '../../jobs/queue.js';
import { endpointDisabledEmail } from './emails.js';
import * as repository from './repository.js';
import { webhookHeaders } from './signing.js';

/**
 * Waits before each retry: the first within 10 s, then longer, about a day in all (25.6 h) and 9 attempts.
 * A receiver that is away for an afternoon misses nothing.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5 * SECOND_MS,
  MINUTE_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  8 * HOUR_MS,
] as const;

/** A receiver must answer within this. */
const WEBHOOK_TIMEOUT_MS = 10 * SECOND_MS;

const USER_AGENT = 'Vouchly-Webhooks/1.0';
const MAIL_RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS];

/** Private addresses and other ports only when the operator said so (WEBHOOK_ALLOW_PRIVATE). */
export function webhookFetchPolicy(config: Pick<Config, 'webhookAllowPrivate'>): FetchPolicy {
  return {
    allowPrivateNetwork: config.webhookAllowPrivate,
    allowAnyPort: config.webhookAllowPrivate,
  };
}

type Outcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
};

/** Reads at most the excerpt's bytes of the answer, then hangs up. */
async function excerptOf(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    total += chunk.length;
    if (total >= WEBHOOK_RESPONSE_EXCERPT_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES).toString('utf8');
}

function describeFailure(error: unknown): string {
  if (error instanceof FetchRefusedError) return `Refused: ${error.message}`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

async function attempt(
  deps: Pick<Deps, 'clock' | 'config'>,
  url: string,
  secret: string,
  webhookId: string,
  body: string,
): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await safeSendStreaming(
      url,
      { ...webhookFetchPolicy(deps.config), timeoutMs: WEBHOOK_TIMEOUT_MS },
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...webhookHeaders(secret, webhookId, deps.clock(), body),
        },
        body,
      },
      async (head, responseBody) => ({
        status: head.status,
        excerpt: await excerptOf(responseBody),
      }),
    );
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      statusCode: answer.status,
      error: ok ? null : `HTTP ${answer.status}`,
      durationMs: elapsed(),
      responseExcerpt: answer.excerpt,
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      error: describeFailure(error),
      durationMs: elapsed(),
      responseExcerpt: null,
    };
  }
}

/** One attempt of a delivery; throws when it failed, so the queue retries it (or gives up when `final`). */
async function runDelivery(deps: Deps, deliveryId: string, final: boolean): Promise<void> {
  const found = await repository.findDeliveryToSend(deps.db, deliveryId);
  if (!found) return; // The endpoint was deleted, and its log with it.
  const { delivery, endpoint } = found;
  if (delivery.status !== 'pending') return; // Already settled by an earlier run.
  if (endpoint.status !== 'active') {
    await repository.updateDelivery(deps.db, delivery.id, {
      status: 'failed',
      lastError: 'Not sent: the endpoint is disabled',
      finishedAt: deps.clock(),
    });
    return;
  }
  const outcome = await attempt(
    deps,
    endpoint.url,
    endpoint.secret,
    delivery.webhookId,
    JSON.stringify(delivery.payload),
  );
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await repository.updateDelivery(tx, delivery.id, {
      attempts: delivery.attempts + 1,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt,
      lastAttemptAt: now,
      status: outcome.ok ? 'succeeded' : final ? 'failed' : 'pending',
      finishedAt: outcome.ok || final ? now : null,
    });
    if (outcome.ok) await repository.countSuccess(tx, endpoint.id);
    else await repository.countFailure(tx, endpoint.id);
  });
  if (!outcome.ok) throw new Error(outcome.error ?? 'delivery failed');
}

const deliveryPayload = z.object({ deliveryId: z.uuid() });

export const deliverWebhookJob = defineJob({
  kind: 'webhooks.deliver',
  payload: deliveryPayload,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  run: (deps, { deliveryId }, job) =>
    runDelivery(deps, deliveryId, job.attempt > WEBHOOK_RETRY_DELAYS_MS.length),
  onFailed: (deps, { deliveryId }) => disableIfGivenUp(deps, deliveryId),
});

/** The owner's Resend: one attempt, no retries, and its failure never disables the endpoint. */
export const resendWebhookJob = defineJob({
  kind: 'webhooks.resend',
  payload: deliveryPayload,
  retryDelaysMs: [],
  run: (deps, { deliveryId }) => runDelivery(deps, deliveryId, true),
});

/**
 * A delivery's retries are spent (about a day). The endpoint is disabled unless some delivery to it succeeded
 * since this one was queued: a receiver that is up but refuses one event stays on.
 */
async function disableIfGivenUp(deps: Deps, deliveryId: string): Promise<void> {
  const found = await repository.findDeliveryToSend(deps.db, deliveryId);
  if (!found) return;
  const { delivery, endpoint } = found;
  if (await repository.succeededSince(deps.db, endpoint.id, delivery.createdAt)) return;
  const last = delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : delivery.lastError;
  const reason = `Every delivery failed for about a day (the last: ${last ?? 'no answer'}).`;
  await deps.db.transaction(async (tx) => {
    const disabled = await repository.disableEndpoint(tx, endpoint.id, reason);
    // Only the call that disabled it tells the owner, once.
    if (disabled)
      await enqueueJob(tx, endpointDisabledEmailJob, { endpointId: endpoint.id }, deps.clock());
  });
}

export const endpointDisabledEmailJob = defineJob({
  kind: 'webhooks.endpoint-disabled-email',
  payload: z.object({ endpointId: z.uuid() }),
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  run: async (deps, { endpointId }, job) => {
    const found = await repository.findEndpointWithOwner(deps.db, endpointId);
    if (!found || found.endpoint.status !== 'disabled') return; // Deleted or enabled again since.
    const { endpoint, owner } = found;
    await deps.mailer
      .send(
        endpointDisabledEmail({
          to: owner.email,
          productName: deps.config.productName,
          baseUrl: deps.config.baseUrl,
          businessName: owner.businessName,
          url: endpoint.url,
          disabledReason: endpoint.disabledReason,
          messageId: `<webhook-disabled-${job.id}@${new URL(deps.config.baseUrl).hostname}>`,
        }),
      )
      .catch((error: unknown) => {
        throw isPermanentMailFailure(error)
          ? new PermanentJobError(`the mail server refused ${owner.email}`)
          : error;
      });
  },
});
