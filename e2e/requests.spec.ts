// Issue 32: an owner asks customers for a testimonial. They add a webhook endpoint on the Integrations screen
// (a receiver on this machine), upload a CSV of three customers on /requests, preview and send; the first
// customer opens the 4-star link of their email, finds the form filled in and sends a testimonial; the request
// shows Submitted; the owner approves it from the Approve link of the new-testimonial email; the receiver got
// request.submitted and testimonial.approved, both signed as Standard Webhooks.
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures';
import { fromNewestEmail, registerOwner } from './helpers';

type Delivery = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 (the e2e server allows private targets, see global-setup.ts). */
async function startReceiver() {
  const received: Delivery[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/vouchly`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A delivery checked with the endpoint's secret, as a receiver would; throws when the signature is wrong. */
function verified(secret: string, delivery: Delivery) {
  const header = (name: string) => String(delivery.headers[name]);
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  }) as { type: string; data: Record<string, unknown> };
}

const typeOf = (delivery: Delivery) => (JSON.parse(delivery.body) as { type: string }).type;

test('an owner asks three customers from a CSV, one answers from the 4-star link, the owner approves from the email, and the webhooks hear both', async ({
  page,
  browser,
}) => {
  const { email: ownerEmail } = await registerOwner(page.request, {
    businessName: 'Linden Bakery',
    emailPrefix: 'requests',
  });
  const run = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const customers = ['Ana Lindqvist', 'Ben Okafor', 'Cleo Marsh'].map((name) => ({
    name: `${name} ${run}`,
    email: `${name.split(' ')[0]?.toLowerCase()}-${run}@example.com`,
  }));
  const [first] = customers;
  if (!first) throw new Error('no customers');

  const receiver = await startReceiver();
  try {
    // 0. A webhook endpoint for both events, through the Integrations screen; its secret is shown once.
    await page.goto('/integrations');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByRole('checkbox', { name: /^testimonial\.submitted/ }).click();
    await dialog.getByRole('checkbox', { name: /^testimonial\.approved/ }).click();
    await dialog.getByRole('checkbox', { name: /^request\.submitted/ }).click();
    await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    await expect(added.getByText('Copy the signing secret now')).toBeVisible();
    const secret = await added.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: "I've saved the secret" }).click();
    await expect(webhooks.getByRole('list', { name: 'Webhook endpoints' })).toContainText(
      receiver.url,
    );

    // 1. Three customers from a CSV file, previewed, then sent now.
    await page.goto('/requests');
    await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
    const ask = page.getByRole('region', { name: 'Ask customers' });
    const csv = [
      'Full name,Email address',
      ...customers.map(({ name, email }) => `${name},${email}`),
    ].join('\n');
    const chooser = page.waitForEvent('filechooser');
    await ask.getByRole('button', { name: 'Upload CSV' }).click();
    await (
      await chooser
    ).setFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(ask.getByText('customers.csv')).toBeVisible();
    await expect(ask.getByText('· 3 customers')).toBeVisible();
    // The columns are guessed from the header; choosing them again is what an owner would do if not.
    await expect(ask.getByLabel('Name column')).toHaveValue('0');
    await expect(ask.getByLabel('Email column')).toHaveValue('1');
    await ask.getByRole('button', { name: 'Preview' }).click();
    await expect(ask.getByText('3 will be asked, 0 skipped')).toBeVisible();
    for (const { email } of customers)
      await expect(ask.getByRole('row', { name: new RegExp(email) })).toContainText(
        'Will be asked',
      );
    await ask.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByText('Requests queued', { exact: true })).toBeVisible();
    await expect(page.getByText('3 customers will be asked.')).toBeVisible();

    // 2. The first customer's email: its 4-star link opens the form, filled in, with 4 stars chosen.
    const starLink = await fromNewestEmail(
      first.email,
      (decoded) => /^4 stars: (http\S+)$/m.exec(decoded)?.[1],
      'a request email',
    );
    const customer = await browser.newContext();
    try {
      const form = await customer.newPage();
      await form.goto(starLink);
      await expect(form.getByRole('heading', { name: 'Linden Bakery', level: 1 })).toBeVisible();
      await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue(first.name);
      await expect(form.getByLabel(/^Email/)).toHaveValue(first.email);
      await form
        .getByLabel('Your testimonial')
        .fill('The rye loaf is the best I have had outside Stockholm.');
      await form.getByRole('button', { name: 'Submit Testimonial' }).click();
      await expect(
        form.getByText('Your testimonial has been submitted and will be reviewed shortly.'),
      ).toBeVisible();
    } finally {
      await customer.close();
    }

    // 3. The owner's list shows the first customer's request answered.
    await page.reload();
    const list = page.getByRole('list', { name: 'Requests' });
    const row = list.getByRole('listitem').filter({ hasText: first.email });
    await expect(row).toContainText('Status: Submitted');
    await expect(row.getByRole('link', { name: 'View testimonial' })).toBeVisible();
    for (const other of customers.slice(1))
      await expect(list.getByRole('listitem').filter({ hasText: other.email })).not.toContainText(
        'Submitted',
      );

    // 4. The owner's new-testimonial email: its Approve link opens a page whose button approves.
    const approveLink = await fromNewestEmail(
      ownerEmail,
      (decoded) =>
        decoded.includes(first.name) ? /^Approve: (http\S+)$/m.exec(decoded)?.[1] : undefined,
      'a new-testimonial email with an Approve link',
    );
    await page.goto(approveLink);
    await expect(
      page.getByRole('heading', { name: 'Approve this testimonial?', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(first.name)).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Approved', level: 1 })).toBeVisible();
    const testimonials = await page.request.get('/api/testimonials');
    expect(testimonials.ok()).toBe(true);
    const { items } = (await testimonials.json()) as {
      items: { id: string; authorName: string; status: string }[];
    };
    const answered = items.find((item) => item.authorName === first.name);
    expect(answered?.status).toBe('approved');

    // 5. The receiver heard both events, each signed with the secret shown once.
    await expect
      .poll(() => receiver.received.map(typeOf).sort(), { timeout: 20_000 })
      .toEqual(['request.submitted', 'testimonial.approved']);
    const events = new Map(
      receiver.received.map((delivery) => {
        const event = verified(secret, delivery);
        return [event.type, event.data];
      }),
    );
    expect(events.get('request.submitted')).toMatchObject({
      request: { email: first.email, name: first.name, status: 'submitted' },
      testimonial: { id: answered?.id, rating: 4 },
    });
    expect(events.get('testimonial.approved')).toMatchObject({
      id: answered?.id,
      status: 'approved',
    });
  } finally {
    await receiver.close();
  }
});
