// The Integrations screen as an owner meets it (docs/product/integrations.md#integrations-screen,
// docs/product/messages.md#integrations): creating a key and seeing it once, copying it (and a copy that fails),
// regenerating and revoking behind a confirmation, keys that no longer work,
// the connected Wix sites and disconnecting one, the developer notes, and a
// read that fails.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COPIED_INDICATOR_MS } from '../../../shared/constants';
import {
  createApiKey,
  disconnectWixSite,
  getApiKey,
  listWixSites,
  revokeApiKey,
} from '../../../shared/contracts/integrations';
import { listReviewSources } from '../../../shared/contracts/review-sources';
import { listWebhooks } from '../../../shared/contracts/webhooks';
import type { ApiKeyInfo, WixSite } from '../../../shared/schemas/integrations';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server, type ContractAnswer } from '../../testing/server';
import { IntegrationsPage } from './integrations-page';

const NO_KEY: ApiKeyInfo = {
  hasApiKey: false,
  maskedKey: null,
  status: null,
  createdAt: null,
  expiresAt: null,
};

function keyInfo(overrides: Partial<ApiKeyInfo> = {}): ApiKeyInfo {
  return {
    hasApiKey: true,
    maskedKey: 'vly_••••••••3f9a',
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2027-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function createWixSite(overrides: Partial<WixSite> = {}): WixSite {
  return {
    wixSiteId: 'site-aaa',
    siteName: 'Sunrise Bakery Shop',
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The owner's stored key and sites (POST and DELETE change them as the server
 * does). `apiKey` / `create` may be answers of their own (errors). Answers
 * how often each route was called and the sites asked to disconnect.
 */
function serveIntegrations({
  key = NO_KEY,
  sites = [],
  apiKey,
  create,
  newKey = 'vly_0123456789abcdefghijklmnopqrstuvwxyzABCD',
}: {
  key?: ApiKeyInfo;
  sites?: WixSite[];
  apiKey?: () => ContractAnswer<typeof getApiKey>;
  create?: () => ContractAnswer<typeof createApiKey>;
  newKey?: string;
} = {}) {
  let storedKey = key;
  let storedSites = sites;
  const calls = { getKey: 0, create: 0, revoke: 0, disconnected: [] as string[] };
  server.use(
    mock(getApiKey, () => {
      calls.getKey += 1;
      return apiKey ? apiKey() : storedKey;
    }),
    mock(createApiKey, () => {
      calls.create += 1;
      if (create) return create();
      storedKey = keyInfo({ maskedKey: `vly_••••••••${newKey.slice(-4)}` });
      return { apiKey: newKey };
    }),
    mock(revokeApiKey, () => {
      calls.revoke += 1;
      storedKey = { ...storedKey, status: 'blocked' };
      return storedKey;
    }),
    mock(listWixSites, () => storedSites),
    mock(listWebhooks, () => []),
    mock(listReviewSources, () => ({ sources: [], googleAvailable: true })),
    mock(disconnectWixSite, ({ params }) => {
      calls.disconnected.push(params.wixSiteId);
      storedSites = storedSites.filter((site) => site.wixSiteId !== params.wixSiteId);
      return { deleted: 1 as const };
    }),
  );
  return calls;
}

function renderPage() {
  return renderScreen(<IntegrationsPage />, { path: '/integrations' });
}

const keySection = () => screen.getByRole('region', { name: 'API key' });
const sitesSection = () => screen.getByRole('region', { name: 'Wix sites' });

describe('IntegrationsPage: API key', () => {
  it('creates a key, shows it in full once with a note, then its masked form, status and dates', async () => {
    const key = 'vly_0123456789abcdefghijklmnopqrstuvwxyzWXYZ';
    const calls = serveIntegrations({ newKey: key });
    const { user } = renderPage();

    expect(await within(keySection()).findByText(/don't have an API key yet/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const field = await screen.findByRole<HTMLInputElement>('textbox', {
      name: 'Your new API key',
    });
    expect(field.value).toBe(key);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText(/it won't be shown again/)).toBeDefined();
    expect(calls.create).toBe(1);
    const section = within(keySection());
    expect(await section.findByText('vly_••••••••WXYZ')).toBeDefined();
    expect(section.getByText('Active')).toBeDefined();
    expect(section.getByText('November 1, 2026')).toBeDefined();
    expect(section.getByText('November 1, 2027')).toBeDefined();
    expect(section.queryByRole('button', { name: 'Create API key' })).toBeNull();

    await user.click(screen.getByRole('button', { name: "I've saved my key" }));

    expect(screen.queryByRole('textbox', { name: 'Your new API key' })).toBeNull();
    expect(section.queryByText(key)).toBeNull();
    expect(section.getByText('vly_••••••••WXYZ')).toBeDefined();
  });

  it('copies the new key and reads "Copied" for 2 s', async () => {
    const key = 'vly_copyme0123456789abcdefghijklmnopqrstuvw';
    serveIntegrations({ newKey: key });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));

    await user.click(await screen.findByRole('button', { name: 'Copy API key' }));

    expect(await navigator.clipboard.readText()).toBe(key);
    expect(screen.getByRole('button', { name: 'Copied API key' })).toBeDefined();
    expect(screen.getByText('API key copied to clipboard')).toBeDefined();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Copy API key' })).toBeDefined(),
      { timeout: COPIED_INDICATOR_MS + 1000 },
    );
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    serveIntegrations();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await screen.findByRole('textbox', { name: 'Your new API key' });
    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy API key' }));

    expect(await screen.findByText('Copy failed')).toBeDefined();
    expect(screen.getByText('Please manually copy the API key.')).toBeDefined();
    expect(writeText).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Copied API key' })).toBeNull();
  });

  it('says when creating a key failed, and still offers to create one', async () => {
    serveIntegrations({
      create: () => apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error'),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));

    expect(await screen.findByText('Failed to create API key')).toBeDefined();
    expect(screen.getByText('Error')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Your new API key' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeDefined();
  });

  it('regenerates only after confirming that the old key stops working', async () => {
    const key = 'vly_regenerated0123456789abcdefghijklmnopQRST';
    const calls = serveIntegrations({ key: keyInfo(), newKey: key });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Regenerate your API key?' });
    expect(within(dialog).getByText(/current key stops working immediately/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.create).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Regenerate key' }),
    );

    const field = await screen.findByRole<HTMLInputElement>('textbox', {
      name: 'Your new API key',
    });
    expect(field.value).toBe(key);
    expect(calls.create).toBe(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(keySection()).findByText('vly_••••••••QRST')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('revokes after confirming: the key reads Revoked and a new one can be created', async () => {
    const calls = serveIntegrations({ key: keyInfo() });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke your API key?' });
    expect(calls.revoke).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    const section = within(keySection());
    expect(await section.findByText('Revoked')).toBeDefined();
    expect(calls.revoke).toBe(1);
    expect(screen.getByText('API key revoked')).toBeDefined();
    expect(
      section.getByText(/You revoked this key, so requests with it are refused/),
    ).toBeDefined();
    expect(section.queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(section.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        section.getByRole('button', { name: 'Create new API key' }),
      ),
    );
  });

  it('explains an expired key and offers a new one without asking', async () => {
    const calls = serveIntegrations({
      key: keyInfo({
        status: 'expired',
        createdAt: '2025-10-01T10:00:00.000Z',
        expiresAt: '2026-10-01T10:00:00.000Z',
      }),
    });
    const { user } = renderPage();

    const section = within(await screen.findByRole('region', { name: 'API key' }));
    expect(await section.findByText('Expired', { selector: 'span' })).toBeDefined();
    expect(
      section.getByText(/This key has expired, so requests with it are refused/),
    ).toBeDefined();
    await user.click(section.getByRole('button', { name: 'Create new API key' }));

    expect(await screen.findByRole('textbox', { name: 'Your new API key' })).toBeDefined();
    expect(calls.create).toBe(1);
  });

  it('says the key could not be loaded, and loads it on Try again', async () => {
    let fail = true;
    serveIntegrations({
      apiKey: () =>
        fail ? apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error') : NO_KEY,
    });
    const { user } = renderPage();

    expect(await within(keySection()).findByText("We couldn't load your API key.")).toBeDefined();
    fail = false;
    await user.click(within(keySection()).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Create API key' })).toBeDefined();
  });
});

describe('IntegrationsPage: Wix sites', () => {
  it('lists the connected sites with their id and date, naming an unnamed one "Wix site"', async () => {
    serveIntegrations({
      sites: [
        createWixSite(),
        createWixSite({
          wixSiteId: 'site-bbb',
          siteName: null,
          createdAt: '2026-10-15T10:00:00.000Z',
        }),
      ],
    });
    renderPage();

    const list = await within(sitesSection()).findByRole('list', { name: 'Connected Wix sites' });
    const [named, unnamed] = within(list).getAllByRole('listitem');
    expect(within(named!).getByText('Sunrise Bakery Shop', { selector: 'p' })).toBeDefined();
    expect(within(named!).getByText('site-aaa')).toBeDefined();
    expect(within(named!).getByText('Connected November 2, 2026')).toBeDefined();
    expect(within(unnamed!).getByText('Wix site', { selector: 'p' })).toBeDefined();
    expect(within(unnamed!).getByText('site-bbb')).toBeDefined();
    expect(within(unnamed!).getByRole('button', { name: 'Disconnect Wix site' })).toBeDefined();
  });

  it('disconnects a site after confirming, and shows the empty state once none is left', async () => {
    const calls = serveIntegrations({ sites: [createWixSite()] });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Disconnect Sunrise Bakery Shop' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disconnect this Wix site?' });
    expect(within(dialog).getByText('(site-aaa)')).toBeDefined();
    expect(calls.disconnected).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await within(sitesSection()).findByText('No Wix sites connected yet')).toBeDefined();
    expect(calls.disconnected).toEqual(['site-aaa']);
    expect(screen.getByText('Wix site disconnected')).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement?.textContent).toMatch(/^No Wix sites connected yet/),
    );
  });

  it('explains how sites are connected when there are none', async () => {
    serveIntegrations();
    renderPage();

    expect(await within(sitesSection()).findByText('No Wix sites connected yet')).toBeDefined();
    expect(
      within(sitesSection()).getByText(/open Vouchly from your Wix site's dashboard/),
    ).toBeDefined();
  });
});

describe('IntegrationsPage: developer notes', () => {
  it('states the bearer header, the rate limit and the widget endpoint, with a curl example for this server', async () => {
    serveIntegrations();
    const { user } = renderPage();
    const notes = within(screen.getByRole('region', { name: 'Developer notes' }));

    expect(notes.getByText('Authorization: Bearer YOUR_API_KEY')).toBeDefined();
    expect(notes.getByText(/60 requests per minute per key/)).toBeDefined();
    // The documented words for the widget endpoint (docs/product/integrations.md#integrations-screen), and what they mean: the count is each visitor's own.
    expect(
      notes.getByText(/60 requests per minute per site from each visitor's address/),
    ).toBeDefined();
    expect(notes.getByText('GET /wix/widget?instance={wixSiteId}')).toBeDefined();
    const curl =
      'curl -H "Authorization: Bearer YOUR_API_KEY" http://localhost:3000/api/v1/testimonials';
    expect(notes.getByText(curl)).toBeDefined();
    expect(notes.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(
      '/docs/api',
    );

    await user.click(notes.getByRole('button', { name: 'Copy curl example' }));

    expect(await navigator.clipboard.readText()).toBe(curl);
    await screen.findByRole('button', { name: 'Create API key' });
  });
});
