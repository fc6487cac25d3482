// "Edit events" (docs/product/webhooks.md#the-webhooks-card): an endpoint's events, preset to what it receives now,
// checked with the PATCH body's own schema. Saved, it closes ("Events saved"); refused, it stays open as chosen.
import { ListChecks } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import {
  updateWebhookInputSchema,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../../shared/schemas/webhooks';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { useUpdateWebhook } from '../webhooks-api';
import { WebhookEventsFields } from './webhook-events-fields';

export function EditWebhookEventsDialog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ListChecks aria-hidden="true" />
          Edit events
          <span className="sr-only"> {endpoint.url}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* Mounted at each opening, so it starts from the endpoint's events as they are then. */}
        <EditEventsForm endpoint={endpoint} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditEventsForm({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [error, setError] = useState<string>();
  const update = useUpdateWebhook();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = updateWebhookInputSchema.safeParse({ events });
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    update.mutate({ id: endpoint.id, input: { events } }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit events</DialogTitle>
        {/* A long URL may break anywhere; the words after it only between words. */}
        <DialogDescription className="wrap-anywhere">
          {endpoint.url}: we POST only the events you choose.
        </DialogDescription>
      </DialogHeader>
      <WebhookEventsFields value={events} onChange={setEvents} error={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={update.isPending} pendingText="Saving...">
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
