// A secret the server gives out once (the API key, a webhook's signing secret): a read-only field with Copy,
// and a clear note that it will not be shown again. It takes the focus when it appears (after a click elsewhere,
// or after a closing confirmation has put focus back on its trigger), so a screen reader reads it.
import { ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export function SecretShownOnce(props: {
  secret: string;
  title: string;
  note: ReactNode;
  /** The field's label. */
  label: string;
  /** What the Copy button's toast names ("API key"). */
  what: string;
  failureDescription: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const { secret } = props;
  const titleId = useId();
  const fieldId = useId();
  const noteId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => fieldRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [secret]);

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        {props.title}
      </h3>
      <p id={noteId} className="text-sm">
        {props.note}
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {props.label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={fieldRef}
            id={fieldId}
            readOnly
            value={secret}
            aria-describedby={noteId}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className="bg-background font-mono text-sm sm:text-sm"
          />
          <CopyButton
            text={secret}
            what={props.what}
            failureDescription={props.failureDescription}
            className="h-10"
          />
        </div>
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3 hover:bg-amber-100 dark:hover:bg-amber-900/40"
          onClick={props.onDone}
        >
          {props.doneLabel}
        </Button>
      </div>
    </section>
  );
}
