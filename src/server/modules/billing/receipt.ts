// What a receipt says (docs/product/billing.md#receipts), written once as text, so
// the HTML page (receipt-page.ts) and the PDF (receipt-pdf.ts) say the same.
// Pure: the service gathers the invoice, the seller and the buyer.
import { PLAN } from '../../../shared/constants.js';
import { formatMinorUnits, formatUnixDate } from '../../../shared/billing-format.js';
import type { InvoiceDetails } from '../../adapters/payments/provider.js';
import type { Config } from '../../config.js';

/** A label and its value: a row of the receipt's summary or its details. */
export type ReceiptRow = {
  label: string;
  value: string;
  /** The row the receipt writes in bold: the total. */
  grand?: true;
};

export type Receipt = {
  /** The invoice's number, or its id when it has none. */
  number: string;
  /** What the PDF is saved as: vouchly-receipt-<number>.pdf, with only safe characters. */
  fileName: string;
  seller: { name: string; addressLines: string[]; taxId: string | null };
  buyer: { name: string | null; email: string };
  /** Receipt number, date paid, how it was paid. */
  details: ReceiptRow[];
  item: { description: string; period: string; amount: string };
  /** Subtotal, tax (when there is one), total, amount paid. */
  totals: ReceiptRow[];
  /** The amount refunded ("$10.00") when any of it was; null otherwise. */
  refunded: string | null;
};

/** Dates as the receipt writes them: "November 28, 2026", in UTC (the server has no reader's time zone). */
const formatDate = (date: Date) => formatUnixDate(date.getTime() / 1000, 'UTC');

export function buildReceipt(input: {
  details: InvoiceDetails;
  seller: Config['seller'];
  buyer: { businessName: string | null; email: string };
  /** "Stripe", or "Test checkout". */
  providerName: string;
}): Receipt {
  const { details, seller, buyer, providerName } = input;
  const { invoice } = details;
  const money = (minorUnits: number) => formatMinorUnits(minorUnits, invoice.currency);
  const number = details.number ?? invoice.id;
  const paidAt = details.paidAt ?? new Date(invoice.created * 1000);
  const paidWith = details.paymentMethod
    ? `${providerName} · ${details.paymentMethod}`
    : providerName;
  const tax = details.tax;
  return {
    number,
    fileName: `vouchly-receipt-${number.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '')}.pdf`,
    seller: {
      name: seller.name,
      addressLines: seller.addressLines,
      taxId: seller.taxId ?? null,
    },
    buyer: { name: buyer.businessName, email: buyer.email },
    details: [
      { label: 'Receipt number', value: number },
      { label: 'Date paid', value: formatDate(paidAt) },
      { label: 'Paid with', value: paidWith },
    ],
    item: {
      description: PLAN.label,
      period: `${formatDate(details.periodStart)} – ${formatDate(details.periodEnd)}`,
      amount: money(details.subtotal),
    },
    totals: [
      { label: 'Subtotal', value: money(details.subtotal) },
      ...(tax
        ? [{ label: tax.inclusive ? 'Tax (included)' : 'Tax', value: money(tax.amount) }]
        : []),
      { label: 'Total', value: money(details.total), grand: true },
      { label: 'Amount paid', value: money(invoice.amount_paid) },
    ],
    refunded: invoice.amount_refunded > 0 ? money(invoice.amount_refunded) : null,
  };
}
