// The sign-up wizard's first minutes, pressed as a person presses: Continue
// moves on at the first press while the logo check runs and nothing on the
// website step moves its buttons; Create Account shows every error of its step
// at once; and the logo found on the website becomes the new business's logo.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { PASSWORD, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

type DetectedLogo = { logoUrl: string | null };

/**
 * Holds every logo check (POST /api/business/detect-logo) until the test
 * answers it, so a journey can act while one is running.
 */
function holdLogoChecks(page: Page) {
  const waiting: Route[] = [];
  let arrived: () => void = () => {};
  let next = new Promise<void>((resolve) => (arrived = resolve));
  void page.route('**/api/business/detect-logo', (route) => {
    waiting.push(route);
    arrived();
  });
  return {
    /** Resolves once a check is waiting for its answer. */
    async started() {
      while (waiting.length === 0) await next;
    },
    /** Answers every waiting check with `answer`. */
    async answer(answer: DetectedLogo) {
      const routes = waiting.splice(0);
      next = new Promise<void>((resolve) => (arrived = resolve));
      await Promise.all(routes.map((route) => route.fulfill({ json: answer })));
    },
  };
}

/** Lets the page draw what the last events changed. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

/**
 * A person's press on `button`: the mouse goes down at its middle, the page
 * reacts to that (a field loses focus) and draws, then the mouse comes up
 * where it went down.
 */
