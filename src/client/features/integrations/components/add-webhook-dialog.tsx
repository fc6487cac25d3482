// "Add endpoint" (docs/product/webhooks.md#the-webhooks-card): a URL and the events; the server checks the URL
// (http(s), a public address) and its message shows under the field. On success the dialog shows the secret once.
import { Plus } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import {
  webhookFormatOf,
  webhookMessages,
  type CreatedWebhook,
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
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { useCreateWebhook } from '../webhooks-api';
import { WebhookEventsFields } from './webhook-events-fields';
import { WebhookSecret } from './webhook-secret';

const FORMAT_NOTES = {
  slack: 'A Slack URL: each event arrives as a Slack message.',
  discord: 'A Discord URL: each event arrives as a Discord message.',
  standard: null,
} as const;

export function AddWebhookDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['testimonial.submitted']);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const create = useCreateWebhook();

  const reset = () => {
    setUrl('');
    setEvents(['testimonial.submitted']);
    setErrors({});
    setCreated(null);
    create.reset();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!url.trim()) next.url = webhookMessages.urlRequired;
    if (events.length === 0) next.events = webhookMessages.eventsRequired;
    setErrors(next);
    if (next.url || next.events) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (answer) => setCreated(answer),
        onError: (error) => {
          const message = getErrorMessage(error, 'Failed to add the endpoint');
          const onUrl = error instanceof ApiError && error.status === 400;
          setErrors(onUrl ? { url: message } : { form: message });
        },
      },
    );
  };

  const format = webhookFormatOf(url.trim());
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" disabled={disabled}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </DialogTrigger>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Endpoint added</DialogTitle>
              <DialogDescription className="break-all">{created.endpoint.url}</DialogDescription>
            </DialogHeader>
            <WebhookSecret secret={created.secret} onDone={() => setOpen(false)} />
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Add a webhook endpoint</DialogTitle>
              <DialogDescription>
                We POST each event you choose to this URL, signed so you can check it came from us.
              </DialogDescription>
            </DialogHeader>
            <FormField
              label="Endpoint URL"
              hint={FORMAT_NOTES[format] ?? 'An https:// address of your server, Zapier or Make.'}
              error={errors.url}
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://example.com/webhooks/vouchly"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
              )}
            </FormField>
            <WebhookEventsFields value={events} onChange={setEvents} error={errors.events} />
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? (
                  <>
                    <Spinner />
                    Adding...
                  </>
                ) : (
                  'Add endpoint'
                )}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
