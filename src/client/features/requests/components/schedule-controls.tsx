// "Send now", or a date and time and "Schedule" (docs/product/requests.md#the-requests-screen): the
// time is the owner's local time, sent with its offset, within 30 days.
import { CalendarClock, Send } from 'lucide-react';
import { useState } from 'react';
import { REQUEST_SEND_AT } from '../../../../shared/schemas/requests';
import { DAY_MS } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { fromLocalInputValue, toLocalInputValue, toOffsetIso } from '../send-at';
import { TEXT } from '../texts';

/** The latest a request may be scheduled, from `now` (the server refuses later). */
const latestSendAt = (now: number) => new Date(now + REQUEST_SEND_AT.maxDaysAhead * DAY_MS);

function scheduleProblem(date: Date | null): string | undefined {
  if (!date) return TEXT.scheduleMissing;
  if (date.getTime() <= Date.now()) return TEXT.schedulePast;
  if (date.getTime() > latestSendAt(Date.now()).getTime()) return TEXT.scheduleTooFar;
  return undefined;
}

export function ScheduleControls({
  disabled,
  pending,
  onSend,
}: {
  /** Nobody on the list would be asked. */
  disabled: boolean;
  pending: 'now' | 'schedule' | null;
  onSend: (sendAt?: string) => void;
}) {
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | undefined>();
  const now = new Date();

  const schedule = () => {
    const date = fromLocalInputValue(when);
    const found = scheduleProblem(date);
    setError(found);
    if (date && !found) onSend(toOffsetIso(date));
  };

  return (
    <div className="grid gap-4">
      {disabled ? <p className="text-sm text-muted-foreground">{TEXT.nobodyToAsk}</p> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Button
          className="sm:mt-6"
          disabled={disabled || pending === 'schedule'}
          pending={pending === 'now'}
          pendingText={TEXT.sending}
          onClick={() => onSend()}
        >
          <Send aria-hidden="true" />
          {TEXT.sendNow}
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField label={TEXT.scheduleLabel} error={error} className="sm:w-60">
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={when}
                min={toLocalInputValue(now)}
                max={toLocalInputValue(latestSendAt(now.getTime()))}
                onChange={(event) => {
                  setWhen(event.target.value);
                  setError(undefined);
                }}
                className="dark:scheme-dark"
              />
            )}
          </FormField>
          <Button
            variant="outline"
            className="sm:mt-6"
            disabled={disabled || pending === 'now'}
            pending={pending === 'schedule'}
            pendingText={TEXT.scheduling}
            onClick={schedule}
          >
            <CalendarClock aria-hidden="true" />
            {TEXT.schedule}
          </Button>
        </div>
      </div>
    </div>
  );
}
