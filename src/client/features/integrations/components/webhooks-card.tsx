// "Webhooks" of the Integrations screen (docs/product/webhooks.md#the-webhooks-card): the endpoints with their
// URL, events, format, status and last delivery; Add endpoint (the secret shown once), and per endpoint Send test
// event, Edit events, Delivery log, Enable again when disabled, and Delete behind a confirmation.
import type { UseQueryResult } from '@tanstack/react-query';
import { Power, Send, Trash2, Webhook } from 'lucide-react';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpoint } from '../../../../shared/schemas/webhooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardEmpty, CardLoadError } from '../../../components/page-states';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { productName } from '../../../lib/product';
import { formatDate } from '../format';
import { useDeleteWebhook, useSendWebhookTest, useUpdateWebhook } from '../webhooks-api';
import { AddWebhookDialog } from './add-webhook-dialog';
import { DeliveryLogDialog } from './delivery-log-dialog';
import { EditWebhookEventsDialog } from './edit-webhook-events-dialog';
import { DeliveryStatusBadge, EndpointStatusBadge, StatusCode } from './webhook-badges';

const FORMAT_LABELS = {
  standard: 'Standard Webhooks',
  slack: 'Slack',
  discord: 'Discord',
} as const;

export function WebhooksCard({
  query,
  sessionEnded,
}: {
  query: UseQueryResult<WebhookEndpoint[]>;
  sessionEnded: boolean;
}) {
  const full = (query.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX;
  return (
    <SettingsSection
      id="webhooks"
      title="Webhooks"
      description={`${productName} tells your other tools (your server, Zapier, Slack, Discord) the moment a testimonial arrives or changes.`}
      action={query.isSuccess ? <AddWebhookDialog disabled={full} /> : undefined}
    >
      {query.isPending || sessionEnded ? (
        <div role="status" aria-label="Loading webhooks" className="grid gap-3">
          {[0, 1].map((row) => (
            <Skeleton key={row} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <CardLoadError what="your webhooks" onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <CardEmpty title="No webhook endpoints yet">
          Add one to receive each new, approved, edited or deleted testimonial as a signed POST.
        </CardEmpty>
      ) : (
        <ul aria-label="Webhook endpoints" className="divide-y divide-border">
          {query.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const sendTest = useSendWebhookTest();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const last = endpoint.lastDelivery;
  const active = endpoint.status === 'active';
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-brand-text">
          <Webhook className="size-4" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <EndpointStatusBadge status={endpoint.status} />
            <span>{FORMAT_LABELS[endpoint.format]}</span>
            {/* The dot goes with the date, so a narrow card never ends a line with it. */}
            <span>
              <span aria-hidden="true">· </span>Added {formatDate(endpoint.createdAt)}
            </span>
          </div>
          <p className="text-xs text-muted-foreground">
            <span className="sr-only">Events: </span>
            {endpoint.events.map((event) => (
              <span key={event} className="mr-1.5 inline-block font-mono">
                {event}
              </span>
            ))}
          </p>
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            {last ? (
              <>
                <span>Last delivery {formatDate(last.createdAt)}:</span>
                <DeliveryStatusBadge status={last.status} />
                {last.statusCode !== null ? <StatusCode code={last.statusCode} /> : null}
              </>
            ) : (
              <span>No deliveries yet</span>
            )}
          </div>
          {!active && endpoint.disabledReason ? (
            <p className="text-sm text-destructive dark:text-red-400">
              Disabled: {endpoint.disabledReason} Events are not sent until you enable it again.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:pl-12">
        {active ? (
          <Button
            variant="outline"
            size="sm"
            disabled={sendTest.isPending}
            onClick={() => sendTest.mutate(endpoint.id)}
          >
            <Send aria-hidden="true" />
            Send test event
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, input: { status: 'active' } })}
          >
            <Power aria-hidden="true" />
            Enable again
          </Button>
        )}
        <EditWebhookEventsDialog endpoint={endpoint} />
        <DeliveryLogDialog endpoint={endpoint} />
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              <Trash2 aria-hidden="true" />
              Delete
              <span className="sr-only"> {endpoint.url}</span>
            </Button>
          }
          title="Delete this webhook endpoint?"
          description={
            <>
              <p>
                <span className="font-mono text-xs break-all text-foreground">{endpoint.url}</span>{' '}
                stops receiving events, and its delivery log is deleted.
              </p>
              <p>Events already queued for it are not sent.</p>
            </>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending && remove.variables === endpoint.id}
          onConfirm={(done) => remove.mutate(endpoint.id, { onSettled: done })}
        />
      </div>
    </li>
  );
}
