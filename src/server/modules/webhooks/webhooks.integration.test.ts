// Outgoing webhooks (docs/product/webhooks.md): signed as Standard Webhooks (verified with the `standardwebhooks`
// package), queued with the change they tell of, retried on a schedule with the same webhook-id, the endpoint
// disabled and its owner emailed when a day of retries fails, Slack and Discord messages, the SSRF rules of
// docs/security.md rule 32, the delivery log with Resend, and the API v1.
import type { IncomingHttpHeaders } from 'node:http';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookMessages, type WebhookDelivery } from '../../../shared/schemas/webhooks.js';
import { DAY_MS, SECOND_MS } from '../../../shared/time.js';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { depsOf } from '../../deps.js';
import {
  createSignedInUser,
  createTestimonial,
  readOutbox,
  submitToForm,
  withSession,
} from '../../testing/factories.js';
import { startHttpServer } from '../../testing/http-server.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { createTestApp } from '../../testing/test-app.js';
import { WEBHOOK_RETRY_DELAYS_MS } from './jobs.js';
import { pruneDeliveries, queueWebhookEvent } from './service.js';

type Received = { headers: IncomingHttpHeaders; body: string; url: string };

/** A local receiver that answers each request with the next of `statuses` (the last one repeats). */
async function receiver(statuses: number[] = [200], answer = 'ok') {
  const received: Received[] = [];
  const server = await startHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        url: request.url ?? '',
      });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(answer);
    });
  });
  return { server, received, url: `${server.origin}/hooks` };
}

