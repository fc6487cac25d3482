// The pieces of a photo field: a tile per photo (preview, upload progress, a
// Retry button when its upload failed, remove button) and the button that
// opens the file picker (plus, on phones, one that opens the camera straight
// away).
import { Camera, ImagePlus, RotateCw, X } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/hydration';
import { cn } from '../../../lib/utils';
import type { PhotoItem } from '../use-photo-group';

export function PhotoTile({
  item,
  label,
  onRemove,
  onRetry,
  round = false,
}: {
  item: PhotoItem;
  /** What this photo is, e.g. "Product photo 2". */
  label: string;
  onRemove: () => void;
  onRetry: () => void;
  round?: boolean;
}) {
  const uploading = item.status === 'uploading';
  const failed = item.status === 'failed';
  const percent = Math.round(item.progress * 100);
  return (
    <div
      className={cn(
        'relative aspect-square w-full overflow-hidden border border-border bg-muted',
        round ? 'rounded-full' : 'rounded-xl',
      )}
    >
      <img
        src={item.previewUrl}
        alt={label}
        className={cn('size-full object-cover', (uploading || failed) && 'opacity-60')}
      />
      {uploading ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-slate-950/35 px-3 text-white">
          <Spinner className="size-5" />
          <span className="text-xs font-semibold tabular-nums" aria-hidden="true">
            {percent}%
          </span>
          <Progress
            value={percent}
            aria-label={`Uploading ${label.toLowerCase()}`}
            className={cn('h-1.5 bg-white/30', round ? 'w-1/2' : 'w-3/4')}
          />
        </div>
      ) : null}
      {failed ? (
        // Below the middle, so it stays clear of the remove button on the smallest tiles.
        <div
          className={cn(
            'absolute inset-0 flex items-end justify-center bg-slate-950/55 p-2',
            round ? 'pb-4' : 'pb-2.5',
          )}
        >
          <button
            type="button"
            onClick={onRetry}
            aria-label={`Retry upload of ${label.toLowerCase()}`}
            className="inline-flex min-h-8 items-center gap-1 whitespace-nowrap rounded-full bg-white px-2.5 text-xs font-semibold text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <RotateCw className="size-3.5 shrink-0" aria-hidden="true" />
            Retry
          </button>
        </div>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${label.toLowerCase()}`}
        className={cn(
          'absolute flex size-8 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-sm transition-colors hover:bg-slate-950/90 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
          round ? 'right-[8%] top-[8%]' : 'right-1.5 top-1.5',
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

const isCoarsePointer = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

export function AddPhotoButton({
  label,
  onFiles,
  multiple = false,
  capture,
  cameraLabel,
  buttonRef,
  describedBy,
  invalid = false,
  round = false,
  tileClassName,
  accessibleName,
}: {
  /** The visible name, e.g. "Add photo". */
  label: string;
  /** A fuller name for screen readers; it must contain the visible label. */
  accessibleName?: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  /** Offer a camera button on phones, facing this way. */
  capture?: 'user' | 'environment';
  cameraLabel?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  describedBy?: string;
  invalid?: boolean;
  round?: boolean;
  /** Size of the add tile, when it should not fill the width (the camera button then sits beside it). */
  tileClassName?: string;
}) {
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  // Until hydrated the button has no handler: disabled, so a click waits instead of doing nothing.
  // The camera shortcut suits touch-first devices, which only the browser knows: it appears once hydrated.
  const hydrated = useHydrated();
  const showCamera = hydrated && isCoarsePointer() && capture !== undefined;

  const takeFiles = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // Reset, so choosing the same file again still counts as a change.
    input.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <div className={tileClassName ? 'flex flex-wrap items-center gap-3' : 'grid w-full gap-2'}>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => pickerRef.current?.click()}
        disabled={!hydrated}
        aria-label={accessibleName}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={cn(
          'flex aspect-square w-full flex-col items-center justify-center gap-1.5 border-2 border-dashed bg-background px-2 text-center text-xs font-semibold transition-colors sm:text-sm',
          'hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          invalid
            ? 'border-red-400 text-red-700 dark:border-red-500 dark:text-red-300'
            : 'border-input/70 text-muted-foreground',
          round ? 'rounded-full' : 'rounded-xl',
          tileClassName,
        )}
      >
        <ImagePlus className="size-6 shrink-0" aria-hidden="true" />
        <span className="leading-tight">{label}</span>
      </button>
      {showCamera ? (
        <button
          type="button"
          onClick={() => cameraRef.current?.click()}
          className="inline-flex h-10 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border border-border bg-card px-2 text-xs font-semibold text-foreground shadow-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Camera className="size-4" aria-hidden="true" />
          {cameraLabel ?? 'Use camera'}
        </button>
      ) : null}
      <input
        ref={pickerRef}
        type="file"
        accept="image/*"
        multiple={multiple}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => takeFiles(event.currentTarget)}
      />
      {showCamera ? (
        <input
          ref={cameraRef}
          type="file"
          accept="image/*"
          capture={capture}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => takeFiles(event.currentTarget)}
        />
      ) : null}
    </div>
  );
}
