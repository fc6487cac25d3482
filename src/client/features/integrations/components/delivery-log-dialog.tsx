// An endpoint's delivery log (docs/product/webhooks.md#delivery-log): newest first, 20 a page, kept 30 days. Each
// row says when, which event, how many attempts, the answer (HTTP status colored, or the network error) and how
// long it took; its bodies open below it, and Resend sends it again with the same webhook-id.
import { History, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../shared/schemas/webhooks';
import { CardLoadError } from '../../../components/page-states';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../webhooks-api';
import { DeliveryStatusBadge, StatusCode } from './webhook-badges';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** The JSON indented when it parses, else as sent. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function DeliveryLogDialog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History aria-hidden="true" />
          Delivery log
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Delivery log</DialogTitle>
          {/* A long URL may break anywhere; the words after it only between words. */}
          <DialogDescription className="wrap-anywhere">
            {endpoint.url}: the last 30 days, newest first.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <DeliveryLog endpointId={endpoint.id} canResend={endpoint.status === 'active'} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeliveryLog({ endpointId, canResend }: { endpointId: string; canResend: boolean }) {
  const [page, setPage] = useState(1);
  const query = useWebhookDeliveries(endpointId, page);
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading deliveries" className="grid gap-2">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  if (query.isError)
    return <CardLoadError what="the delivery log" onRetry={() => void query.refetch()} />;
  const { items, total, pageSize } = query.data;
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        Nothing delivered yet. Send a test event to see one here.
      </p>
    );
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm sm:min-w-[36rem]">
          <caption className="sr-only">Deliveries, newest first</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Time
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Event
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Attempts
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Result
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Duration
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {items.map((delivery) => (
            <DeliveryRows
              key={delivery.id}
              endpointId={endpointId}
              delivery={delivery}
              canResend={canResend}
            />
          ))}
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Delivery log pages" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
          >
            Newer
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((current) => current + 1)}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function DeliveryRows({
  endpointId,
  delivery,
  canResend,
}: {
  endpointId: string;
  delivery: WebhookDelivery;
  canResend: boolean;
}) {
  const resend = useResendWebhookDelivery(endpointId);
  return (
    <tbody className="border-t border-border">
      <tr className="align-top">
        {/* On a phone the event goes under the time, and the attempts and duration are left out, so the
            result and Resend stay in view without scrolling sideways. */}
        <td className="py-2 pr-3">
          <span className="sm:whitespace-nowrap">{when(delivery.createdAt)}</span>
          <span className="mt-0.5 block font-mono text-xs text-muted-foreground sm:hidden">
            {delivery.eventType}
          </span>
        </td>
        <td className="hidden py-2 pr-3 font-mono text-xs sm:table-cell">{delivery.eventType}</td>
        <td className="hidden py-2 pr-3 sm:table-cell">{delivery.attempts}</td>
        <td className="py-2 pr-3">
          <div className="flex flex-wrap items-center gap-1.5">
            <DeliveryStatusBadge status={delivery.status} />
            {delivery.attempts > 0 ? <StatusCode code={delivery.statusCode} /> : null}
          </div>
          {delivery.error && delivery.statusCode === null ? (
            <p className="mt-1 max-w-xs text-xs break-words text-destructive dark:text-red-400">
              {delivery.error}
            </p>
          ) : null}
        </td>
        <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
          {delivery.durationMs === null ? '–' : `${delivery.durationMs} ms`}
        </td>
        <td className="py-2 text-right">
          <Button
            variant="ghost"
            size="sm"
            disabled={!canResend || resend.isPending}
            onClick={() => resend.mutate(delivery.id)}
          >
            <RotateCw aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Resend</span>
            <span className="sr-only">
              {' '}
              the {delivery.eventType} delivery of {when(delivery.createdAt)}
            </span>
          </Button>
        </td>
      </tr>
      <tr>
        <td colSpan={6} className="pb-3">
          <details className="group text-xs">
            <summary className="cursor-pointer rounded text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
              Request and response bodies
            </summary>
            <div className="mt-2 grid gap-2">
              <p className="font-medium">Request body</p>
              <pre className="max-h-64 overflow-auto rounded-lg bg-muted p-3 font-mono whitespace-pre-wrap break-all">
                {pretty(delivery.requestBody)}
              </pre>
              <p className="font-medium">Response (first 2 KB)</p>
              <pre className="max-h-40 overflow-auto rounded-lg bg-muted p-3 font-mono whitespace-pre-wrap break-all">
                {delivery.responseExcerpt || 'No body'}
              </pre>
            </div>
          </details>
        </td>
      </tr>
    </tbody>
  );
}