async function setup(options: { allowPrivate?: boolean } = {}) {
  let now = new Date();
  const app = await createTestApp(
    { webhookAllowPrivate: options.allowPrivate ?? true },
    { clock: () => now },
  );
  const owner = await createSignedInUser(app, { businessName: 'Crumb & Co' });
  const business = owner.business!;
  const inject = (request: InjectOptions) =>
    app.inject({ ...request, ...withSession(owner.cookie) });
  return {
    app,
    owner,
    business,
    inject,
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    addEndpoint: async (url: string, events: string[] = ['testimonial.submitted']) => {
      const response = await inject({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url, events },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ endpoint: { id: string; format: string }; secret: string }>();
    },
    deliveries: async (endpointId: string) => {
      const response = await inject({
        method: 'GET',
        url: `/api/webhooks/${endpointId}/deliveries`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: WebhookDelivery[]; total: number }>().items;
    },
    submit: (authorName = 'Ana Souza') =>
      submitToForm(app, business.collectionSlug, {
        authorName,
        rating: 4,
        content: 'The croissants are flaky and warm.',
      }),
  };
}

describe('webhook deliveries', () => {
  it('signs a submitted testimonial as Standard Webhooks, with the API v1 testimonial as data', async () => {
    const t = await setup();
    const hook = await receiver();
    const { endpoint, secret } = await t.addEndpoint(hook.url);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.format).toBe('standard');
    // The secret is never shown again.
    const list = await t.inject({ method: 'GET', url: '/api/webhooks' });
    expect(list.body).not.toContain(secret.slice(6));

    expect((await t.submit()).statusCode).toBe(201);
    expect(hook.received).toHaveLength(0); // Queued, not sent inline.
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(1);
    const [sent] = hook.received;
    const verified = new Webhook(secret).verify(sent!.body, {
      'webhook-id': String(sent!.headers['webhook-id']),
      'webhook-timestamp': String(sent!.headers['webhook-timestamp']),
      'webhook-signature': String(sent!.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(verified.type).toBe('testimonial.submitted');
    expect(verified.timestamp).toBe(t.now().toISOString());
    expect(verified.data).toMatchObject({
      authorName: 'Ana Souza',
      rating: 4,
      content: 'The croissants are flaky and warm.',
      status: 'pending',
      productImageUrls: [],
    });
    const [delivery] = await t.deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, statusCode: 200 });
    expect(delivery!.webhookId).toBe(sent!.headers['webhook-id']);
  });

  it('retries a failure first after 5 s (within 10 s), with the same webhook-id, until a 2xx', async () => {
    const t = await setup();
    const hook = await receiver([500, 503, 204]);
    const { endpoint } = await t.addEndpoint(hook.url);
    await t.submit();
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(1);
    expect((await t.deliveries(endpoint.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      statusCode: 500,
      error: 'HTTP 500',
    });
    expect(WEBHOOK_RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(10 * SECOND_MS);
    t.advance(WEBHOOK_RETRY_DELAYS_MS[0] - 1);
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(1);
    t.advance(1);
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(2);
    t.advance(WEBHOOK_RETRY_DELAYS_MS[1]);
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(3);
    const ids = new Set(hook.received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(hook.received.map((request) => request.body)).size).toBe(1);
    const [delivery] = await t.deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, statusCode: 204 });
    const [row] = await t.app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.consecutiveFailures).toBe(0);
  });

  it('disables the endpoint after a day of failed retries and emails the owner once; enabling brings it back', async () => {
    const t = await setup();
    const hook = await receiver([500]);
    const { endpoint } = await t.addEndpoint(hook.url);
    await t.submit('First');
    await t.submit('Second');
    await t.app.jobs.drain();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      t.advance(delay);
      await t.app.jobs.drain();
    }
    expect(hook.received).toHaveLength(2 * (WEBHOOK_RETRY_DELAYS_MS.length + 1));
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(DAY_MS);
    expect(total).toBeLessThan(2 * DAY_MS);

    const list = (await t.inject({ method: 'GET', url: '/api/webhooks' })).json<
      { status: string; disabledReason: string; consecutiveFailures: number }[]
    >();
    expect(list[0]).toMatchObject({ status: 'disabled', consecutiveFailures: 18 });
    expect(list[0]!.disabledReason).toContain('HTTP 500');
    const emails = (await readOutbox(t.app))
      .map(decodeQuotedPrintable)
      .filter((email) => email.includes('was disabled'));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toContain(`To: ${t.owner.email}`);
    expect(emails[0]).toContain(hook.url);
    expect(emails[0]).toContain('http://localhost:3000/integrations');
    for (const delivery of await t.deliveries(endpoint.id)) expect(delivery.status).toBe('failed');

    // Disabled: new events are not queued for it, and a test is refused.
    await t.submit('Third');
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(18);
    const test = await t.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test` });
    expect(test.statusCode).toBe(409);
    expect(test.json<{ error: { message: string } }>().error.message).toBe(
      webhookMessages.disabledTest,
    );

    const enabled = await t.inject({
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      payload: { status: 'active' },
    });
    expect(enabled.json()).toMatchObject({
      status: 'active',
      disabledReason: null,
      consecutiveFailures: 0,
    });
    await t.submit('Fourth');
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(19);
  });

  it('keeps an endpoint that answered another delivery meanwhile', async () => {
    const t = await setup();
    // Refuses the first event for good, takes everything else.
    const received: string[] = [];
    const server = await startHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        received.push(body);
        response.writeHead(body.includes('Poison') ? 400 : 200).end();
      });
    });
    const { endpoint } = await t.addEndpoint(`${server.origin}/hooks`);
    await t.submit('Poison');
    await t.app.jobs.drain();
    await t.submit('Fine');
    await t.app.jobs.drain();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      t.advance(delay);
      await t.app.jobs.drain();
    }
    const list = (await t.inject({ method: 'GET', url: '/api/webhooks' })).json<
      { status: string }[]
    >();
    expect(list[0]!.status).toBe('active');
    const statuses = (await t.deliveries(endpoint.id)).map((delivery) => delivery.status);
    expect(statuses.sort()).toEqual(['failed', 'succeeded']);
  });

  it('fires on approve, edit, delete and bulk actions, and only for the events chosen', async () => {
    const t = await setup();
    const hook = await receiver();
    await t.addEndpoint(hook.url, [
      'testimonial.approved',
      'testimonial.updated',
      'testimonial.deleted',
    ]);
    const db = t.app.database.db;
    const one = await createTestimonial(db, t.business.id, { authorName: 'One' });
    const two = await createTestimonial(db, t.business.id, { authorName: 'Two' });
    const three = await createTestimonial(db, t.business.id, { authorName: 'Three' });
    const patch = (id: string, payload: object) =>
      t.inject({ method: 'PATCH', url: `/api/testimonials/${id}`, payload });
    await t.submit(); // testimonial.submitted: not chosen.
    expect((await patch(one.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await patch(one.id, { content: 'Edited text, still lovely.' })).statusCode).toBe(200);
    expect((await patch(one.id, { content: 'Edited text, still lovely.' })).statusCode).toBe(200); // Nothing changed.
    expect((await patch(one.id, { status: 'rejected' })).statusCode).toBe(200);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/testimonials/bulk',
          payload: { action: 'approve', ids: [two.id, three.id] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/testimonials/${one.id}` })).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    const events = hook.received.map(
      (request) =>
        JSON.parse(request.body) as {
          type: string;
          data: { authorName: string; content: string; status: string };
        },
    );
    expect(events.map((event) => [event.type, event.data.authorName]).sort()).toEqual(
      [
        ['testimonial.approved', 'One'],
        ['testimonial.updated', 'One'],
        ['testimonial.updated', 'One'],
        ['testimonial.approved', 'Two'],
        ['testimonial.approved', 'Three'],
        ['testimonial.deleted', 'One'],
      ].sort(),
    );
    const deleted = events.find((event) => event.type === 'testimonial.deleted');
    expect(deleted?.data).toMatchObject({
      content: 'Edited text, still lovely.',
      status: 'rejected',
    });
  });

  it('queues in the transaction of the change: a rolled-back change sends nothing', async () => {
    const t = await setup();
    const hook = await receiver();
    await t.addEndpoint(hook.url);
    const deps = depsOf(t.app);
    const row = await createTestimonial(deps.db, t.business.id);
    await expect(
      deps.db.transaction(async (tx) => {
        await queueWebhookEvent({ ...deps, db: tx }, t.business.id, 'testimonial.submitted', {
          ...row,
          submittedAt: row.submittedAt.toISOString(),
          approvedAt: null,
          goneFromSourceAt: null,
        });
        expect(await tx.select().from(webhookDeliveries)).toHaveLength(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deps.db.select().from(webhookDeliveries)).toHaveLength(0);
    expect(await deps.db.select().from(jobs).where(eq(jobs.kind, 'webhooks.deliver'))).toHaveLength(
      0,
    );
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(0);
  });

  it('sends Slack and Discord URLs a chat message instead of the raw event', async () => {
    const t = await setup();
    const db = t.app.database.db;
    // Inserted directly: creating them would resolve the chat services' names, and tests have no network.
    const endpoints = await db
      .insert(webhookEndpoints)
      .values([
        {
          businessId: t.business.id,
          url: 'https://hooks.slack.com/services/T000/B000/XXXX',
          events: ['testimonial.submitted'],
          format: 'slack',
          secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        },
        {
          businessId: t.business.id,
          url: 'https://discord.com/api/webhooks/1/abc',
          events: ['testimonial.submitted'],
          format: 'discord',
          secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        },
      ])
      .returning();
    await submitToForm(t.app, t.business.collectionSlug, {
      authorName: 'Ana <@everyone>',
      rating: 4,
      content: `Great & warm ${'bread '.repeat(80)}`,
    });
    const [slack, discord] = await Promise.all(
      endpoints.map(async (endpoint) =>
        JSON.parse((await t.deliveries(endpoint.id))[0]!.requestBody),
      ),
    );
    expect(slack.text).toBe('New testimonial from Ana <@everyone>: ★★★★☆');
    const mrkdwn = slack.blocks[0].text.text as string;
    expect(mrkdwn).toContain('*New testimonial from Ana &lt;@everyone&gt;*');
    expect(mrkdwn).toContain('★★★★☆');
    expect(mrkdwn).toContain('>Great &amp; warm bread');
    expect(mrkdwn).toContain('…');
    expect(mrkdwn).toContain('<http://localhost:3000/testimonials|Open in dashboard>');
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0]).toMatchObject({
      title: 'New testimonial from Ana <@everyone>',
      url: 'http://localhost:3000/testimonials',
    });
    expect(discord.embeds[0].description).toMatch(/^★★★★☆\nGreat & warm bread/);
    expect(discord.embeds[0].description.length).toBeLessThan(400);
  });

  it('records the delivery log (status, duration, bodies) and resends with the same webhook-id', async () => {
    const t = await setup();
    const hook = await receiver([418, 200], 'x'.repeat(5000));
    const { endpoint } = await t.addEndpoint(hook.url);
    const test = await t.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test` });
    expect(test.statusCode).toBe(202);
    await t.app.jobs.drain();
    const [failed] = await t.deliveries(endpoint.id);
    expect(failed).toMatchObject({
      eventType: 'testimonial.submitted',
      status: 'pending',
      attempts: 1,
      statusCode: 418,
    });
    expect(failed!.durationMs).toBeGreaterThanOrEqual(0);
    expect(failed!.responseExcerpt).toHaveLength(2048);
    const body = JSON.parse(failed!.requestBody) as { data: { test: boolean } };
    expect(body.data.test).toBe(true);
    expect(hook.received[0]!.body).toBe(failed!.requestBody);

    const resent = await t.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    const [after] = await t.deliveries(endpoint.id);
    expect(after).toMatchObject({
      id: failed!.id,
      status: 'succeeded',
      attempts: 2,
      statusCode: 200,
    });
    // The scheduled retry finds it settled and sends nothing more.
    t.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(2);

    // Kept 30 days.
    expect(await pruneDeliveries(depsOf(t.app), new Date(t.now().getTime() + 29 * DAY_MS))).toBe(0);
    expect(await pruneDeliveries(depsOf(t.app), new Date(t.now().getTime() + 31 * DAY_MS))).toBe(1);
    expect(await t.deliveries(endpoint.id)).toHaveLength(0);
  });

  it('deletes an endpoint with its log', async () => {
    const t = await setup();
    const hook = await receiver();
    const { endpoint } = await t.addEndpoint(hook.url);
    await t.submit();
    const removed = await t.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}` });
    expect(removed.json()).toEqual({ deleted: 1 });
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(0);
    expect(await t.app.database.db.select().from(webhookDeliveries)).toHaveLength(0);
  });
});

