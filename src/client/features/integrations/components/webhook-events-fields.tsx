// The event checkboxes of the Add endpoint and Edit events dialogs: a labelled group, one checkbox per event type.
import { useId } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  webhookEventTypes,
  type WebhookEventType,
} from '../../../../shared/schemas/webhooks';
import { FieldError } from '../../../components/ui/form-field';
import { Checkbox } from '../../../components/ui/checkbox';

export function WebhookEventsFields({
  value,
  onChange,
  error,
}: {
  value: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Events</legend>
      {webhookEventTypes.map((type) => (
        <label key={type} className="flex items-start gap-3 text-sm">
          <Checkbox
            className="mt-0.5"
            checked={value.includes(type)}
            onCheckedChange={(checked) =>
              onChange(
                checked === true
                  ? webhookEventTypes.filter((item) => item === type || value.includes(item))
                  : value.filter((item) => item !== type),
              )
            }
          />
          <span className="grid gap-0.5">
            <span className="font-mono text-xs">{type}</span>
            <span className="text-muted-foreground">{WEBHOOK_EVENT_LABELS[type]}</span>
          </span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
