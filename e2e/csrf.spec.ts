// A page on another port of the same host is same-site but cross-origin: the
// browser sends the owner's SameSite=Lax session cookie along with its
// requests, and a body-less `no-cors` POST needs no preflight. Such a page
// must not be able to cancel the subscription, rotate or revoke the API key,
// sign the owner out, sync or start a checkout (src/server/plugins/csrf.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { ourPage, registerOwner } from './helpers';

/**
 * The changes the other page tries, each a body-less no-cors POST (no-cors
 * allows no other changing method; a DELETE needs a preflight, which fails).
 */
const ATTACKS = [
  { method: 'POST', path: '/api/cancel-subscription' },
  { method: 'POST', path: '/api/integrations/api-key' },
  { method: 'POST', path: '/api/sync-subscription' },
  { method: 'POST', path: '/api/create-checkout-session' },
  { method: 'POST', path: '/api/logout' },
] as const;

/** Serves one empty page on a free port of this machine: the other site. */
async function startOtherSite(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><title>Another site on this host</title><p>Nothing to see here.</p>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a same-site page on another port cannot change anything with the owner’s cookie', async ({
  page,
  context,
  baseURL,
}) => {
  // A paying owner (the test checkout) with an API key, signed in in this browser.
  await registerOwner(page.request, { businessName: 'Harbour Coffee', emailPrefix: 'csrf' });
  const created = await page.request.post('/api/integrations/api-key', ourPage());
  expect(created.status(), await created.text()).toBe(200);
  const read = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return response.json() as Promise<unknown>;
  };
  const before = {
    subscription: await read('/api/billing/subscription'),
    apiKey: await read('/api/integrations/api-key'),
    access: await read('/api/user/access-status'),
  };
  expect(before.subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });

  const other = await startOtherSite();
  try {
    const target = new URL(baseURL ?? '');
    const otherOrigin = `${target.protocol}//${target.hostname}:${other.port}`;
    const attacker = await context.newPage();
    // Read from the DevTools protocol: our answers carry Cross-Origin-Resource-Policy:
    // same-origin, so the browser hides them from the page (and from Playwright's
    // response events) after the server has acted. What matters is what was sent and answered.
    const cdp = await context.newCDPSession(attacker);
    await cdp.send('Network.enable');
    const seen = new Map<
      string,
      { call?: string; cookie?: string; fetchSite?: string; status?: number }
    >();
    const entry = (requestId: string) =>
      seen.get(requestId) ?? seen.set(requestId, {}).get(requestId)!;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      const url = new URL(request.url);
      if (url.origin === target.origin) entry(requestId).call = `${request.method} ${url.pathname}`;
    });
    cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
      const lower = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      Object.assign(entry(requestId), {
        cookie: lower.cookie ?? '',
        fetchSite: lower['sec-fetch-site'] ?? '',
      });
    });
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
      entry(requestId).status = statusCode;
    });
    await attacker.goto(`${otherOrigin}/`);
    await attacker.evaluate(
      async ({ origin, attacks }) => {
        for (const { method, path } of attacks) {
          // The page can read no answer, and need not: the browser rejects the opaque one.
          await fetch(`${origin}${path}`, {
            method,
            mode: 'no-cors',
            credentials: 'include',
          }).catch(() => undefined);
        }
      },
      { origin: target.origin, attacks: ATTACKS },
    );
    const answered = () =>
      [...seen.values()].filter((request) => request.call && request.status !== undefined);
    await expect.poll(() => answered().length).toBe(ATTACKS.length);
    for (const { method, path } of ATTACKS) {
      const call = `${method} ${path}`;
      const request = answered().find((candidate) => candidate.call === call);
      // The attack is real: same-site, and the browser sent the session cookie along.
      expect(request?.fetchSite, call).toBe('same-site');
      expect(request?.cookie, call).toMatch(/vouchly\.sid=/);
      expect(request?.status, call).toBe(403);
    }
    await attacker.close();
  } finally {
    await other.close();
  }

  // Nothing changed: the subscription, the key, the access and the session.
  expect({
    subscription: await read('/api/billing/subscription'),
    apiKey: await read('/api/integrations/api-key'),
    access: await read('/api/user/access-status'),
  }).toEqual(before);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});
