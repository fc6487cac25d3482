// Outgoing webhooks (docs/product/webhooks.md): the owner's endpoints, the events queued for them, the delivery
// log. Every query is scoped by the caller's business. Sending is jobs.ts's.
import { randomUUID } from 'node:crypto';
import {
  webhookFormatOf,
  webhookMessages,
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_MAX,
  type ApiWebhook,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookTestimonialData,
} from '../../../shared/schemas/webhooks.js';
import type { z } from 'zod';
import type {
  createWebhookInputSchema,
  listWebhookDeliveriesQuerySchema,
  updateWebhookInputSchema,
} from '../../../shared/schemas/webhooks.js';
import { DAY_MS } from '../../../shared/time.js';
import { assertSafeDestination, FetchRefusedError } from '../../adapters/http/safe-fetch.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { enqueueJob, enqueueJobs } from '../../jobs/queue.js';
import { deliverWebhookJob, resendWebhookJob, webhookFetchPolicy } from './jobs.js';
import { deliveryBody, type WebhookEvent } from './messages.js';
import * as repository from './repository.js';
import { newWebhookSecret } from './signing.js';

/** The delivery log is kept this long. */
const KEEP_DELIVERIES_MS = 30 * DAY_MS;

const endpointNotFound = () => notFound(webhookMessages.notFound);

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatusCode,
    error: row.lastError,
    durationMs: row.durationMs,
    requestBody: JSON.stringify(row.payload),
    responseExcerpt: row.responseExcerpt,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toEndpoint(
  row: WebhookEndpointRow,
  last: WebhookDeliveryRow | undefined,
): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    format: row.format,
    status: row.status,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? {
          status: last.status,
          eventType: last.eventType,
          statusCode: last.lastStatusCode,
          createdAt: last.createdAt.toISOString(),
        }
      : null,
  };
}

async function withLastDeliveries(
  db: Deps['db'],
  rows: WebhookEndpointRow[],
): Promise<WebhookEndpoint[]> {
  const last = await repository.lastDeliveries(
    db,
    rows.map((row) => row.id),
  );
  const byEndpoint = new Map(last.map((delivery) => [delivery.endpointId, delivery]));
  return rows.map((row) => toEndpoint(row, byEndpoint.get(row.id)));
}

export async function listEndpoints(
  deps: Pick<Deps, 'db'>,
  businessId: string,
): Promise<WebhookEndpoint[]> {
  return withLastDeliveries(deps.db, await repository.listEndpoints(deps.db, businessId));
}

/** The URL's destination as a delivery would meet it: refused here with words the owner can act on. */
async function requireReachable(deps: Pick<Deps, 'config'>, url: string): Promise<void> {
  try {
    await assertSafeDestination(url, webhookFetchPolicy(deps.config));
  } catch (error) {
    const message =
      error instanceof FetchRefusedError
        ? error.reason === 'port'
          ? webhookMessages.urlPort
          : error.reason === 'credentials'
            ? webhookMessages.urlCredentials
            : error.reason === 'protocol'
              ? webhookMessages.urlInvalid
              : webhookMessages.urlPrivate
        : webhookMessages.urlUnresolved;
    throw validationFailed([{ path: 'url', message }]);
  }
}

type CreateInput = z.output<typeof createWebhookInputSchema>;

