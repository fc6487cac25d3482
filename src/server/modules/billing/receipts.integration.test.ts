// Receipts (docs/product/billing.md#receipts): the page and the PDF of a paid
// invoice, with the built-in test checkout and with Stripe (the local fake),
// for its owner only. The PDF's text is read back with pdfjs.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe.js';
import {
  createSignedInUser,
  payTestCheckout,
  startTestCheckout,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = FastifyInstance;

const SELLER: Config['seller'] = {
  name: 'Vouchly Software Ltd',
  addressLines: ['221B Baker Street', 'London NW1 6XE', 'United Kingdom'],
  taxId: 'GB123456789',
};

const pagePath = (invoiceId: string) => `/billing/receipts/${encodeURIComponent(invoiceId)}`;
const pdfPath = (invoiceId: string) =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}/receipt.pdf`;

const get = (app: App, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, ...(cookie ? withSession(cookie) : {}) });

/** The text of every page of a PDF, its runs joined by spaces. */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** The page's text, without its markup (entities decoded), to compare with the PDF's. */
const pageText = (html: string) =>
  html
    .replace(/<style>.*?<\/style>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replace(/\s+/g, ' ');

function expectPdfAnswer(response: LightMyRequestResponse, fileName: string) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}

/** Both forms of a receipt, as text: the page and the PDF. */
async function receiptTexts(app: App, cookie: string, invoiceId: string, fileName: string) {
  const page = await get(app, pagePath(invoiceId), cookie);
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.headers['cache-control']).toBe('private, no-store');
  // The app's policy: no inline script (the Print button's script is a file of ours).
  const scriptSrc = String(page.headers['content-security-policy'])
    .split(';')
    .find((directive) => directive.trim().startsWith('script-src'));
  expect(scriptSrc).toMatch(/'self'/);
  expect(scriptSrc).not.toMatch(/unsafe-inline/);
  expect(page.body).not.toMatch(/<script>/);
  const pdf = await get(app, pdfPath(invoiceId), cookie);
  expectPdfAnswer(pdf, fileName);
  return { html: page.body, page: pageText(page.body), pdf: await pdfText(pdf.rawPayload) };
}

async function listInvoices(app: App, cookie: string) {
  const response = await get(app, '/api/billing/invoices', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; amount_refunded: number; status: string }[]>();
}

/** An owner who paid the test checkout: their one invoice. */
async function testCheckoutOwner(app: App, businessName = 'Acme Bakery') {
  const owner = await createSignedInUser(app, { access: false, businessName });
  await payTestCheckout(app, owner.cookie, await startTestCheckout(app, owner.cookie));
  const [invoice] = await listInvoices(app, owner.cookie);
  if (!invoice) throw new Error('the test checkout made no invoice');
  return { ...owner, invoiceId: invoice.id };
}

describe('receipts of the test checkout', () => {
  it('name the seller, the buyer, a sequential number, the plan and its period, the amounts and the provider', async () => {
    const app = await createTestApp({ seller: SELLER });
    const year = new Date().getUTCFullYear();
    const first = await testCheckoutOwner(app, 'Café <Łódź> & "Sons"');
    const second = await testCheckoutOwner(app);

    const [invoice] = await listInvoices(app, first.cookie);
    expect(invoice).toMatchObject({ amount_refunded: 0, status: 'paid' });
    const number = `VCH-${year}-0001`;
    const texts = await receiptTexts(
      app,
      first.cookie,
      first.invoiceId,
      `vouchly-receipt-${number}.pdf`,
    );
    for (const text of [texts.page, texts.pdf]) {
      expect(text).toContain('Receipt');
      expect(text).toContain('Vouchly Software Ltd');
      expect(text).toContain('221B Baker Street');
      expect(text).toContain('London NW1 6XE');
      expect(text).toContain('Tax ID: GB123456789');
      expect(text).toContain('Café <Łódź> & "Sons"');
      expect(text).toContain(first.email);
      expect(text).toContain(number);
      expect(text).toContain('Annual Plan');
      expect(text).toMatch(new RegExp(`${year} – \\w+ \\d+, ${year + 1}`));
      expect(text).toMatch(/Subtotal \$49\.00/);
      expect(text).toMatch(/Total \$49\.00/);
      expect(text).toMatch(/Amount paid \$49\.00/);
      expect(text).toContain('Test checkout · No card charged');
      expect(text).not.toMatch(/\bTax\b(?! ID)/);
      expect(text).not.toMatch(/refunded/i);
    }
    // Every value is escaped on the page.
    expect(texts.html).toContain('Café &lt;Łódź&gt; &amp; &quot;Sons&quot;');
    expect(texts.html).not.toContain('<Łódź>');
    expect(texts.html).toContain(`href="${pdfPath(first.invoiceId)}"`);

    // The next payment, whoever makes it, gets the next number.
    const next = await receiptTexts(
      app,
      second.cookie,
      second.invoiceId,
      `vouchly-receipt-VCH-${year}-0002.pdf`,
    );
    expect(next.pdf).toContain(`VCH-${year}-0002`);
    expect(next.pdf).toContain('Acme Bakery');
  });

  it('with a seller of a name alone (no address, no tax id) still read as a receipt', async () => {
    const app = await createTestApp({
      seller: { name: 'Kudos', addressLines: [], taxId: undefined },
    });
    const owner = await testCheckoutOwner(app);
    const { page, pdf } = await receiptTexts(
      app,
      owner.cookie,
      owner.invoiceId,
      `vouchly-receipt-VCH-${new Date().getUTCFullYear()}-0001.pdf`,
    );
    for (const text of [page, pdf]) {
      expect(text).toContain('Kudos');
      expect(text).not.toContain('Tax ID');
      expect(text).toContain('Acme Bakery');
      expect(text).toMatch(/Total \$49\.00/);
    }
  });

  it("are the owner's only: another owner's, an unknown or no invoice is not found, and signed out asks to sign in", async () => {
    const app = await createTestApp();
    const owner = await testCheckoutOwner(app);
    const stranger = await testCheckoutOwner(app, 'Stranger Things');
    const neverPaid = await createSignedInUser(app, { access: false });
    for (const cookie of [stranger.cookie, neverPaid.cookie]) {
      for (const url of [pagePath(owner.invoiceId), pdfPath(owner.invoiceId)]) {
        const response = await get(app, url, cookie);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Acme Bakery');
      }
    }
    for (const url of [pagePath('in_local_unknown'), pdfPath('in_local_unknown')]) {
      expect((await get(app, url, owner.cookie)).statusCode).toBe(404);
    }
    const page = await get(app, pagePath(owner.invoiceId));
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/auth?tab=login');
    const pdf = await get(app, pdfPath(owner.invoiceId));
    expect(pdf.statusCode).toBe(401);
    expect(pdf.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('receipts of Stripe invoices', () => {
  let fake: FakeStripe;
  beforeEach(async () => {
    fake = await startFakeStripe();
  });
  afterEach(async () => {
    await fake.close();
  });

  const stripeApp = () =>
    createTestApp({
      seller: SELLER,
      stripe: {
        secretKey: 'sk_test_vouchly',
        webhookSecret: 'whsec_vouchly_test',
        priceId: fake.price.id,
        apiUrl: fake.url,
      },
    });

  async function stripeOwner(app: App) {
    const owner = await createSignedInUser(app, { access: false });
    const started = await app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      ...withSession(owner.cookie),
    });
    const { checkoutUrl } = started.json<{ checkoutUrl: string }>();
    const session = [...fake.state.checkoutSessions.values()].find(
      (candidate) => candidate.url === checkoutUrl,
    );
    if (!session) throw new Error('no checkout session behind the checkout URL');
    return { ...owner, ...fake.completeCheckout(session.id) };
  }

  it("show Stripe's number, the card, no tax line when the invoice has none, and Stripe's own pages stay listed", async () => {
    const app = await stripeApp();
    const owner = await stripeOwner(app);
    const number = owner.invoice.number ?? '';
    expect(number).not.toBe('');
    const [listed] = await listInvoices(app, owner.cookie);
    expect(listed).toMatchObject({
      id: owner.invoice.id,
      amount_refunded: 0,
      hosted_invoice_url: owner.invoice.hosted_invoice_url,
    });
    const texts = await receiptTexts(
      app,
      owner.cookie,
      owner.invoice.id,
      `vouchly-receipt-${number}.pdf`,
    );
    for (const text of [texts.page, texts.pdf]) {
      expect(text).toContain('Vouchly Software Ltd');
      expect(text).toContain('Acme Bakery');
      expect(text).toContain(number);
      expect(text).toContain('Stripe · Visa ending in 4242');
      expect(text).toMatch(/Total \$49\.00/);
      expect(text).not.toMatch(/\bTax\b(?! ID)/);
      expect(text).not.toMatch(/refunded/i);
    }
  });

  it("show the invoice's tax and the refunded amount of its charge", async () => {
    const app = await stripeApp();
    const owner = await stripeOwner(app);
    Object.assign(owner.invoice, {
      total: 5880,
      amount_paid: 5880,
      total_taxes: [
        {
          amount: 980,
          tax_behavior: 'exclusive',
          tax_rate_details: { tax_rate: 'txr_vat' },
          taxability_reason: 'standard_rated',
          taxable_amount: 4900,
          type: 'tax_rate_details',
        },
      ],
    });
    Object.assign(owner.charge, { amount: 5880, amount_refunded: 2000 });
    const { page, pdf } = await receiptTexts(
      app,
      owner.cookie,
      owner.invoice.id,
      `vouchly-receipt-${owner.invoice.number}.pdf`,
    );
    for (const text of [page, pdf]) {
      expect(text).toMatch(/Subtotal \$49\.00/);
      expect(text).toMatch(/Tax \$9\.80/);
      expect(text).toMatch(/Total \$58\.80/);
      expect(text).toMatch(/Amount paid \$58\.80/);
      expect(text).toMatch(/Refunded: \$20\.00/i);
    }
  });

  it("another customer's, an unknown or an unpaid invoice is not found", async () => {
    const app = await stripeApp();
    const owner = await stripeOwner(app);
    const stranger = await stripeOwner(app);
    for (const url of [pagePath(owner.invoice.id), pdfPath(owner.invoice.id)]) {
      expect((await get(app, url, stranger.cookie)).statusCode, url).toBe(404);
      expect(
        (await get(app, url.replace(owner.invoice.id, 'in_unknown'), owner.cookie)).statusCode,
      ).toBe(404);
    }
    owner.invoice.status = 'open';
    expect((await get(app, pdfPath(owner.invoice.id), owner.cookie)).statusCode).toBe(404);
  });
});
