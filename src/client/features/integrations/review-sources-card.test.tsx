// The Review sources card as an owner meets it (docs/product/integrations.md#review-sources): connecting Trustpilot
// (a refused key said under the field), Google off with its note, Google's sign-in and its way back with the location
// to choose, and a source's status, last error, Reconnect, Trust, Sync now and Disconnect.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getApiKey, listWixSites } from '../../../shared/contracts/integrations';
import {
  chooseGoogleLocation,
  connectTrustpilot,
  deleteReviewSource,
  finishGoogleAuth,
  listGoogleLocations,
  listReviewSources,
  startGoogleAuth,
  syncReviewSource,
  updateReviewSource,
} from '../../../shared/contracts/review-sources';
import { listWebhooks } from '../../../shared/contracts/webhooks';
import { reviewSourceMessages, type ReviewSource } from '../../../shared/schemas/review-sources';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { IntegrationsPage } from './integrations-page';

const GOOGLE_ID = '11111111-1111-4111-8111-111111111111';
const TRUSTPILOT_ID = '22222222-2222-4222-8222-222222222222';
const GOOGLE_SIGN_IN = 'https://accounts.google.com/o/oauth2/v2/auth?state=signed';

function sourceOf(overrides: Partial<ReviewSource> = {}): ReviewSource {
  return {
    id: TRUSTPILOT_ID,
    kind: 'trustpilot',
    status: 'connected',
    trusted: false,
    label: 'a1b2c3',
    needsLocation: false,
    lastSyncAt: null,
    lastError: null,
    nextSyncAt: null,
    consecutiveFailures: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The owner's sources as the server keeps them; answers what was called. */
function serveSources({
  sources = [] as ReviewSource[],
  googleAvailable = true,
  refuseKey = false,
} = {}) {
  let stored = sources;
  const calls = {
    trustpilot: [] as unknown[],
    started: 0,
    finished: [] as unknown[],
    locations: [] as string[],
    trusted: [] as unknown[],
    synced: [] as string[],
    deleted: [] as string[],
  };
  const replace = (source: ReviewSource) => {
    stored = [...stored.filter((item) => item.id !== source.id), source];
    return source;
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
    mock(listWebhooks, () => []),
    mock(listReviewSources, () => ({ sources: stored, googleAvailable })),
    mock(connectTrustpilot, ({ body }) => {
      calls.trustpilot.push(body);
      if (refuseKey)
        return apiErrorResponse(400, 'VALIDATION_ERROR', reviewSourceMessages.trustpilotRefused, [
          { path: 'apiKey', message: reviewSourceMessages.trustpilotRefused },
        ]);
      return replace(sourceOf({ label: body.businessUnitId }));
    }),
    mock(startGoogleAuth, () => {
      calls.started += 1;
      return { url: GOOGLE_SIGN_IN };
    }),
    mock(finishGoogleAuth, ({ body }) => {
      calls.finished.push(body);
      return replace(sourceOf({ id: GOOGLE_ID, kind: 'google', label: null, needsLocation: true }));
    }),
    mock(listGoogleLocations, () => ({
      locations: [
        { name: 'accounts/1/locations/2', title: 'Market Square', accountName: 'Crumb & Co' },
        { name: 'accounts/1/locations/3', title: 'Harbour Street', accountName: 'Crumb & Co' },
      ],
    })),
    mock(chooseGoogleLocation, ({ params, body }) => {
      calls.locations.push(body.name);
      return replace(
        sourceOf({ id: params.id, kind: 'google', label: 'Harbour Street', needsLocation: false }),
      );
    }),
    mock(updateReviewSource, ({ params, body }) => {
      calls.trusted.push({ id: params.id, ...body });
      const found = stored.find((item) => item.id === params.id)!;
      return replace({ ...found, trusted: body.trusted });
    }),
    mock(syncReviewSource, ({ params }) => {
      calls.synced.push(params.id);
      return { queued: true as const };
    }),
    mock(deleteReviewSource, ({ params }) => {
      calls.deleted.push(params.id);
      stored = stored.filter((item) => item.id !== params.id);
      return { deleted: true as const };
    }),
  );
  return calls;
}

const card = () => screen.getByRole('region', { name: 'Review sources' });
const renderPage = (path = '/integrations') =>
  renderScreen(<IntegrationsPage />, { path, routePath: '/integrations' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Review sources card', () => {
  it('connects Trustpilot, saying under the key when Trustpilot refuses it', async () => {
    const calls = serveSources({ refuseKey: true });
    const { user } = renderPage();
    expect(await within(card()).findByText('No review sources connected yet.')).toBeDefined();
    await user.click(within(card()).getByRole('button', { name: 'Connect Trustpilot' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Trustpilot' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText(reviewSourceMessages.businessUnitRequired)).toBeDefined();
    expect(calls.trustpilot).toEqual([]);

    await user.type(within(dialog).getByLabelText('Business unit ID'), 'a1b2c3');
    const key = within(dialog).getByLabelText('API key');
    await user.type(key, 'wrong-key');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(reviewSourceMessages.trustpilotRefused)).toBeDefined();
    expect(key.getAttribute('aria-invalid')).toBe('true');

    serveSources();
    await user.clear(key);
    await user.type(key, 'good-key');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = within(
      await within(card()).findByRole('list', { name: 'Connected review sources' }),
    );
    expect(list.getByRole('heading', { name: 'Trustpilot' })).toBeDefined();
    expect(list.getByText('Connected')).toBeDefined();
    expect(list.getByText('Not synced yet')).toBeDefined();
  });

  it('turns Connect Google off with a note when the server has no Google client', async () => {
    serveSources({ googleAvailable: false });
    renderPage();
    const button = await within(card()).findByRole('button', { name: 'Connect Google' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(card()).getByText(/Google is not set up on this server yet/)).toBeDefined();
  });

  it("opens Google's sign-in for Connect Google", async () => {
    const calls = serveSources();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = renderPage();
    await user.click(await within(card()).findByRole('button', { name: 'Connect Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_SIGN_IN));
    expect(calls.started).toBe(1);
  });

  it("posts the code of Google's redirect once, then saves the chosen location", async () => {
    const calls = serveSources();
    const { user } = renderPage('/integrations?code=4%2Fcode&state=signed-state&scope=x');
    expect(await screen.findByText('Google connected')).toBeDefined();
    expect(calls.finished).toEqual([{ code: '4/code', state: 'signed-state' }]);
    const location = await within(card()).findByRole('combobox', { name: 'Location' });
    await user.selectOptions(location, 'accounts/1/locations/3');
    await user.click(within(card()).getByRole('button', { name: 'Use this location' }));
    expect(await within(card()).findByText('Harbour Street')).toBeDefined();
    expect(calls.locations).toEqual(['accounts/1/locations/3']);
    expect(calls.finished).toHaveLength(1);
  });

  it('shows a revoked and a failing source with their errors; trusts, syncs and disconnects', async () => {
    const calls = serveSources({
      sources: [
        sourceOf({
          id: GOOGLE_ID,
          kind: 'google',
          label: 'Market Square',
          status: 'reconnect',
          lastError: 'Google no longer accepts our access. Please reconnect.',
        }),
        sourceOf({
          status: 'failing',
          lastSyncAt: '2026-11-02T10:00:00.000Z',
          lastError: 'Trustpilot is not answering (error 502).',
          consecutiveFailures: 2,
        }),
      ],
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = renderPage();
    const list = within(
      await within(card()).findByRole('list', { name: 'Connected review sources' }),
    );
    expect(list.getByText('Reconnect needed')).toBeDefined();
    expect(list.getByText('Google no longer accepts our access. Please reconnect.')).toBeDefined();
    expect(list.getByText('Retrying')).toBeDefined();
    expect(list.getByText('Trustpilot is not answering (error 502).')).toBeDefined();
    expect(list.queryByRole('button', { name: 'Sync now Google' })).toBeNull();

    await user.click(list.getByRole('button', { name: 'Reconnect Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_SIGN_IN));

    await user.click(list.getByRole('switch', { name: 'Trust Trustpilot' }));
    await waitFor(() => expect(calls.trusted).toEqual([{ id: TRUSTPILOT_ID, trusted: true }]));
    await user.click(list.getByRole('button', { name: 'Sync now Trustpilot' }));
    expect(await screen.findByText('Sync started')).toBeDefined();
    expect(calls.synced).toEqual([TRUSTPILOT_ID]);

    await user.click(list.getByRole('button', { name: 'Disconnect Trustpilot' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Disconnect Trustpilot?' })).getByRole(
        'button',
        { name: 'Disconnect' },
      ),
    );
    await waitFor(() => expect(calls.deleted).toEqual([TRUSTPILOT_ID]));
    expect(await within(card()).findByRole('button', { name: 'Connect Trustpilot' })).toBeDefined();
  });
});
