// Small labels of the Webhooks card: an endpoint's status, a delivery's outcome and an HTTP status colored by class.
// Color is never the only signal: each says its state in words.
import type {
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
} from '../../../../shared/schemas/webhooks';
import { cn } from '../../../lib/utils';

const tone = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200',
  bad: 'bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-200',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  neutral: 'bg-muted text-muted-foreground',
} as const;

function Badge({ kind, children }: { kind: keyof typeof tone; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone[kind],
      )}
    >
      {children}
    </span>
  );
}

export function EndpointStatusBadge({ status }: { status: WebhookEndpointStatus }) {
  return status === 'active' ? (
    <Badge kind="good">Active</Badge>
  ) : (
    <Badge kind="bad">Disabled</Badge>
  );
}

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  if (status === 'succeeded') return <Badge kind="good">Delivered</Badge>;
  if (status === 'failed') return <Badge kind="bad">Failed</Badge>;
  return <Badge kind="waiting">Retrying</Badge>;
}

/** 2xx green, 3xx amber, 4xx and 5xx red; none: "No answer". */
export function StatusCode({ code }: { code: number | null }) {
  if (code === null) return <Badge kind="neutral">No answer</Badge>;
  const kind = code >= 200 && code < 300 ? 'good' : code >= 300 && code < 400 ? 'waiting' : 'bad';
  return <Badge kind={kind}>{`HTTP ${code}`}</Badge>;
}
