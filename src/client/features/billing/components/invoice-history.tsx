// "Invoice history" of the billing screen (docs/product/billing.md#invoices): newest first,
// with the amount paid, the status ("Refunded" once given back), a paid invoice's receipt and its PDF
// (docs/product/billing.md#receipts), and the provider's own invoice page when it has one.
import type { UseQueryResult } from '@tanstack/react-query';
import { Download, ExternalLink, FileText, ReceiptText } from 'lucide-react';
import { urlOf } from '../../../../shared/contract';
import { receiptPage, receiptPdf } from '../../../../shared/contracts/billing';
import { PAYMENT_PROVIDER_ERROR_CODE, type Invoice } from '../../../../shared/schemas/billing';
import { ApiError } from '../../../lib/api';
import { CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMinorUnits, formatUnixDate } from '../../../../shared/billing-format';
import { StatusBadge } from './status-badge';

type InvoicesQuery = UseQueryResult<Invoice[]>;

const PROVIDER_AWAY_TEXT = "The payment provider isn't answering right now; try again in a minute.";

const isProviderAway = (error: Error | null) =>
  error instanceof ApiError && error.code === PAYMENT_PROVIDER_ERROR_CODE;

export function InvoiceHistory({
  query,
  sessionEnded,
}: {
  query: InvoicesQuery;
  sessionEnded: boolean;
}) {
  return (
    <SettingsSection
      id="invoice-history"
      title="Invoice history"
      description="Every payment for your subscription, newest first."
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading invoices" className="grid gap-3">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <CardLoadError
          what="your invoices"
          why={isProviderAway(query.error) ? PROVIDER_AWAY_TEXT : undefined}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ReceiptText className="size-4" aria-hidden="true" />
          No invoices yet
        </p>
      ) : (
        <InvoiceList invoices={query.data} />
      )}
    </SettingsSection>
  );
}

function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  return (
    <ul aria-label="Invoices" className="divide-y divide-border">
      {invoices.map((invoice) => (
        <li
          key={invoice.id}
          className="grid gap-2 py-3 first:pt-0 last:pb-0 sm:grid-cols-[10rem_6rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
        >
          <div className="flex items-baseline justify-between gap-3 sm:contents">
            <span className="font-medium">{formatUnixDate(invoice.created)}</span>
            <span className="font-semibold tabular-nums">
              {formatMinorUnits(invoice.amount_paid, invoice.currency)}
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 sm:contents">
            <span>{invoice.status ? <StatusBadge status={invoiceStatusOf(invoice)} /> : null}</span>
            <InvoiceLinks invoice={invoice} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A paid invoice given back (the money-back guarantee) reads "Refunded". */
function invoiceStatusOf(invoice: Invoice): string {
  if (invoice.amount_refunded === 0 || invoice.amount_paid === 0) return invoice.status ?? '';
  return invoice.amount_refunded >= invoice.amount_paid ? 'refunded' : 'partially_refunded';
}

const linkClass =
  'inline-flex items-center gap-1 rounded font-medium text-brand-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-3.5';

function InvoiceLinks({ invoice }: { invoice: Invoice }) {
  const date = formatUnixDate(invoice.created);
  const params = { invoiceId: invoice.id };
  return (
    <div className="flex flex-wrap justify-end gap-x-4 gap-y-1 text-sm">
      {invoice.status === 'paid' ? (
        <>
          {/* Pages of the server, not of the app: plain links, not the router's. */}
          <a href={urlOf(receiptPage, { params })} className={linkClass}>
            <FileText aria-hidden="true" />
            Receipt
            <span className="sr-only"> of {date}</span>
          </a>
          <a href={urlOf(receiptPdf, { params })} download className={linkClass}>
            <Download aria-hidden="true" />
            Download PDF
            <span className="sr-only"> of the receipt of {date}</span>
          </a>
        </>
      ) : null}
      {invoice.hosted_invoice_url ? (
        <a
          href={invoice.hosted_invoice_url}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          <ExternalLink aria-hidden="true" />
          View invoice
          <span className="sr-only"> of {date} at the payment provider (opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}