describe('webhook addresses (docs/security.md rule 32)', () => {
  it('refuses private, loopback and link-local URLs at creation without WEBHOOK_ALLOW_PRIVATE', async () => {
    const t = await setup({ allowPrivate: false });
    for (const url of [
      'http://127.0.0.1/hooks',
      'http://10.1.2.3/hooks',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost/hooks',
      'http://[::1]/hooks',
    ]) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url, events: ['testimonial.submitted'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toContain(webhookMessages.urlPrivate);
    }
    const port = await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://93.184.215.14:8443/hooks', events: ['testimonial.submitted'] },
    });
    expect(port.body).toContain(webhookMessages.urlPort);
    const ftp = await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'ftp://93.184.215.14/hooks', events: ['testimonial.submitted'] },
    });
    expect(ftp.statusCode).toBe(400);
    expect(await t.app.database.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it('checks the address again at every delivery (DNS rebinding), connecting to nothing', async () => {
    const t = await setup({ allowPrivate: false });
    const hook = await receiver();
    // As if the name had resolved to a public address at creation.
    const [endpoint] = await t.app.database.db
      .insert(webhookEndpoints)
      .values({
        businessId: t.business.id,
        url: hook.url,
        events: ['testimonial.submitted'],
        format: 'standard',
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
      })
      .returning();
    await t.submit();
    await t.app.jobs.drain();
    expect(hook.server.connections()).toBe(0);
    const [delivery] = await t.deliveries(endpoint!.id);
    expect(delivery).toMatchObject({ status: 'pending', statusCode: null });
    expect(delivery!.error).toMatch(/^Refused: /);
  });

  it('never follows a redirect: a 3xx is a failure and its target is not reached', async () => {
    const t = await setup();
    const target = await receiver();
    const redirector = await startHttpServer((_request, response) =>
      response.writeHead(302, { location: target.url }).end(),
    );
    const { endpoint } = await t.addEndpoint(`${redirector.origin}/hooks`);
    await t.submit();
    await t.app.jobs.drain();
    expect(target.server.connections()).toBe(0);
    expect((await t.deliveries(endpoint.id))[0]).toMatchObject({
      status: 'pending',
      statusCode: 302,
      error: 'HTTP 302',
    });
  });
});

