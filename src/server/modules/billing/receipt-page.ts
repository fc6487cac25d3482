// The receipt page (docs/product/billing.md#receipts): one self-contained,
// printable HTML page rendered on the server, every value escaped. No inline
// script (docs/security.md rule 12): the app's theme script and the Print
// button's script are files of our own origin. Its print stylesheet leaves out
// the buttons and prints black on white on A4 or Letter (docs/decisions/0028).
import { escapeHtml as e } from '../../../shared/widget-static-html.js';
import type { Receipt, ReceiptRow } from './receipt.js';

const css = `
:root{color-scheme:light;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--link:#1d4ed8;--primary:#2563eb;--on-primary:#fff;--warn-bg:#fef3c7;--warn:#92400e}
.dark{color-scheme:dark;--bg:#0f172a;--card:#111a2e;--text:#e2e8f0;--muted:#a3b1c6;--line:#22304a;--link:#7cb4ff;--primary:#2563eb;--on-primary:#fff;--warn-bg:#451a03;--warn:#fcd34d}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.page{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.toolbar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;margin-bottom:1rem}
.toolbar .actions{display:flex;flex-wrap:wrap;gap:.5rem}
a{color:var(--link)}
.button{display:inline-flex;align-items:center;gap:.4rem;min-height:2.5rem;padding:.5rem 1rem;border-radius:.5rem;border:1px solid var(--line);background:var(--card);color:var(--text);font:inherit;font-size:.9rem;font-weight:600;text-decoration:none;cursor:pointer}
.button.primary{background:var(--primary);border-color:var(--primary);color:var(--on-primary)}
.button:focus-visible,a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.receipt{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:2rem}
header.top{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1.5rem;border-bottom:1px solid var(--line);padding-bottom:1.5rem}
h1{font-size:1.75rem;line-height:1.2;margin:0}
.seller-name{font-size:1.125rem;font-weight:700;margin:0 0 .25rem}
.muted{color:var(--muted)}
p{margin:0}
.refunded{display:inline-block;margin-top:.5rem;padding:.2rem .7rem;border-radius:999px;background:var(--warn-bg);color:var(--warn);font-size:.85rem;font-weight:700;border:1px solid currentColor}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1.5rem;padding:1.5rem 0;border-bottom:1px solid var(--line)}
h2{font-size:.75rem;letter-spacing:.06em;text-transform:uppercase;color:var(--muted);margin:0 0 .4rem}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin:1.5rem 0 0}
th{font-size:.75rem;letter-spacing:.06em;text-transform:uppercase;color:var(--muted);text-align:left;font-weight:600;padding:0 0 .5rem;border-bottom:1px solid var(--line)}
td{padding:.75rem 0;border-bottom:1px solid var(--line);vertical-align:top}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.totals{margin:1rem 0 0 auto;max-width:20rem}
.totals dd{text-align:right;font-variant-numeric:tabular-nums}
.totals .grand{font-weight:700}
footer{margin-top:2rem;font-size:.85rem}
.overflow{overflow-wrap:anywhere}
@media (max-width:30rem){.receipt{padding:1.25rem}h1{font-size:1.5rem}}
@media print{
  @page{size:auto;margin:16mm}
  :root,.dark{--bg:#fff;--card:#fff;--text:#000;--muted:#333;--line:#999;--link:#000;--warn-bg:#fff;--warn:#000;color-scheme:light}
  body{font-size:11pt}
  .page{max-width:none;padding:0}
  .toolbar{display:none}
  .receipt{border:0;border-radius:0;padding:0}
  a{color:#000;text-decoration:none}
  table,tr,.totals{break-inside:avoid}
}`;

const rows = (items: ReceiptRow[], className?: string) =>
  `<dl${className ? ` class="${className}"` : ''}>${items
    .map(
      ({ label, value, grand }) =>
        `<dt${grand ? ' class="grand"' : ''}>${e(label)}</dt><dd${grand ? ' class="grand"' : ''}>${e(value)}</dd>`,
    )
    .join('')}</dl>`;

export function renderReceiptPage(input: {
  receipt: Receipt;
  pdfUrl: string;
  billingUrl: string;
}): string {
  const { receipt, pdfUrl, billingUrl } = input;
  const { seller, buyer, item } = receipt;
  const lines = (values: string[]) => values.map((line) => `<p>${e(line)}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>Receipt ${e(receipt.number)} · ${e(seller.name)}</title><script src="/theme-init.js"></script><script src="/receipt-print.js" defer></script><style>${css}</style></head><body><div class="page">
<nav class="toolbar" aria-label="Receipt"><a href="${e(billingUrl)}">← Back to Billing</a><div class="actions"><button type="button" class="button" data-print hidden>Print</button><a class="button primary" href="${e(pdfUrl)}" download>Download PDF</a></div></nav>
<main class="receipt">
<header class="top"><div><p class="seller-name overflow">${e(seller.name)}</p><div class="muted overflow">${lines(seller.addressLines)}${seller.taxId ? `<p>Tax ID: ${e(seller.taxId)}</p>` : ''}</div></div>
<div><h1>Receipt</h1><p class="muted">${e(receipt.number)}</p>${receipt.refunded ? `<p class="refunded">Refunded: ${e(receipt.refunded)}</p>` : ''}</div></header>
<section class="parties"><div><h2>Billed to</h2>${buyer.name ? `<p class="overflow"><strong>${e(buyer.name)}</strong></p>` : ''}<p class="overflow">${e(buyer.email)}</p></div>
<div><h2>Payment</h2>${rows(receipt.details)}</div></section>
<table><thead><tr><th scope="col">Description</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody><tr><td><strong>${e(item.description)}</strong><br><span class="muted">${e(item.period)}</span></td><td class="num">${e(item.amount)}</td></tr></tbody></table>
${rows(receipt.totals, 'totals')}
<footer class="muted"><p>Thank you for your business.</p></footer>
</main></div></body></html>`;
}
