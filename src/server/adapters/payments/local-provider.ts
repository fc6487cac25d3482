// The built-in test checkout: the embedded default when Stripe is not
// configured (docs/decisions/0012-billing-and-paid-access.md). It behaves like a
// payment provider that never charges a card: a checkout page served by
// Vouchly itself (/checkout/test/:sessionId), subscriptions with a one-year
// period, a paid invoice per period, cancel at period end (and resume), a
// refund of an invoice and an immediate cancel. Its state lives in
// the local_* tables. Periods are settled when read: a period that has ended
// renews (a new paid invoice) or, when canceling, ends the subscription.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PLAN } from '../../../shared/constants.js';
import type { Invoice } from '../../../shared/schemas/billing.js';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  localCheckoutSessions,
  localInvoiceNumbers,
  localInvoices,
  localSubscriptions,
  type LocalCheckoutSessionRow,
  type LocalInvoiceRow,
  type LocalSubscriptionRow,
} from '../../db/schema.js';
import {
  WebhookSignatureError,
  type InvoiceDetails,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
} from './provider.js';

const LOCAL_PROVIDER_NAME = 'Test checkout';
/** Replaced by the session id in the success URL, as Stripe does. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export type LocalPaymentProvider = PaymentProvider & {
  readonly id: 'local';
  /** The session the test checkout page shows; null when unknown. */
  getTestCheckout(sessionId: string): Promise<LocalCheckoutSessionRow | null>;
  /**
   * Pay: completes an open session, starting a one-year subscription with a
   * paid invoice. Completing a complete session changes nothing.
   */
  completeTestCheckout(
    sessionId: string,
  ): Promise<{ session: LocalCheckoutSessionRow; subscription: ProviderSubscription }>;
};

/** Receipt numbers: the prefix, the year paid and a sequence of that year (VCH-2026-0001). */
const RECEIPT_NUMBER_PREFIX = 'VCH';
/** What a test checkout receipt says of the payment. */
const NO_CARD_CHARGED = 'No card charged';

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function addPeriod(start: Date): Date {
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** The next receipt number of `at`'s year (UTC): raised in the paying transaction, so none is given twice. */
async function nextReceiptNumber(tx: Executor, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(localInvoiceNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: localInvoiceNumbers.year,
      set: { last: sql`${localInvoiceNumbers.last} + 1` },
    })
    .returning({ last: localInvoiceNumbers.last });
  if (!row) throw new Error('test checkout: no receipt number was given');
  return `${RECEIPT_NUMBER_PREFIX}-${year}-${String(row.last).padStart(4, '0')}`;
}

function toInvoice(row: LocalInvoiceRow): Invoice {
  return {
    id: row.id,
    amount_paid: row.amountPaid,
    amount_refunded: row.amountRefunded,
    currency: row.currency,
    created: Math.floor(row.createdAt.getTime() / 1000),
    status: row.status,
    // No pages of its own: Vouchly's receipts (docs/product/billing.md#receipts) serve every provider.
    hosted_invoice_url: null,
    invoice_pdf: null,
  };
}

