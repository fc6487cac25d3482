// One /billing page load asks for the invoices and for the refund status at
// once, and both read the customer's invoices from the provider. Both reads
// share one provider call: a read in flight is shared, and its answer serves
// the reads of the next `holdMs`. What Vouchly itself changes (a checkout, a
// refund, a webhook's news) forgets the customer's answer at once.
import type { Invoice } from '../../../shared/schemas/billing.js';

export type InvoiceMemoOptions = {
  holdMs?: number;
};

export class InvoiceMemo {
  private readonly entries = new Map<string, { promise: Promise<Invoice[]>; until: number }>();
  private readonly holdMs: number;

  constructor(options: InvoiceMemoOptions = {}) {
    this.holdMs = options.holdMs ?? 3000;
  }

  /** The customer's invoices: the held answer, the read in flight, or a new `read`. */
  read(customerId: string, read: () => Promise<Invoice[]>): Promise<Invoice[]> {
    const held = this.entries.get(customerId);
    if (held && performance.now() < held.until) return held.promise;
    for (const [id, { until }] of this.entries)
      if (until <= performance.now()) this.entries.delete(id);
    const entry = { promise: read(), until: Number.POSITIVE_INFINITY };
    this.entries.set(customerId, entry);
    entry.promise.then(
      () => {
        entry.until = performance.now() + this.holdMs;
      },
      // A failed read is not held: the next read asks again.
      () => this.forgetEntry(customerId, entry),
    );
    return entry.promise;
  }

  forget(customerId: string | null): void {
    if (customerId) this.entries.delete(customerId);
  }

  private forgetEntry(customerId: string, entry: { promise: Promise<Invoice[]> }): void {
    if (this.entries.get(customerId) === entry) this.entries.delete(customerId);
  }
}
