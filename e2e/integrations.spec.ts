// Integrations as a developer and a Wix site owner meet them (docs/product/integrations.md#integrations-screen, docs/product/README.md#who-may-do-what):
// create an API key on /integrations, call the public API with it from Node,
// connect a Wix site through the /auth?…redirect=wix-connect login with a
// correctly signed instance, see it listed, and load /wix/widget for it.
import { createHmac, randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { ourPage, PASSWORD, registerOwner } from './helpers';

/** An `instance` as Wix signs it: base64url HMAC-SHA256 of the base64url JSON, keyed with the app secret. */
function signedInstance(wixSiteId: string): string {
  const secret = process.env.E2E_WIX_APP_SECRET ?? '';
  const data = Buffer.from(
    JSON.stringify({
      instanceId: wixSiteId,
      signDate: new Date().toISOString(),
      permissions: 'OWNER',
    }),
  ).toString('base64url');
  return `${createHmac('sha256', secret).update(data).digest('base64url')}.${data}`;
}

test('an owner creates an API key, calls the API with it, and connects a Wix site', async ({
  page,
  context,
  baseURL,
}) => {
  // Registered and paid for, as every journey but billing's is (helpers.ts).
  const { email } = await registerOwner(page.request, {
    businessName: 'Harbour Coffee',
    website: 'harbour-coffee.example',
    emailPrefix: 'integrations',
  });

  // The API key: created once, copied, then only masked.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByText('No Wix sites connected yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const keyField = page.getByLabel('Your new API key', { exact: true });
  await expect(keyField).toHaveValue(/^vly_[0-9a-f]{64}$/);
  const apiKey = await keyField.inputValue();
  await page.getByRole('button', { name: /Copy/ }).first().click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
  await page.getByRole('button', { name: "I've saved my key" }).click();
  await expect(keyField).toHaveCount(0);
  await expect(page.getByText(`vly_••••••••${apiKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByText('Status: Active')).toBeVisible();
  // The developer notes: the curl example names this server, the reference is one click away.
  await expect(page.getByText(`${baseURL}/api/v1/testimonials`)).toBeVisible();
  await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute(
    'href',
    '/docs/api',
  );

  // From Node, with no cookie: import a testimonial, list it, read the widget data.
  const headers = { authorization: `Bearer ${apiKey}` };
  const created = await fetch(`${baseURL}/api/v1/testimonials`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      authorName: 'Imported Iris',
      content: 'Best flat white on the harbour, every morning.',
      rating: 5,
      status: 'approved',
      source: 'google',
    }),
  });
  expect(created.status).toBe(201);
  const listed = (await (await fetch(`${baseURL}/api/v1/testimonials`, { headers })).json()) as {
    data: { authorName: string; source: string }[];
  };
  expect(listed.data).toEqual([
    expect.objectContaining({ authorName: 'Imported Iris', source: 'google' }),
  ]);
  expect((await fetch(`${baseURL}/api/v1/testimonials`)).status).toBe(401);

  // The dashboard's list says where it came from.
  await page.goto('/testimonials');
  await expect(page.getByText('Imported from google')).toBeVisible();

  // Wix connect: signed out, the Wix link shows "Connect to Wix"; the login lands on /wix/auth, which links the site.
  await page.request.post('/api/logout', ourPage());
  await context.clearCookies();
  const wixSiteId = randomUUID();
  const instance = signedInstance(wixSiteId);
  const params = new URLSearchParams({ wix_site_id: wixSiteId, redirect: 'wix-connect', instance });
  await page.goto(`/auth?${params}`);
  await expect(page.getByRole('heading', { name: 'Connect to Wix' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/wix\/auth\?/);
  await expect(page.getByRole('heading', { name: 'Wix site connected' })).toBeVisible();
  await expect(page.getByText(wixSiteId)).toBeVisible();
  await page.getByRole('link', { name: 'Go to Integrations' }).click();
  await expect(
    page.getByRole('list', { name: 'Connected Wix sites' }).getByText(wixSiteId),
  ).toBeVisible();

  // The Wix site's widget, as a page on another origin would read it.
  const wixWidget = await fetch(`${baseURL}/wix/widget?instance=${wixSiteId}`, {
    headers: { origin: 'https://harbour.wixsite.com' },
  });
  expect(wixWidget.status).toBe(200);
  expect(wixWidget.headers.get('access-control-allow-origin')).toBe('*');
  const widget = (await wixWidget.json()) as {
    business: { name: string };
    testimonials: { authorName: string }[];
  };
  expect(widget.business.name).toBe('Harbour Coffee');
  expect(widget.testimonials.map((row) => row.authorName)).toEqual(['Imported Iris']);
});
