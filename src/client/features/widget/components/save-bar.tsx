// The foot of the settings form: whether there is anything to save, Reset and
// Save Changes (both idle until there is), and on small screens a jump to the preview.
// Toasts rise above it while it shows (toast-clearance.ts), so a failed save's
// toast never hides Save Changes.
import { Eye } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useToastClearance } from '../../../components/ui/toast-clearance';
import { cn } from '../../../lib/utils';

export function SaveBar({
  dirty,
  saving,
  onReset,
}: {
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
}) {
  const barRef = useRef<HTMLDivElement>(null);
  useToastClearance(barRef);
  return (
    // Floats at the bottom of the screen only while there is something to save.
    <div
      ref={barRef}
      className={cn(
        'rounded-2xl border border-border p-3 sm:p-4',
        dirty
          ? 'sticky bottom-3 z-10 bg-card/95 shadow-lg ring-1 ring-black/5 backdrop-blur supports-[backdrop-filter]:bg-card/85'
          : 'bg-card shadow-sm',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="mr-auto text-sm text-muted-foreground">
          {dirty ? (
            <span className="flex items-center gap-2 font-medium text-foreground">
              <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
              Unsaved changes
            </span>
          ) : (
            'All changes saved'
          )}
        </p>
        <div className="flex flex-1 justify-end gap-2 sm:flex-none">
          <Button asChild variant="ghost" className="mr-auto px-3 lg:hidden">
            <a href="#widget-preview">
              <Eye aria-hidden="true" />
              <span className="max-sm:sr-only">Preview</span>
            </a>
          </Button>
          <Button variant="outline" disabled={!dirty || saving} onClick={onReset}>
            Reset
          </Button>
          <Button type="submit" disabled={!dirty} pending={saving} pendingText="Saving...">
            Save Changes
          </Button>
        </div>
      </div>
    </div>
  );
}
