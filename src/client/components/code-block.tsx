// A read-only code sample on a dark panel with a label and its own Copy
// button: the widget's embed snippets and the Integrations screen's curl example.
import { useId } from 'react';
import { CopyButton } from './copy-button';

export function CodeBlock({
  code,
  label,
  what,
  onCopied,
}: {
  code: string;
  label: string;
  what: string;
  /** After the whole code was copied, with the button or by selecting it by hand. */
  onCopied?: () => void;
}) {
  const id = useId();
  return (
    <div className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950 text-slate-100">
      <div className="flex items-center justify-between gap-3 border-b border-slate-800 py-1.5 pl-4 pr-1.5">
        <span id={id} className="font-mono text-xs text-slate-400">
          {label}
        </span>
        <CopyButton
          text={code}
          what={what}
          onCopied={onCopied}
          className="border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800 hover:text-white"
        />
      </div>
      {/* Focusable so keyboard users can scroll it; selectable as plain text. */}
      <pre
        tabIndex={0}
        aria-labelledby={id}
        onCopy={() => {
          if (document.getSelection()?.toString().trim() === code.trim()) onCopied?.();
        }}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-all focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
