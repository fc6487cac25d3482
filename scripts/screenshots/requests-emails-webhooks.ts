// Screenshots of requests to customers (the Requests screen, the request emails and the pages their links open),
// the owner's new-testimonial email and its Approve page, and the Webhooks card (its log and Edit events), for a
// person to look at: light and dark, 1280 px and a 390 px phone. Not a test; it checks nothing.
// Run from the repo's root after `npm run build`: npx tsx scripts/screenshots/requests-emails-webhooks.ts [outDir]
// (default test-results/screenshots/requests-emails-webhooks, which git ignores).
// It starts the built server on a free port with a temporary DATA_DIR and two local webhook receivers
// (one answers 200, one 500), and drives Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { freePort } from '../../src/server/testing/free-port';
import { decodeQuotedPrintable } from '../../src/server/testing/quoted-printable';

const outDir = process.argv[2] ?? 'test-results/screenshots/requests-emails-webhooks';
const WIDTHS = [1280, 390] as const;
const SCHEMES = ['light', 'dark'] as const;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 90_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

type Email = { to: string; subject: string; html: string; text: string };

/** The outbox's messages, oldest first: the recipient, the subject and the decoded HTML and text parts. */
async function readOutbox(dataDir: string): Promise<Email[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = (await readFile(path.join(dir, file), 'utf8')).replace(/\r\n/g, '\n');
      const header = (name: string) =>
        new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1] ?? '';
      const part = (type: string) => {
        const start = raw.indexOf(`Content-Type: ${type}`);
        if (start < 0) return '';
        const bodyStart = raw.indexOf('\n\n', start) + 2;
        const bodyEnd = raw.indexOf('\n--', bodyStart);
        const headers = raw.slice(start, bodyStart);
        const body = raw.slice(bodyStart, bodyEnd < 0 ? undefined : bodyEnd);
        if (/quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
        if (/base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
        return body;
      };
      return {
        to: header('To'),
        subject: header('Subject'),
        html: part('text/html'),
        text: part('text/plain'),
      };
    }),
  );
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vouchly-shots-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;

  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = req.url === '/fail' ? 500 : 200;
      res.end(req.url === '/fail' ? 'Internal error: the database is down' : 'ok');
    });
  });
  const receiverPort = await listen(receiver);

  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: base,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    await waitFor('the server', async () =>
      (await fetch(`${base}/api/health`)).ok ? true : undefined,
    );
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const ours = { headers: { Origin: base, 'content-type': 'application/json' } };

    /**
     * One screenshot per width and scheme: the whole page from its top, or only the viewport (`viewport`, for a
     * dialog), or one element. Chromium leaves a sandboxed iframe blank in a full-page shot, so the email
     * preview of the Requests screen is shot on its own.
     */
    async function shoot(
      target: Page,
      name: string,
      opts: { element?: string; viewport?: boolean; widths?: readonly number[] } = {},
    ) {
      for (const width of opts.widths ?? WIDTHS) {
        for (const scheme of SCHEMES) {
          await target.setViewportSize({ width, height: width < 500 ? 844 : 900 });
          await target.emulateMedia({ colorScheme: scheme });
          await sleep(600);
          const file = path.join(outDir, `${name}-${width}-${scheme}.png`);
          if (opts.element) await target.locator(opts.element).first().screenshot({ path: file });
          else if (opts.viewport) await target.screenshot({ path: file });
          else {
            await target.evaluate(() => window.scrollTo(0, 0));
            await sleep(200);
            await target.screenshot({ path: file, fullPage: true });
          }
          console.log(file);
        }
      }
      await target.setViewportSize({ width: 1280, height: 900 });
      await target.emulateMedia({ colorScheme: 'light' });
    }

    // A paid owner.
    const ownerEmail = `owner-${Date.now()}@example.com`;
    const registered = await context.request.post('/api/register', {
      ...ours,
      data: {
        businessName: 'Harbour Coffee Roasters',
        website: 'harbour-coffee.example.com',
        email: ownerEmail,
        password: 'correct horse battery staple 42',
        agreeToTerms: true,
      },
    });
    if (!registered.ok())
      throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    const checkout = await context.request.post('/api/create-checkout-session', ours);
    const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
    const sessionId = new URL(checkoutUrl).pathname.split('/').pop() ?? '';
    const paid = await context.request.post(`/api/test-checkout/${sessionId}/pay`, ours);
    if (!paid.ok()) throw new Error(`pay: ${paid.status()} ${await paid.text()}`);

    // The Requests screen, empty.
    await page.goto('/requests');
    await page.getByText('No requests yet').waitFor();
    await shoot(page, 'requests-empty');

    // Composing: a pasted list with skip reasons, and the message card's live preview.
    const customers = [
      'Jane Doe <jane@example.com>',
      'Bob Smith, bob@example.com',
      'ann@example.com',
      'Maximilian Alexander von Humboldt-Wiesenthal <maximilian.alexander.von.humboldt-wiesenthal@very-long-company-domain.example.com>',
      'Carla Gómez, carla@example.com',
      'Dan Ode <dan@example.com>',
      'jane@example.com',
      'not an address',
      'Eve, eve@',
    ].join('\n');
    await page.getByLabel('Customers', { exact: true }).fill(customers);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('This address is listed twice; it is asked once.').first().waitFor();
    await shoot(page, 'requests-composing');
    await shoot(page, 'requests-email-preview', {
      element: 'section[aria-labelledby="email-preview-title"]',
    });

    // Send them now; the server's worker writes the emails.
    await page.getByRole('button', { name: 'Send now' }).click();
    const requestEmails = await waitFor('six request emails', async () => {
      const found = (await readOutbox(dataDir)).filter((mail) => !mail.to.includes(ownerEmail));
      return found.length >= 6 ? found : undefined;
    });
    const linksOf = (mail: Email) => ({
      stars: [...mail.text.matchAll(/\d stars?: (\S+)/g)].map((m) => m[1]!),
      unsubscribe: /Unsubscribe: (\S+)/.exec(mail.text)?.[1] ?? '',
    });
    const mailTo = (address: string) => requestEmails.find((mail) => mail.to.includes(address))!;

    // Each email, as a mail client shows it.
    const mailPage = await context.newPage();
    const showEmail = async (name: string, mail: Email) => {
      await mailPage.setContent(mail.html);
      await shoot(mailPage, name);
    };
    await showEmail('email-request', mailTo('jane@'));

    // Bob clicks a star (clicked); Carla answers through the form (submitted); Dan unsubscribes.
    const visitor = await browser.newContext({
      baseURL: base,
      viewport: { width: 390, height: 844 },
    });
    const customerPage = await visitor.newPage();
    await customerPage.goto(linksOf(mailTo('bob@')).stars[3]!);
    // The star link's prefill arrives after the form: wait for the name it fills in.
    const nameField = customerPage.getByLabel('Name', { exact: true });
    await waitFor('the prefill', async () =>
      (await nameField.inputValue()) === 'Bob Smith' ? true : undefined,
    );
    await shoot(customerPage, 'form-from-star-link', { widths: [390] });

    await customerPage.goto(linksOf(mailTo('carla@')).stars[4]!);
    await customerPage
      .getByLabel('Your testimonial')
      .fill(
        'The single-origin beans were roasted perfectly and arrived two days after I ordered. Lovely people.',
      );
    await customerPage.getByRole('button', { name: 'Submit Testimonial' }).click();
    await customerPage
      .getByText(/thank you/i)
      .first()
      .waitFor();

    await customerPage.goto(linksOf(mailTo('dan@')).unsubscribe);
    await shoot(customerPage, 'unsubscribe-before');
    await customerPage.getByRole('button').first().click();
    await customerPage.waitForLoadState('load');
    await shoot(customerPage, 'unsubscribe-after');

    // The owner's new-testimonial email, and its Approve page.
    const ownerMail = await waitFor('the new-testimonial email', async () =>
      (await readOutbox(dataDir)).find(
        (mail) => mail.to.includes(ownerEmail) && /approve\//.test(mail.text),
      ),
    );
    await showEmail('email-new-testimonial', ownerMail);
    const approveUrl = /(\S+\/approve\/\S+)/.exec(ownerMail.text)![1]!;
    await customerPage.goto(approveUrl);
    await shoot(customerPage, 'approve-before');
    await customerPage.getByRole('button').first().click();
    await customerPage.waitForLoadState('load');
    await shoot(customerPage, 'approve-after');

    // The Requests screen with results.
    await page.goto('/requests');
    await page.getByText('Your requests').waitFor();
    await sleep(500);
    await shoot(page, 'requests-results');

    // The Webhooks card: an endpoint, the secret shown once, the delivery log.
    await page.goto('/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    for (const [index, route] of ['/ok', '/fail'].entries()) {
      await card.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${receiverPort}${route}`);
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByLabel('Signing secret', { exact: true }).waitFor();
      if (index === 0) await shoot(page, 'webhooks-secret-once', { viewport: true });
      await page.keyboard.press('Escape');
      await sleep(300);
    }
    const endpoints = card.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem');
    for (let round = 0; round < 2; round++) {
      for (const index of [0, 1]) {
        await endpoints.nth(index).getByRole('button', { name: 'Send test event' }).click();
        await sleep(1500);
      }
    }
    await sleep(3000);
    await page.reload();
    await card.getByRole('list', { name: 'Webhook endpoints' }).waitFor();
    await shoot(page, 'integrations-webhooks');
    for (const index of [0, 1]) {
      await endpoints.nth(index).getByRole('button', { name: 'Delivery log' }).click();
      await page.getByRole('dialog', { name: 'Delivery log' }).getByRole('table').waitFor();
      await sleep(500);
      await shoot(page, `webhooks-delivery-log-${index === 0 ? 'ok' : 'failing'}`, {
        viewport: true,
      });
      await page.keyboard.press('Escape');
      await sleep(300);
    }
    await endpoints
      .nth(0)
      .getByRole('button', { name: /^Edit events/ })
      .click();
    await page.getByRole('dialog', { name: 'Edit events' }).waitFor();
    // The dialog fades in; the theme's colours ease between shots.
    await sleep(1000);
    await shoot(page, 'webhooks-edit-events', { viewport: true });
    await page.keyboard.press('Escape');
    await visitor.close();
    await context.close();
  } finally {
    await browser.close();
    server.kill();
    receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