describe('webhooks in the API v1', () => {
  it('creates, lists and deletes endpoints with an API key', async () => {
    const t = await setup();
    const key = (await t.inject({ method: 'POST', url: '/api/integrations/api-key' })).json<{
      apiKey: string;
    }>().apiKey;
    const api = (request: InjectOptions) =>
      t.app.inject({ ...request, headers: { authorization: `Bearer ${key}` } });
    const hook = await receiver();
    const created = await api({
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: hook.url, events: ['testimonial.approved'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json<{ id: string; secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    const listed = await api({ method: 'GET', url: '/api/v1/webhooks' });
    expect(listed.json()).toEqual({
      data: [
        {
          id,
          url: hook.url,
          events: ['testimonial.approved'],
          format: 'standard',
          status: 'active',
          createdAt: expect.any(String),
        },
      ],
    });
    expect(listed.body).not.toContain(secret.slice(6));
    const refused = await api({
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: hook.url, events: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(webhookMessages.eventsRequired);
    expect((await api({ method: 'DELETE', url: `/api/v1/webhooks/${id}` })).json()).toEqual({
      deleted: 1,
    });
    expect((await api({ method: 'DELETE', url: `/api/v1/webhooks/${id}` })).statusCode).toBe(404);
    expect((await api({ method: 'GET', url: '/api/v1/webhooks' })).json()).toEqual({ data: [] });
  });
});
