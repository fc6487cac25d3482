// The receipt of a test checkout invoice (its hosted_invoice_url): a small,
// printable HTML page, so the invoice links of /billing work with the
// built-in provider too. Every value is escaped.
import { PLAN } from '../../../shared/constants.js';
import { formatMinorUnits, formatUnixDate } from '../../../shared/billing-format.js';
import { escapeHtml as e } from '../../../shared/widget-static-html.js';
import type { Invoice } from '../../../shared/schemas/billing.js';

export function renderTestInvoicePage(input: {
  invoice: Invoice;
  email: string;
  productName: string;
}): string {
  const { invoice, email, productName } = input;
  const amount = formatMinorUnits(invoice.amount_paid, invoice.currency);
  const date = formatUnixDate(invoice.created, 'UTC');
  const css =
    'body{font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;margin:0;padding:2rem 1rem}' +
    'main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:1rem;padding:2rem}' +
    'h1{font-size:1.5rem;margin:0 0 .25rem}p{margin:.25rem 0}.note{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.25rem .75rem;font-size:.8rem;font-weight:600}' +
    'dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1.5rem 0}dt{color:#6b7280}dd{margin:0;font-weight:500;overflow-wrap:anywhere}' +
    '@media (prefers-color-scheme:dark){body{background:#030712;color:#f3f4f6}main{background:#111827;border-color:#374151}dt{color:#9ca3af}}';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Receipt ${e(invoice.id)} · ${e(productName)}</title><style>${css}</style></head><body><main>
<p class="note">Test checkout: no card is charged</p>
<h1>${e(productName)} receipt</h1>
<p>${e(PLAN.label)} · ${e(PLAN.billingNote)}</p>
<dl><dt>Invoice</dt><dd>${e(invoice.id)}</dd><dt>Date</dt><dd>${e(date)}</dd><dt>Billed to</dt><dd>${e(email)}</dd><dt>Amount</dt><dd>${e(amount)}</dd><dt>Status</dt><dd>${e(invoice.status ?? 'unknown')}</dd></dl>
<p><a href="/billing">Back to Billing</a></p>
</main></body></html>`;
}
