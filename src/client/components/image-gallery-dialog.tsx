// The expanded image dialog (docs/product/testimonials.md#dashboard): one photo at a time, large,
// with previous and next buttons, an "n / m" counter, the arrow keys to move
// and Escape to close. Focus stays inside while it is open (Radix Dialog).
import { ChevronLeft, ChevronRight, ImageOff, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/utils';

export type GalleryImage = {
  src: string;
  /** Says what the photo is, e.g. "Before photo" or "Product photo 2". */
  alt: string;
};

const navButton =
  'absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-lg ring-1 ring-white/20 transition-colors hover:bg-slate-950/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * Controlled by `index`: the photo shown, or null when closed. `title` names
 * the set for screen readers, e.g. "Photos from Jane Doe".
 */
export function ImageGalleryDialog({
  images,
  index,
  onIndexChange,
  title,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  title: string;
}) {
  const count = images.length;
  const open = index !== null && count > 0;
  const current = open ? Math.min(Math.max(index, 0), count - 1) : 0;
  const image = images[current];
  const [failed, setFailed] = useState<string | null>(null);
  // Opened by code, not by a Radix trigger: bring focus back to the photo that opened it.
  const openerRef = useRef<HTMLElement | null>(null);

  const step = (delta: number) => {
    if (count < 2) return;
    onIndexChange((current + delta + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? null : onIndexChange(null))}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/85 backdrop-blur-sm motion-safe:animate-fade-in" />
        <DialogPrimitive.Content
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            openerRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 text-white outline-none motion-safe:animate-fade-in sm:p-8"
        >
          <div className="flex w-full max-w-5xl items-center gap-3">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
              {title}
              {image ? <span className="font-normal text-white/75"> · {image.alt}</span> : null}
            </DialogPrimitive.Title>
            <p
              className="shrink-0 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tabular-nums"
              aria-live="polite"
              aria-atomic="true"
            >
              <span className="sr-only">Image </span>
              {current + 1} / {count}
            </p>
            <DialogPrimitive.Close
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10 transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>

          {/* Clicking the dark area around the photo closes, as a click outside would. */}
          <div
            className="relative flex min-h-0 w-full max-w-5xl flex-1 items-center justify-center"
            onClick={(event) => {
              if (event.target === event.currentTarget) onIndexChange(null);
            }}
          >
            {image && failed !== image.src ? (
              <img
                key={image.src}
                src={image.src}
                alt={image.alt}
                referrerPolicy="no-referrer"
                onError={() => setFailed(image.src)}
                className="max-h-full max-w-full rounded-xl object-contain shadow-2xl motion-safe:animate-fade-in"
              />
            ) : (
              <div
                role="img"
                aria-label={`${image?.alt ?? 'Image'} could not be loaded`}
                className="flex aspect-square w-64 max-w-full flex-col items-center justify-center gap-2 rounded-xl bg-white/5 text-sm text-white/75"
              >
                <ImageOff className="size-8" aria-hidden="true" />
                This image could not be loaded.
              </div>
            )}
            {count > 1 ? (
              <>
                <button
                  type="button"
                  className={cn(navButton, 'left-0 sm:-left-2')}
                  onClick={() => step(-1)}
                  aria-label="Previous image"
                >
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={cn(navButton, 'right-0 sm:-right-2')}
                  onClick={() => step(1)}
                  aria-label="Next image"
                >
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
          {count > 1 ? (
            <p className="hidden text-xs text-white/60 sm:block">
              Use the arrow keys to move between photos, Escape to close.
            </p>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