/** Adds an endpoint; the answer is the only copy of its secret that leaves the server. */
export async function createEndpoint(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  input: CreateInput,
): Promise<CreatedWebhook> {
  const url = input.url.trim();
  await requireReachable(deps, url);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    if ((await repository.countEndpoints(tx, businessId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw conflict(webhookMessages.tooMany);
    return repository.createEndpoint(tx, {
      businessId,
      url,
      events: [...new Set(input.events)],
      format: webhookFormatOf(url),
      secret,
      createdAt: deps.clock(),
    });
  });
  return { endpoint: toEndpoint(row, undefined), secret };
}

/** New events, or enabled again (failures forgotten) or paused. */
export async function updateEndpoint(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  id: string,
  input: z.output<typeof updateWebhookInputSchema>,
): Promise<WebhookEndpoint> {
  const values: Parameters<typeof repository.updateEndpoint>[3] = {};
  if (input.events) values.events = [...new Set(input.events)];
  if (input.status === 'active') {
    values.status = 'active';
    values.disabledReason = null;
    values.consecutiveFailures = 0;
  } else if (input.status === 'disabled') {
    values.status = 'disabled';
    values.disabledReason = 'Disabled by you.';
  }
  const row = await repository.updateEndpoint(deps.db, businessId, id, values);
  if (!row) throw endpointNotFound();
  const [endpoint] = await withLastDeliveries(deps.db, [row]);
  if (!endpoint) throw endpointNotFound();
  return endpoint;
}

export async function deleteEndpoint(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  id: string,
): Promise<{ deleted: 1 }> {
  if (!(await repository.removeEndpoint(deps.db, businessId, id))) throw endpointNotFound();
  return { deleted: 1 };
}

/** A delivery of `event` to `endpoint`, with the body the endpoint's format asks for. */
function newDelivery(
  deps: Pick<Deps, 'clock' | 'config'>,
  endpoint: WebhookEndpointRow,
  event: WebhookEvent,
): repository.NewDelivery {
  const id = randomUUID();
  return {
    id,
    endpointId: endpoint.id,
    businessId: endpoint.businessId,
    eventType: event.type,
    // Stable across every attempt and resend, so a receiver can drop a repeat.
    webhookId: `msg_${id}`,
    payload: deliveryBody(endpoint.format, event, deps.config.baseUrl),
    // The app's clock, as every later time of the delivery is: the log's order, pruning and the disabling rule.
    createdAt: deps.clock(),
  };
}

/** Writes the deliveries and queues a job for each: one statement each, however many. */
async function queueDeliveries(
  deps: Pick<Deps, 'db' | 'clock'>,
  deliveries: readonly repository.NewDelivery[],
): Promise<void> {
  await repository.createDeliveries(deps.db, deliveries);
  await enqueueJobs(
    deps.db,
    deliverWebhookJob,
    deliveries.map(({ id }) => ({ payload: { deliveryId: id } })),
    deps.clock(),
  );
}

/**
 * Tells the business's endpoints that asked for `type` of each of these events (several testimonials deleted at
 * once, say). Call it with the transaction of the change the events are about (`{ ...deps, db: tx }`): the
 * deliveries exist exactly when the change commits. One query finds the endpoints, for all the events; without an
 * active endpoint for the type nothing more happens.
 */
export async function queueWebhookEvents<Type extends WebhookEventType>(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  type: Type,
  items: readonly WebhookEventData[Type][],
): Promise<void> {
  if (items.length === 0) return;
  const endpoints = await repository.activeEndpointsFor(deps.db, businessId, type);
  if (endpoints.length === 0) return;
  const timestamp = deps.clock().toISOString();
  await queueDeliveries(
    deps,
    items.flatMap((data) =>
      endpoints.map((endpoint) => newDelivery(deps, endpoint, { type, timestamp, data })),
    ),
  );
}

/** One event: `queueWebhookEvents` of one. */
export function queueWebhookEvent<Type extends WebhookEventType>(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  type: Type,
  data: WebhookEventData[Type],
): Promise<void> {
  return queueWebhookEvents(deps, businessId, type, [data]);
}

/** The sample of a test event: a testimonial.submitted whose data says `test: true`. */
function sampleTestimonial(now: Date): WebhookTestimonialData {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    authorName: 'Sample Customer',
    authorEmail: 'customer@example.com',
    authorBusinessName: null,
    authorLocation: 'Lisbon, Portugal',
    content: 'This is a test event from Vouchly. Your endpoint received it.',
    rating: 5,
    status: 'pending',
    tags: [],
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    submittedAt: now.toISOString(),
    approvedAt: null,
    source: 'form',
    sourceUrl: null,
    goneFromSourceAt: null,
    test: true,
  };
}

export async function sendTestEvent(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  id: string,
): Promise<{ deliveryId: string }> {
  return deps.db.transaction(async (tx) => {
    const endpoint = await repository.findEndpoint(tx, businessId, id);
    if (!endpoint) throw endpointNotFound();
    if (endpoint.status !== 'active') throw conflict(webhookMessages.disabledTest);
    const now = deps.clock();
    const delivery = newDelivery(deps, endpoint, {
      type: 'testimonial.submitted',
      timestamp: now.toISOString(),
      data: sampleTestimonial(now),
    });
    await queueDeliveries({ ...deps, db: tx }, [delivery]);
    return { deliveryId: delivery.id };
  });
}

export async function listDeliveries(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  endpointId: string,
  query: z.output<typeof listWebhookDeliveriesQuerySchema>,
): Promise<WebhookDeliveryPage> {
  if (!(await repository.findEndpoint(deps.db, businessId, endpointId))) throw endpointNotFound();
  const { rows, total } = await repository.pageOfDeliveries(deps.db, businessId, endpointId, {
    limit: WEBHOOK_DELIVERY_PAGE_SIZE,
    offset: (query.page - 1) * WEBHOOK_DELIVERY_PAGE_SIZE,
  });
  return {
    items: rows.map(toDelivery),
    page: query.page,
    pageSize: WEBHOOK_DELIVERY_PAGE_SIZE,
    total,
  };
}

/** Sends a delivery again now: one more attempt, the same body and `webhook-id`. */
export async function resendDelivery(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  endpointId: string,
  deliveryId: string,
): Promise<{ deliveryId: string }> {
  return deps.db.transaction(async (tx) => {
    const endpoint = await repository.findEndpoint(tx, businessId, endpointId);
    if (!endpoint) throw endpointNotFound();
    const delivery = await repository.findDelivery(tx, businessId, endpointId, deliveryId);
    if (!delivery) throw notFound(webhookMessages.deliveryNotFound);
    if (endpoint.status !== 'active') throw conflict(webhookMessages.disabledResend);
    await repository.updateDelivery(tx, delivery.id, { status: 'pending', finishedAt: null });
    await enqueueJob(tx, resendWebhookJob, { deliveryId: delivery.id }, deps.clock());
    return { deliveryId: delivery.id };
  });
}

/** Deletes settled deliveries past the 30 days the log keeps. */
export function pruneDeliveries(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  return repository.pruneDeliveries(deps.db, new Date(now.getTime() - KEEP_DELIVERIES_MS));
}

// The API v1 (REST hooks).

const toApiWebhook = (endpoint: WebhookEndpoint): ApiWebhook => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  format: endpoint.format,
  status: endpoint.status,
  createdAt: endpoint.createdAt,
});

export async function createApiWebhook(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  input: CreateInput,
): Promise<{ id: string; secret: string }> {
  const created = await createEndpoint(deps, businessId, input);
  return { id: created.endpoint.id, secret: created.secret };
}

export async function listApiWebhooks(
  deps: Pick<Deps, 'db'>,
  businessId: string,
): Promise<{ data: ApiWebhook[] }> {
  const rows = await repository.listEndpoints(deps.db, businessId);
  return { data: rows.map((row) => toApiWebhook(toEndpoint(row, undefined))) };
}