function toProviderSubscription(row: LocalSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export function createLocalProvider(options: {
  db: Database;
  baseUrl: string;
  /** The time; tests move it past a period end. */
  now: () => Date;
}): LocalPaymentProvider {
  const { db, baseUrl, now } = options;

  async function insertPaidInvoice(
    tx: Executor,
    subscription: { id: string; customerId: string },
    at: Date,
  ) {
    await tx.insert(localInvoices).values({
      id: newId('in'),
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      amountPaid: PLAN.amountInCents,
      currency: PLAN.currency.toLowerCase(),
      status: 'paid',
      number: await nextReceiptNumber(tx, at),
      createdAt: at,
    });
  }

  /** Brings a subscription up to now: renews ended periods, ends a canceling one. */
  async function settle(row: LocalSubscriptionRow): Promise<LocalSubscriptionRow> {
    const time = now();
    if (row.status !== 'active' || row.currentPeriodEnd > time) return row;
    return db.transaction(async (tx) => {
      if (row.cancelAtPeriodEnd) {
        const [ended] = await tx
          .update(localSubscriptions)
          .set({ status: 'canceled' })
          .where(eq(localSubscriptions.id, row.id))
          .returning();
        return ended ?? row;
      }
      let { currentPeriodStart, currentPeriodEnd } = row;
      while (currentPeriodEnd <= time) {
        currentPeriodStart = currentPeriodEnd;
        currentPeriodEnd = addPeriod(currentPeriodStart);
        await insertPaidInvoice(tx, row, currentPeriodStart);
      }
      const [renewed] = await tx
        .update(localSubscriptions)
        .set({ currentPeriodStart, currentPeriodEnd })
        .where(eq(localSubscriptions.id, row.id))
        .returning();
      return renewed ?? row;
    });
  }

  async function findSubscription(id: string): Promise<LocalSubscriptionRow | null> {
    const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
    return row ?? null;
  }

  /** Where the test checkout page lives. */
  const checkoutPageUrl = (sessionId: string) =>
    `${baseUrl}/checkout/test/${encodeURIComponent(sessionId)}`;

  const provider: LocalPaymentProvider = {
    id: 'local',
    name: LOCAL_PROVIDER_NAME,

    async createCheckout(request) {
      const customerId = request.customerId ?? newId('cus');
      const id = newId('cs');
      await db.insert(localCheckoutSessions).values({
        id,
        userId: request.userId,
        customerId,
        successUrl: request.successUrl.replace(
          CHECKOUT_SESSION_ID_PLACEHOLDER,
          encodeURIComponent(id),
        ),
        cancelUrl: request.cancelUrl,
        createdAt: now(),
      });
      return { id, url: checkoutPageUrl(id), customerId };
    },

    async getCheckoutSession(sessionId): Promise<ProviderCheckoutSession | null> {
      const session = await provider.getTestCheckout(sessionId);
      if (!session) return null;
      return {
        id: session.id,
        userId: session.userId,
        customerId: session.customerId,
        subscriptionId: session.subscriptionId,
        paid: session.status === 'complete',
      };
    },

    async getTestCheckout(sessionId) {
      const [row] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, sessionId));
      return row ?? null;
    },

    async completeTestCheckout(sessionId) {
      const time = now();
      const subscriptionId = newId('sub');
      const result = await db.transaction(async (tx) => {
        const [open] = await tx
          .update(localCheckoutSessions)
          .set({ status: 'complete', completedAt: time, subscriptionId })
          .where(
            and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')),
          )
          .returning();
        if (!open) return null;
        const [subscription] = await tx
          .insert(localSubscriptions)
          .values({
            id: subscriptionId,
            customerId: open.customerId,
            status: 'active',
            currentPeriodStart: time,
            currentPeriodEnd: addPeriod(time),
            createdAt: time,
          })
          .returning();
        if (!subscription) throw new Error('test checkout: the subscription was not created');
        await insertPaidInvoice(tx, subscription, time);
        return { session: open, subscription };
      });
      if (result)
        return {
          session: result.session,
          subscription: toProviderSubscription(result.subscription),
        };
      // Already complete (a second click, a reload): answer what it made.
      const session = await provider.getTestCheckout(sessionId);
      const subscription = session?.subscriptionId
        ? await findSubscription(session.subscriptionId)
        : null;
      if (!session || !subscription) throw new Error(`test checkout ${sessionId} does not exist`);
      return { session, subscription: toProviderSubscription(await settle(subscription)) };
    },

    async getSubscription(subscriptionId) {
      const row = await findSubscription(subscriptionId);
      return row ? toProviderSubscription(await settle(row)) : null;
    },

    async latestSubscription(customerId) {
      const [row] = await db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.customerId, customerId))
        .orderBy(desc(localSubscriptions.createdAt))
        .limit(1);
      return row ? toProviderSubscription(await settle(row)) : null;
    },

    async listInvoices(customerId): Promise<Invoice[]> {
      // Settle first, so a renewal's invoice is listed as soon as it is due.
      await provider.latestSubscription(customerId);
      const rows = await db
        .select()
        .from(localInvoices)
        .where(eq(localInvoices.customerId, customerId))
        .orderBy(desc(localInvoices.createdAt))
        .limit(24);
      return rows.map(toInvoice);
    },

    async getInvoice(customerId, invoiceId): Promise<InvoiceDetails | null> {
      const [row] = await db
        .select()
        .from(localInvoices)
        .where(and(eq(localInvoices.id, invoiceId), eq(localInvoices.customerId, customerId)));
      if (!row) return null;
      return {
        invoice: toInvoice(row),
        number: row.number,
        paidAt: row.status === 'paid' ? row.createdAt : null,
        // Each invoice pays the one-year period that starts when it is made.
        periodStart: row.createdAt,
        periodEnd: addPeriod(row.createdAt),
        subtotal: row.amountPaid,
        tax: null,
        total: row.amountPaid,
        paymentMethod: NO_CARD_CHARGED,
      };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const row = await findSubscription(subscriptionId);
      if (!row) throw new Error(`test subscription ${subscriptionId} does not exist`);
      const settled = await settle(row);
      if (settled.status !== 'active') return toProviderSubscription(settled);
      const [updated] = await db
        .update(localSubscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(localSubscriptions.id, subscriptionId))
        .returning();
      return toProviderSubscription(updated ?? settled);
    },

    async resumeSubscription(subscriptionId) {
      const row = await findSubscription(subscriptionId);
      if (!row) throw new Error(`test subscription ${subscriptionId} does not exist`);
      const settled = await settle(row);
      // An ended subscription cannot be resumed (as at Stripe): the caller checks first.
      if (settled.status !== 'active')
        throw new Error(`test subscription ${subscriptionId} has ended`);
      const [updated] = await db
        .update(localSubscriptions)
        .set({ cancelAtPeriodEnd: false })
        .where(eq(localSubscriptions.id, subscriptionId))
        .returning();
      return toProviderSubscription(updated ?? settled);
    },

    async refundInvoice(invoiceId) {
      const [row] = await db.select().from(localInvoices).where(eq(localInvoices.id, invoiceId));
      if (!row) throw new Error(`test invoice ${invoiceId} does not exist`);
      // One statement: of two concurrent refunds only one gives the money back; both answer it.
      await db
        .update(localInvoices)
        .set({ amountRefunded: row.amountPaid })
        .where(and(eq(localInvoices.id, invoiceId), eq(localInvoices.amountRefunded, 0)));
      return { id: `re_local_${invoiceId}`, amount: row.amountPaid, currency: row.currency };
    },

    async cancelNow(subscriptionId) {
      const row = await findSubscription(subscriptionId);
      if (!row) throw new Error(`test subscription ${subscriptionId} does not exist`);
      if (row.status === 'canceled') return toProviderSubscription(row);
      const [ended] = await db
        .update(localSubscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: now() })
        .where(eq(localSubscriptions.id, subscriptionId))
        .returning();
      return toProviderSubscription(ended ?? row);
    },

    parseWebhook() {
      // The test checkout tells the billing module directly; it sends no webhooks.
      return Promise.reject(new WebhookSignatureError('The test checkout sends no webhooks'));
    },
  };
  return provider;
}
