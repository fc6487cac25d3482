// Said on /widget when the embed code the owner last copied reserves another
// height than their saved settings need now: after a change in the settings
// form, the testimonial dialog's quick toggle, anything that changes the
// widget's box (docs/decisions/0024). The widget still shows on their site,
// fitted into the old box; this says what that costs and offers the new code.
import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button';
import { toast } from '../../../components/ui/toast';
import type { SnippetKind } from '../../../../shared/schemas/widget-snippets';

/** What a box of the wrong height costs on the owner's site, by kind of code. */
function consequence(kind: SnippetKind, copied: number, needed: number): string {
  if (needed < copied)
    return `With your saved settings it needs only ${needed} px, so it takes ${copied - needed} px more of your page than it needs.`;
  return kind === 'script'
    ? `With your saved settings it needs ${needed} px. Until you replace the code, the widget squeezes into the old space: fewer lines of each testimonial, and photos, stars or the header left out where they don't fit.`
    : `With your saved settings it needs ${needed} px. Until you replace the code, the bottom of the widget may not fit in the frame.`;
}

export function OutdatedSnippetNotice({
  kind,
  what,
  copied,
  needed,
  code,
  onCopied,
}: {
  kind: SnippetKind;
  /** The code's name, as its own copy button says it: "script tag", "iframe code". */
  what: string;
  /** The height of the box in the code the owner copied. */
  copied: number;
  /** The height the saved settings need. */
  needed: number;
  /** The new code. */
  code: string;
  onCopied: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-2">
        <p className="font-semibold">
          The {kind === 'script' ? 'code' : 'iframe code'} on your website is out of date
        </p>
        <p>
          You copied it when the widget was {copied} px tall. {consequence(kind, copied, needed)}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <CopyButton
            text={code}
            what={`new ${what}`}
            onCopied={() => {
              onCopied();
              // The notice goes once the new code is copied: the toast says it worked.
              toast({
                title: `New ${what} copied`,
                description: 'Paste it over the old one on your website.',
                variant: 'success',
              });
            }}
            className="border-amber-400 bg-white text-amber-950 hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900"
          />
          <span className="text-xs">Then paste it over the old one on your website.</span>
        </div>
      </div>
    </div>
  );
}
