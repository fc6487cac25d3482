// The Webhooks card as an owner meets it (docs/product/webhooks.md#the-webhooks-card): adding an endpoint and
// seeing its secret once, a URL the server refuses, a disabled endpoint enabled again, its events edited (and a
// refused save), a test event, the delivery log with its bodies and Resend, deleting behind a confirmation, and a
// read that fails.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getApiKey, listWixSites } from '../../../shared/contracts/integrations';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  sendWebhookTest,
  updateWebhook,
} from '../../../shared/contracts/webhooks';
import { listReviewSources } from '../../../shared/contracts/review-sources';
import {
  webhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhooks';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { IntegrationsPage } from './integrations-page';

const SECRET = 'whsec_MDEyMzQ1Njc4OWFiY2RlZmdoaWprbG1ub3Bx';

function endpointOf(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    url: 'https://hooks.example.com/vouchly',
    events: ['testimonial.submitted'],
    format: 'standard',
    status: 'active',
    disabledReason: null,
    consecutiveFailures: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastDelivery: null,
    ...overrides,
  };
}

function deliveryOf(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    webhookId: 'msg_22222222-2222-4222-8222-222222222222',
    eventType: 'testimonial.submitted',
    status: 'failed',
    attempts: 9,
    statusCode: 500,
    error: 'HTTP 500',
    durationMs: 120,
    requestBody: '{"type":"testimonial.submitted","data":{"authorName":"Ana"}}',
    responseExcerpt: 'Internal oops',
    createdAt: '2026-11-02T10:00:00.000Z',
    lastAttemptAt: '2026-11-03T10:00:00.000Z',
    finishedAt: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}

/** The owner's endpoints as the server keeps them; answers what was called. */
function serveWebhooks({
  endpoints = [] as WebhookEndpoint[],
  deliveries = [] as WebhookDelivery[],
  refuseUrl = false,
  refuseUpdate = false,
} = {}) {
  let stored = endpoints;
  const calls = {
    created: [] as unknown[],
    updated: [] as unknown[],
    deleted: [] as string[],
    tests: [] as string[],
    resent: [] as string[],
  };
  server.use(
    mock(getApiKey, () => ({
      hasApiKey: false,
      maskedKey: null,
      status: null,
      createdAt: null,
      expiresAt: null,
    })),
    mock(listWixSites, () => []),
    mock(listWebhooks, () => stored),
    mock(listReviewSources, () => ({ sources: [], googleAvailable: true })),
    mock(createWebhook, ({ body }) => {
      calls.created.push(body);
      if (refuseUrl)
        return apiErrorResponse(400, 'VALIDATION_ERROR', webhookMessages.urlPrivate, [
          { path: 'url', message: webhookMessages.urlPrivate },
        ]);
      const endpoint = endpointOf({ url: body.url, events: body.events });
      stored = [...stored, endpoint];
      return { endpoint, secret: SECRET };
    }),
    mock(updateWebhook, ({ params, body }) => {
      calls.updated.push({ id: params.id, ...body });
      if (refuseUpdate) return apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error');
      stored = stored.map((endpoint) =>
        endpoint.id !== params.id
          ? endpoint
          : body.events
            ? { ...endpoint, events: body.events }
            : { ...endpoint, status: 'active' as const, disabledReason: null },
      );
      return stored.find((endpoint) => endpoint.id === params.id)!;
    }),
    mock(deleteWebhook, ({ params }) => {
      calls.deleted.push(params.id);
      stored = stored.filter((endpoint) => endpoint.id !== params.id);
      return { deleted: 1 as const };
    }),
    mock(sendWebhookTest, ({ params }) => {
      calls.tests.push(params.id);
      return { deliveryId: '33333333-3333-4333-8333-333333333333' };
    }),
    mock(listWebhookDeliveries, ({ query }) => ({
      items: deliveries,
      page: query.page,
      pageSize: 20,
      total: deliveries.length,
    })),
    mock(resendWebhookDelivery, ({ params }) => {
      calls.resent.push(params.deliveryId);
      return { deliveryId: params.deliveryId };
    }),
  );
  return calls;
}

