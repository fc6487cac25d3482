// /wix/auth as a Wix user meets it (docs/product/integrations.md#wix-connect; issue 11): signed out, off to
// the Wix login with the parameters kept; signed in, one connect call (even
// under StrictMode) and the linked site, or why it could not be linked, told
// apart by the error code; a network failure can be retried; without the
// parameters nothing is asked.
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { getCurrentUser } from '../../../shared/contracts/auth';
import { connectWixSite } from '../../../shared/contracts/integrations';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { createCurrentUser } from '../../testing/session-factories';
import { WixConnectPage } from './wix-connect-page';

const INSTANCE = 'c2lnbmF0dXJl.eyJpbnN0YW5jZUlkIjoic2l0ZS0xMjMifQ';
const WIX_PATH = `/wix/auth?wix_site_id=site-123&redirect=wix-connect&instance=${INSTANCE}`;

/** The session (signed in unless `signedIn` is false) and POST /api/wix/connect; answers the calls. */
function serveConnect({
  signedIn = true,
  connect = () => ({
    site: {
      wixSiteId: 'site-123',
      siteName: 'Harbour Coffee',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
    alreadyLinked: false,
  }),
}: {
  signedIn?: boolean;
  connect?: Parameters<typeof mock<typeof connectWixSite>>[1];
} = {}) {
  const calls: unknown[] = [];
  server.use(
    mock(getCurrentUser, () =>
      signedIn ? createCurrentUser() : apiErrorResponse(401, 'UNAUTHORIZED', 'Unauthorized'),
    ),
    mock(connectWixSite, (call) => {
      calls.push(call.body);
      return connect(call);
    }),
  );
  return calls;
}

function renderPage(path = WIX_PATH) {
  return renderScreen(
    <StrictMode>
      <WixConnectPage />
    </StrictMode>,
    {
      path,
      routes: [
        { path: '/auth', element: <h1>Sign in</h1> },
        { path: '/integrations', element: <h1>Integrations</h1> },
      ],
    },
  );
}

const tryAgain = () => screen.queryByRole('button', { name: 'Try again' });

describe('WixConnectPage', () => {
  it('sends a signed-out visitor to the login, keeping the Wix parameters', async () => {
    const calls = serveConnect({ signedIn: false });
    const { router } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/auth');
    const params = new URLSearchParams(search);
    expect(params.get('tab')).toBe('login');
    expect(params.get('wix_site_id')).toBe('site-123');
    expect(params.get('redirect')).toBe('wix-connect');
    expect(params.get('instance')).toBe(INSTANCE);
    expect(calls).toHaveLength(0);
  });

  it('connects the site once, even under StrictMode, and shows it with a link to Integrations', async () => {
    const calls = serveConnect();
    const { user } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Wix site connected' })).toBeDefined();
    expect(screen.getByText('Harbour Coffee')).toBeDefined();
    expect(screen.getByText('site-123')).toBeDefined();
    expect(calls).toEqual([{ instance: INSTANCE, wixSiteId: 'site-123' }]);

    await user.click(screen.getByRole('link', { name: 'Go to Integrations' }));

    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeDefined();
  });

  it('says when the site was already linked to this account', async () => {
    serveConnect({
      connect: () => ({
        site: { wixSiteId: 'site-123', siteName: null, createdAt: '2026-10-02T10:00:00.000Z' },
        alreadyLinked: true,
      }),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Already connected' })).toBeDefined();
    expect(screen.getByText('Wix site')).toBeDefined();
    expect(screen.getByText(/already connected to your account, so nothing changed/)).toBeDefined();
  });

  it('shows a connecting state while the server links the site', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    serveConnect({
      connect: async () => {
        await answered;
        return {
          site: {
            wixSiteId: 'site-123',
            siteName: 'Harbour Coffee',
            createdAt: '2026-11-02T10:00:00.000Z',
          },
          alreadyLinked: false,
        };
      },
    });
    renderPage();

    const heading = await screen.findByRole('heading', { name: 'Connecting your Wix site…' });
    expect(heading.closest('[role="status"]')).not.toBeNull();
    release();

    expect(await screen.findByRole('heading', { name: 'Wix site connected' })).toBeDefined();
  });

  it.each([
    [
      'WIX_NOT_CONFIGURED',
      () =>
        apiErrorResponse(503, 'WIX_NOT_CONFIGURED', 'Wix connect is not configured on this server'),
      "Wix connect isn't set up",
      /Wix connect is not set up on this server/,
    ],
    [
      'INVALID_WIX_INSTANCE',
      () => apiErrorResponse(400, 'INVALID_WIX_INSTANCE', 'This Wix link has expired.'),
      "This Wix link isn't valid",
      'This Wix link has expired.',
    ],
    [
      'WIX_SITE_TAKEN',
      () => apiErrorResponse(409, 'WIX_SITE_TAKEN', 'This Wix site is linked to another account'),
      'Connected to another account',
      /already connected to another Vouchly account/,
    ],
  ])('explains %s, without a retry', async (_, connect, heading, text) => {
    const calls = serveConnect({ connect });
    renderPage();

    expect(await screen.findByRole('heading', { name: heading })).toBeDefined();
    expect(screen.getByText(text)).toBeDefined();
    expect(tryAgain()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("shows the server's reason when the instance is refused, which says what to do", async () => {
    const reason =
      'This Wix connection link has expired. Please open Vouchly again from your Wix dashboard.';
    serveConnect({ connect: () => apiErrorResponse(400, 'INVALID_WIX_INSTANCE', reason) });
    renderPage();

    expect(await screen.findByRole('heading', { name: "This Wix link isn't valid" })).toBeDefined();
    expect(screen.getByText(reason)).toBeDefined();
    expect(
      screen.queryByText("Open Vouchly again from your Wix site's dashboard to get a fresh link."),
    ).toBeNull();
  });

  it('tells the user to open Vouchly again from Wix when the link is malformed', async () => {
    serveConnect({
      connect: () => apiErrorResponse(400, 'VALIDATION_ERROR', 'The Wix instance is too long'),
    });
    renderPage();

    await screen.findByText('The Wix instance is too long');
    expect(
      screen.getByText("Open Vouchly again from your Wix site's dashboard to get a fresh link."),
    ).toBeDefined();
  });

  it('offers Try again after a network failure, and connects on it', async () => {
    let fail = true;
    const calls = serveConnect({
      connect: () =>
        fail
          ? HttpResponse.error()
          : {
              site: {
                wixSiteId: 'site-123',
                siteName: 'Harbour Coffee',
                createdAt: '2026-11-02T10:00:00.000Z',
              },
              alreadyLinked: false,
            },
    });
    const { user } = renderPage();

    expect(
      await screen.findByRole('heading', { name: "Couldn't connect your Wix site" }),
    ).toBeDefined();
    fail = false;
    await user.click(tryAgain()!);

    expect(await screen.findByRole('heading', { name: 'Wix site connected' })).toBeDefined();
    expect(calls).toHaveLength(2);
  });

  it('goes back to the Wix login when the session ended meanwhile', async () => {
    serveConnect({ connect: () => apiErrorResponse(401, 'UNAUTHORIZED', 'Unauthorized') });
    const { router } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    expect(new URLSearchParams(router.state.location.search).get('instance')).toBe(INSTANCE);
  });

  it.each([
    ['no instance', '/wix/auth?wix_site_id=site-123&redirect=wix-connect'],
    ['no site id', `/wix/auth?redirect=wix-connect&instance=${INSTANCE}`],
  ])('says what is missing and asks nothing with %s', async (_, path) => {
    const calls = serveConnect();
    renderPage(path);

    const heading = await screen.findByRole('heading', { name: 'Missing Wix details' });
    expect(within(heading.parentElement!).getByText(/missing the details Wix adds/)).toBeDefined();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});
