// Small helpers shared by the journeys.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { decodeQuotedPrintable } from '../src/server/testing/quoted-printable';
import { expect } from './fixtures';

export const PASSWORD = 'correct-horse-battery';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The fixture fails a test on any console error, and the browser logs each 4xx
 * response as one: call this for the failures a test provokes on purpose.
 */
export function forgiveResponseErrors(consoleErrors: string[], status: number): void {
  const expected = `the server responded with a status of ${status}`;
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (consoleErrors[index]?.includes(expected)) consoleErrors.splice(index, 1);
  }
}

/**
 * Headers for a change sent with an APIRequestContext as our own pages send
 * it: our Origin, and a JSON body even when it is empty. The server refuses a
 * change that carries the session cookie without them (src/server/plugins/csrf.ts).
 */
export function ourPage(origin = process.env.E2E_BASE_URL ?? ''): {
  headers: Record<string, string>;
} {
  return { headers: { origin, 'content-type': 'application/json' } };
}

/**
 * Registers an owner (password PASSWORD) and their business with `request`'s
 * cookies, signing them in, and pays for them (grantPaidAccess); answers the
 * email and the collection slug. `origin` is the server's, when a journey runs one of its own.
 */
export async function registerOwner(
  request: APIRequestContext,
  {
    businessName = 'Harbour Coffee',
    website = 'example-business.com',
    emailPrefix = 'owner',
    origin,
  }: { businessName?: string; website?: string; emailPrefix?: string; origin?: string } = {},
): Promise<{ email: string; slug: string }> {
  const email = uniqueEmail(emailPrefix);
  const response = await request.post('/api/register', {
    ...ourPage(origin),
    data: { businessName, website, email, password: PASSWORD, agreeToTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  await grantPaidAccess(request, origin);
  const business = await request.get('/api/business');
  expect(business.ok()).toBe(true);
  return { email, slug: ((await business.json()) as { collectionSlug: string }).collectionSlug };
}

/**
 * Pays for the signed-in owner of `request` through the built-in test checkout,
 * as the Pay button does, so journeys about other screens start past the
 * upgrade screen. The billing journey (billing.spec.ts) goes through the screens.
 */
export async function grantPaidAccess(request: APIRequestContext, origin?: string): Promise<void> {
  const checkout = await request.post('/api/create-checkout-session', ourPage(origin));
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop() ?? '';
  const paid = await request.post(`/api/test-checkout/${sessionId}/pay`, ourPage(origin));
  expect(paid.status(), await paid.text()).toBe(200);
}

/** A solid-colour PNG. */
export function pngOf(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Uploads an image the way the public form does; answers the reference to submit. */
export async function uploadPublic(
  request: APIRequestContext,
  slug: string,
  purpose: 'product-image' | 'before-after-image',
  colour: string,
): Promise<string> {
  const start = await request.post(`/api/objects/upload/${purpose}`, {
    ...ourPage(),
    data: { slug },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, {
    data: await pngOf(colour),
    headers: { ...ourPage().headers, 'content-type': 'image/png' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const body = (await put.json().catch(() => ({}))) as { objectPath?: string };
  return body.objectPath ?? uploadURL;
}

/**
 * The newest email in the server's outbox addressed to `to` that `pick` finds something in, decoded
 * (quoted-printable undone, UTF-8 read); waits for it. Answers what `pick` found.
 */
export async function fromNewestEmail(
  to: string,
  pick: (decoded: string) => string | undefined,
  what: string,
): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see e2e/global-setup.ts)');
  const outbox = path.join(dataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(outbox).catch(() => [] as string[]);
        const messages = await Promise.all(
          names
            .filter((name) => name.endsWith('.eml'))
            .map(async (name) => {
              const file = path.join(outbox, name);
              return { text: await readFile(file, 'utf8'), time: (await stat(file)).mtimeMs };
            }),
        );
        const decoded = messages
          .filter(({ text }) => text.includes(`To: ${to}`))
          .sort((a, b) => a.time - b.time)
          .map(({ text }) => decodeQuotedPrintable(text))
          .reverse();
        found = decoded.map(pick).find((value) => value !== undefined);
        return found;
      },
      { message: `${what} to ${to} in ${outbox}` },
    )
    .toBeTruthy();
  return found as string;
}
