// An endpoint's signing secret, shown this once (docs/product/webhooks.md#verifying): a read-only field with Copy
// and a clear note that it will not be shown again.
import { ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const fieldId = useId();
  const noteId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => fieldRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [secret]);
  return (
    <div className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        Copy the signing secret now
      </p>
      <p id={noteId} className="text-sm">
        This is the only time the secret is shown: it won&apos;t be shown again. Your receiver uses
        it to check each event&apos;s <code className="font-mono">webhook-signature</code>. If you
        lose it, delete the endpoint and add it again.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Signing secret
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
            what="signing secret"
            failureDescription="Please copy the secret manually."
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
          I&apos;ve saved the secret
        </Button>
      </div>
    </div>
  );
}