const card = () => screen.getByRole('region', { name: 'Webhooks' });
const renderPage = () => renderScreen(<IntegrationsPage />, { path: '/integrations' });

describe('Webhooks card', () => {
  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const calls = serveWebhooks();
    const { user } = renderPage();
    expect(await within(card()).findByText('No webhook endpoints yet')).toBeDefined();

    await user.click(within(card()).getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook endpoint' });
    // Nothing typed: said under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(webhookMessages.urlRequired)).toBeDefined();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Endpoint URL' }),
      'https://hooks.example.com/new',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /testimonial\.approved/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Signing secret' });
    expect(secret.value).toBe(SECRET);
    expect(screen.getByText(/won't be shown again/)).toBeDefined();
    expect(calls.created).toEqual([
      {
        url: 'https://hooks.example.com/new',
        events: ['testimonial.submitted', 'testimonial.approved'],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: "I've saved the secret" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const list = within(await within(card()).findByRole('list', { name: 'Webhook endpoints' }));
    expect(
      list.getByRole('button', { name: 'Delete https://hooks.example.com/new' }),
    ).toBeDefined();
    expect(list.getByText('testimonial.approved')).toBeDefined();
    expect(within(card()).queryByText(SECRET)).toBeNull();
  });

  it('says a Slack URL gets Slack messages, and shows the server refusing a private address', async () => {
    serveWebhooks({ refuseUrl: true });
    const { user } = renderPage();
    await user.click(await within(card()).findByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Endpoint URL' });
    await user.type(field, 'https://hooks.slack.com/services/T/B/X');
    expect(within(dialog).getByText(/each event arrives as a Slack message/)).toBeDefined();
    await user.clear(field);
    await user.type(field, 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(webhookMessages.urlPrivate)).toBeDefined();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a disabled endpoint with its reason and enables it again', async () => {
    const calls = serveWebhooks({
      endpoints: [
        endpointOf({
          status: 'disabled',
          disabledReason: 'Every delivery failed for about a day (the last: HTTP 500).',
          lastDelivery: {
            status: 'failed',
            eventType: 'testimonial.submitted',
            statusCode: 500,
            createdAt: '2026-11-02T10:00:00.000Z',
          },
        }),
      ],
    });
    const { user } = renderPage();
    const section = within(card());
    expect(await section.findByText('Disabled')).toBeDefined();
    expect(section.getByText(/Every delivery failed for about a day/)).toBeDefined();
    expect(section.getByText('HTTP 500')).toBeDefined();
    expect(section.queryByRole('button', { name: 'Send test event' })).toBeNull();

    await user.click(section.getByRole('button', { name: 'Enable again' }));
    expect(await section.findByText('Active')).toBeDefined();
    expect(calls.updated).toEqual([{ id: endpointOf().id, status: 'active' }]);
  });

  it('edits the events of an endpoint, from the ones it receives now', async () => {
    const calls = serveWebhooks({
      endpoints: [endpointOf({ events: ['testimonial.submitted', 'testimonial.approved'] })],
    });
    const { user } = renderPage();
    await user.click(
      await within(card()).findByRole('button', { name: `Edit events ${endpointOf().url}` }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit events' }));
    const group = within(dialog.getByRole('group', { name: 'Events' }));
    const box = (name: RegExp) => group.getByRole('checkbox', { name });
    // Focus is inside the dialog, and it starts from the events the endpoint receives now.
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    expect(box(/testimonial\.submitted/).getAttribute('aria-checked')).toBe('true');
    expect(box(/testimonial\.approved/).getAttribute('aria-checked')).toBe('true');
    expect(box(/testimonial\.deleted/).getAttribute('aria-checked')).toBe('false');

    // None chosen: said under the group, nothing sent.
    await user.click(box(/testimonial\.submitted/));
    await user.click(box(/testimonial\.approved/));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(group.getByText(webhookMessages.eventsRequired)).toBeDefined();
    expect(calls.updated).toEqual([]);

    await user.click(box(/testimonial\.deleted/));
    await user.click(box(/testimonial\.approved/));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Events saved')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.updated).toEqual([
      { id: endpointOf().id, events: ['testimonial.approved', 'testimonial.deleted'] },
    ]);
    expect(await within(card()).findByText('testimonial.deleted')).toBeDefined();
    expect(within(card()).queryByText('testimonial.submitted')).toBeNull();
  });

  it('keeps Edit events open, as chosen, when the save is refused; Escape closes it unsaved', async () => {
    const calls = serveWebhooks({ endpoints: [endpointOf()], refuseUpdate: true });
    const { user } = renderPage();
    await user.click(
      await within(card()).findByRole('button', { name: `Edit events ${endpointOf().url}` }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit events' }));
    await user.click(dialog.getByRole('checkbox', { name: /request\.submitted/ }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to change the endpoint')).toBeDefined();
    expect(calls.updated).toEqual([
      { id: endpointOf().id, events: ['testimonial.submitted', 'request.submitted'] },
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit events' })).toBeDefined();
    expect(
      dialog.getByRole('checkbox', { name: /request\.submitted/ }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDefined();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card()).queryByText('request.submitted')).toBeNull();
  });

  it('sends a test event', async () => {
    const calls = serveWebhooks({ endpoints: [endpointOf()] });
    const { user } = renderPage();
    await user.click(await within(card()).findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event queued')).toBeDefined();
    expect(calls.tests).toEqual([endpointOf().id]);
  });

  it('opens the delivery log with colored status codes, the bodies and Resend', async () => {
    const calls = serveWebhooks({
      endpoints: [endpointOf()],
      deliveries: [
        deliveryOf(),
        deliveryOf({
          id: '44444444-4444-4444-8444-444444444444',
          status: 'pending',
          attempts: 1,
          statusCode: null,
          error: 'Refused: address 10.0.0.5 is not allowed',
          durationMs: 8,
          responseExcerpt: null,
        }),
      ],
    });
    const { user } = renderPage();
    await user.click(await within(card()).findByRole('button', { name: 'Delivery log' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
    const table = within(await dialog.findByRole('table'));
    expect(table.getByText('HTTP 500')).toBeDefined();
    expect(table.getByText('Failed')).toBeDefined();
    expect(table.getByText('Retrying')).toBeDefined();
    expect(table.getByText('No answer')).toBeDefined();
    expect(table.getByText('Refused: address 10.0.0.5 is not allowed')).toBeDefined();
    expect(table.getByText('120 ms')).toBeDefined();

    const [firstBodies] = table.getAllByText('Request and response bodies');
    const details = firstBodies!.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(firstBodies!);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/"authorName": "Ana"/)).toBeDefined();
    expect(within(details).getByText('Internal oops')).toBeDefined();

    const [resend] = table.getAllByRole('button', { name: /^Resend/ });
    await user.click(resend!);
    await waitFor(() => expect(calls.resent).toEqual([deliveryOf().id]));
  });

  it('deletes an endpoint only after confirming', async () => {
    const calls = serveWebhooks({ endpoints: [endpointOf()] });
    const { user } = renderPage();
    await user.click(
      await within(card()).findByRole('button', { name: `Delete ${endpointOf().url}` }),
    );
    const confirm = within(
      screen.getByRole('alertdialog', { name: 'Delete this webhook endpoint?' }),
    );
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(calls.deleted).toEqual([]);
    await user.click(within(card()).getByRole('button', { name: `Delete ${endpointOf().url}` }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await within(card()).findByText('No webhook endpoints yet')).toBeDefined();
    expect(calls.deleted).toEqual([endpointOf().id]);
  });

  it('says when the endpoints could not be loaded, with a retry', async () => {
    serveWebhooks();
    server.use(
      mock(listWebhooks, () => apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error')),
    );
    renderPage();
    expect(await within(card()).findByRole('button', { name: /Try again|Retry/ })).toBeDefined();
    expect(within(card()).queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });
});
