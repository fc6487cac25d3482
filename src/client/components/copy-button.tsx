// A Copy button that reads "Copied" for 2 s afterwards (docs/product/README.md#screens-and-routes, docs/product/limits.md),
// announced politely; a failure toasts "Copy failed". Used by the widget's
// embed snippets and the Integrations screen (the API key, the curl example).
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COPIED_INDICATOR_MS } from '../../shared/constants';
import { copyText } from '../lib/clipboard';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { toast } from './ui/toast';

export function CopyButton({
  text,
  what,
  failureDescription = 'Select the code and copy it manually.',
  className,
  onCopied,
}: {
  text: string;
  /** Completes the accessible name: "Copy {what}". */
  what: string;
  /** The description of the "Copy failed" toast. */
  failureDescription?: string;
  className?: string;
  /** After the text is on the clipboard. */
  onCopied?: () => void;
}) {
  // When it was last copied, not a flag, so a second copy within 2 s restarts the timer.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const copied = copiedAt !== null;
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      await copyText(text);
      setCopiedAt(Date.now());
      onCopied?.();
    } catch {
      toast({ title: 'Copy failed', description: failureDescription, variant: 'destructive' });
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={cn('min-w-24', className)}
        onClick={() => void copy()}
      >
        {copied ? (
          <Check className="text-success" aria-hidden="true" />
        ) : (
          <Copy aria-hidden="true" />
        )}
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> {what}</span>
      </Button>
      <span role="status" className="sr-only">
        {copied ? `${what} copied to clipboard` : ''}
      </span>
    </>
  );
}