async function press(
  page: Page,
  button: Locator,
  whilePressed: () => Promise<void> = async () => {},
) {
  await expect(button).toBeEnabled();
  const box = await button.boundingBox();
  if (!box) throw new Error('the button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await whilePressed();
  await nextFrames(page);
  await page.mouse.up();
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function toWebsiteStep(page: Page, origin = '') {
  await page.goto(`${origin}/auth?tab=register`);
  await page.getByLabel('Business Name').fill('Sunrise Bakery');
  await continueButton(page).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
}

test('one press of Continue right after typing the website moves on, while the logo check runs', async ({
  page,
}) => {
  const checks = holdLogoChecks(page);
  await toWebsiteStep(page);

  await page.getByLabel('Website URL').fill('sunrise-bakery.com');
  // Pressing Continue takes the focus from the field, which starts the logo check at once.
  await press(page, continueButton(page), () => checks.started());

  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await checks.answer({ logoUrl: null });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`nothing on the website step moves its buttons, ${viewport.width} wide`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const checks = holdLogoChecks(page);
    await toWebsiteStep(page);
    const buttons = [continueButton(page), page.getByRole('button', { name: 'Back' })];
    const places = () => Promise.all(buttons.map((button) => button.boundingBox()));
    const before = await places();

    const website = page.getByLabel('Website URL');
    await website.fill('sunrise-bakery.com');
    await website.blur();
    await checks.started();
    await expect(page.getByText('Looking for your logo…')).toBeVisible();
    expect(await places(), 'while the logo check runs').toEqual(before);

    await checks.answer({ logoUrl: '/favicon.svg' });
    await expect(page.getByRole('img', { name: 'Logo found on your website' })).toBeVisible();
    expect(await places(), 'with the logo found').toEqual(before);

    await website.fill('no-logo-bakery.com');
    await website.blur();
    await checks.started();
    await checks.answer({ logoUrl: null });
    await expect(page.getByRole('img', { name: 'Logo found on your website' })).toBeHidden();
    expect(await places(), 'with no logo found').toEqual(before);
  });
}

test('Create Account with everything empty shows every error of the step at once', async ({
  page,
}) => {
  await page.route('**/api/business/detect-logo', (route) =>
    route.fulfill({ json: { logoUrl: null } }),
  );
  await toWebsiteStep(page);
  await page.getByLabel('Website URL').fill('sunrise-bakery.com');
  await page.getByLabel('Website URL').blur();
  await expect(page.getByText('Looking for your logo…')).toBeHidden();
  await continueButton(page).click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  await press(page, page.getByRole('button', { name: 'Create Account' }));

  for (const message of [
    'Invalid email format',
    'Password must be at least 8 characters',
    'You must agree to the terms of service to continue',
  ]) {
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
});

test.describe('a website with a logo', () => {
  const siteName = 'sunrise-bakery.localhost';
  let server: RunningServer;
  let site: https.Server;
  let siteHost: string;
  /** What the website's logo was asked for by: the browser and the server each say who they are. */
  const logoRequests: string[] = [];

  test.use({ ignoreHTTPSErrors: true });

  test.beforeAll(async () => {
    // The website is served over https with its own certificate, which the
    // server trusts (NODE_EXTRA_CA_CERTS) and the browser is told to accept.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-site-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const files = ['-keyout', keyFile, '-out', certFile];
    const subject = ['-subj', `/CN=${siteName}`, '-addext', `subjectAltName=DNS:${siteName}`];
    const request = 'req -x509 -newkey rsa:2048 -nodes -days 2'.split(' ');
    execFileSync('openssl', [...request, ...files, ...subject], { stdio: 'ignore' });
    // A photo-like logo with GPS in its EXIF: what is stored must have none.
    const logo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#0f766e' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100' },
      })
      .toBuffer();
    site = https.createServer(
      { key: readFileSync(keyFile), cert: readFileSync(certFile) },
      (request, response) => {
        if (request.url === '/') {
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              '<!doctype html><html><head><title>Sunrise Bakery</title>' +
                '<link rel="icon" href="/brand.jpg" sizes="192x192"></head><body>Fresh bread</body></html>',
            );
        } else if (request.url === '/brand.jpg') {
          logoRequests.push(String(request.headers['user-agent']));
          response.writeHead(200, { 'content-type': 'image/jpeg' }).end(logo);
        } else {
          response.writeHead(404).end();
        }
      },
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteHost = `${siteName}:${(site.address() as AddressInfo).port}`;
    server = await startServer(
      { NODE_EXTRA_CA_CERTS: certFile },
      { allowPrivateNetworkFetch: true },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  test("the logo found on the website becomes the new business's logo", async ({ page }) => {
    const base = server.baseUrl;
    await toWebsiteStep(page, base);
    await page.getByLabel('Website URL').fill(siteHost);
    await page.getByLabel('Website URL').blur();
    await expect(page.getByText('Logo detected')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo found on your website' })).toHaveAttribute(
      'src',
      `https://${siteHost}/brand.jpg`,
    );
    await continueButton(page).click();

    await page.getByLabel('Email').fill(uniqueEmail('logo'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();

    // The server fetches the logo itself once the account exists, and keeps its own checked copy.
    let logoUrl = '';
    await expect
      .poll(
        async () => {
          const business = await page.request.get(`${base}/api/business`);
          logoUrl = ((await business.json()) as { logoUrl: string | null }).logoUrl ?? '';
          return logoUrl;
        },
        { message: 'the business logo' },
      )
      .toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\.jpg$/);
    expect(logoRequests.some((agent) => agent.includes('VouchlyLogoDetector'))).toBe(true);
    const stored = await page.request.get(`${base}${logoUrl}`);
    expect(stored.headers()['content-type']).toBe('image/jpeg');
    const metadata = await sharp(await stored.body()).metadata();
    expect([metadata.width, metadata.height]).toEqual([320, 240]);
    expect(metadata.exif, 'EXIF (GPS) is stripped').toBeUndefined();

    await page.getByRole('button', { name: "Skip for now - I'll upgrade later" }).click();
    await expect(page.getByRole('heading', { name: 'Upgrade to unlock Dashboard' })).toBeVisible();
    // The navigation bar shows it beside the business name.
    await expect(
      page.getByRole('button', { name: /Account menu: Sunrise Bakery/ }).locator('img'),
    ).toHaveAttribute('src', logoUrl);
  });
});
