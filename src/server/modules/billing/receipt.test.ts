import { describe, expect, it } from 'vitest';
import type { InvoiceDetails } from '../../adapters/payments/provider.js';
import { buildReceipt } from './receipt.js';

const PAID_AT = new Date('2026-03-05T23:30:00Z');

function details(overrides: Partial<InvoiceDetails> = {}): InvoiceDetails {
  return {
    invoice: {
      id: 'in_1',
      amount_paid: 4900,
      amount_refunded: 0,
      currency: 'usd',
      created: Math.floor(PAID_AT.getTime() / 1000),
      status: 'paid',
      hosted_invoice_url: null,
      invoice_pdf: null,
    },
    number: 'VCH-2026-0007',
    paidAt: PAID_AT,
    periodStart: PAID_AT,
    periodEnd: new Date('2027-03-05T23:30:00Z'),
    subtotal: 4900,
    tax: null,
    total: 4900,
    paymentMethod: 'No card charged',
    ...overrides,
  };
}

const receiptOf = (invoiceDetails: InvoiceDetails) =>
  buildReceipt({
    details: invoiceDetails,
    seller: { name: 'Vouchly', addressLines: [], taxId: undefined },
    buyer: { businessName: null, email: 'owner@example.com' },
    providerName: 'Test checkout',
  });

describe('buildReceipt', () => {
  it('writes dates in UTC and the period from its start to its end', () => {
    const receipt = receiptOf(details());
    expect(receipt.details).toContainEqual({ label: 'Date paid', value: 'March 5, 2026' });
    expect(receipt.item).toEqual({
      description: 'Annual Plan',
      period: 'March 5, 2026 – March 5, 2027',
      amount: '$49.00',
    });
    expect(receipt.details).toContainEqual({
      label: 'Paid with',
      value: 'Test checkout · No card charged',
    });
  });

  it('names an included tax so, and the provider alone when it names no method', () => {
    const receipt = receiptOf(
      details({ tax: { amount: 817, inclusive: true }, paymentMethod: null }),
    );
    expect(receipt.totals.map((row) => row.label)).toEqual([
      'Subtotal',
      'Tax (included)',
      'Total',
      'Amount paid',
    ]);
    expect(receipt.details).toContainEqual({ label: 'Paid with', value: 'Test checkout' });
    expect(receipt.refunded).toBeNull();
  });

  it('falls back to the invoice id without a number, and keeps the file name to safe characters', () => {
    expect(receiptOf(details({ number: null })).number).toBe('in_1');
    expect(receiptOf(details({ number: 'ACME/2026 "7"' })).fileName).toBe(
      'vouchly-receipt-ACME-2026-7.pdf',
    );
  });

  it('marks a refund with its amount', () => {
    const refunded = details();
    refunded.invoice.amount_refunded = 4900;
    expect(receiptOf(refunded).refunded).toBe('$49.00');
  });
});
