// The new key, shown in full this once (the server keeps only its hash):
// a read-only field with Copy, and a clear note that it will not be shown again.
import { ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export function NewApiKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const noteId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  // The key appears after a click elsewhere: bring focus (and a screen reader)
  // to it, after a closing confirmation has put focus back on its trigger.
  useEffect(() => {
    const timer = window.setTimeout(() => fieldRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [apiKey]);

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        Copy your new API key now
      </h3>
      <p id={noteId} className="text-sm">
        This is the only time the full key is shown: it won&apos;t be shown again. Keep it somewhere
        safe, such as a password manager or your server&apos;s settings. If you lose it, regenerate
        it.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Your new API key
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={fieldRef}
            id={fieldId}
            readOnly
            value={apiKey}
            aria-describedby={noteId}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className="bg-background font-mono text-sm sm:text-sm"
          />
          <CopyButton
            text={apiKey}
            what="API key"
            failureDescription="Please manually copy the API key."
            className="h-10"
          />
        </div>
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3 hover:bg-amber-100 dark:hover:bg-amber-900/40"
          onClick={onDone}
        >
          I&apos;ve saved my key
        </Button>
      </div>
    </section>
  );
}
