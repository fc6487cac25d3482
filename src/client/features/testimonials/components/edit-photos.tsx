// Photos of the edit dialog (docs/product/testimonials.md#testimonials-screen, docs/product/testimonials.md#edit-rules): the author photo (upload, replace,
// remove), up to 5 product photos (the add button disappears at 5 and only the
// remaining room can be filled), and the before and after photos. Each change
// is its own call and is saved at once, except that the before and after
// photos are kept whole: a photo without its pair is held until the pair is.
import { ImagePlus, Trash2, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MAX_PRODUCT_PHOTOS } from '../../../../shared/constants';
import { beforeAfterPairIssue } from '../../../../shared/schemas/testimonials';
import { AuthorAvatar } from '../../../components/author-avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn, isDisplayableImageUrl } from '../../../lib/utils';
import {
  useAddProductImages,
  useAuthorImage,
  useBeforeAfterImages,
  useRemoveProductImage,
  type PairSide,
  type TestimonialImages,
} from '../api';

/** A hidden file picker opened by a button. */
function useFilePicker(onFiles: (files: File[]) => void, multiple = false) {
  const inputRef = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      multiple={multiple}
      className="hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const files = Array.from(event.currentTarget.files ?? []);
        // Reset, so choosing the same file again still counts as a change.
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
  return { input, open: () => inputRef.current?.click() };
}

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium leading-none text-foreground">{title}</legend>
      {hint ? <p className="-mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function Busy({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-slate-950/50 text-xs font-semibold text-white"
    >
      <Spinner className="size-5" />
      {label}
    </div>
  );
}

function PhotoTile({
  src,
  label,
  onRemove,
  busy,
  disabled,
}: {
  src: string;
  label: string;
  onRemove: () => void;
  busy?: string;
  disabled?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-xl border border-border bg-muted">
      {broken || !isDisplayableImageUrl(src) ? (
        <div className="flex size-full items-center justify-center p-2 text-center text-xs text-muted-foreground">
          {label}
        </div>
      ) : (
        <img
          src={src}
          alt={label}
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      )}
      {busy ? <Busy label={busy} /> : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${label.toLowerCase()}`}
        className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-sm transition-colors hover:bg-slate-950/90 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white disabled:opacity-50"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function AddTile({
  label,
  onClick,
  busy,
  disabled,
}: {
  label: string;
  onClick: () => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy || disabled}
      className={cn(
        'relative flex aspect-square w-full flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed border-input/70 bg-background px-2 text-center text-xs font-semibold text-muted-foreground transition-colors',
        'hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait',
      )}
    >
      {busy ? (
        <>
          <Spinner className="size-5" />
          <span>Uploading…</span>
        </>
      ) : (
        <>
          <ImagePlus className="size-6 shrink-0" aria-hidden="true" />
          <span className="leading-tight">{label}</span>
        </>
      )}
    </button>
  );
}

export function EditPhotos({
  testimonialId,
  authorName,
  images,
  onImages,
}: {
  testimonialId: string;
  authorName: string;
  images: TestimonialImages;
  onImages: (images: Partial<TestimonialImages>) => void;
}) {
  const callbacks = { id: testimonialId, onImages };
  const author = useAuthorImage(callbacks);
  const addProducts = useAddProductImages(callbacks);
  const removeProduct = useRemoveProductImage(callbacks);
  const [productNote, setProductNote] = useState<string | null>(null);

  const authorPicker = useFilePicker((files) => {
    const [file] = files;
    if (file) author.mutate(file);
  });

  const existing = images.productImageUrls.length;
  const room = Math.max(0, MAX_PRODUCT_PHOTOS - existing);
  const productPicker = useFilePicker((files) => {
    const taken = files.slice(0, room);
    setProductNote(
      files.length > room
        ? `Only ${room} more ${room === 1 ? 'photo fits' : 'photos fit'}; the first ${room === 1 ? 'one was' : `${room} were`} added.`
        : null,
    );
    if (taken.length > 0) addProducts.mutate(taken);
  }, true);

  return (
    <div className="grid gap-6">
      <Section title="Author photo">
        <div className="flex flex-wrap items-center gap-4">
          <div className="relative">
            <AuthorAvatar name={authorName} imageUrl={images.authorImageUrl} size="lg" />
            {author.isPending ? (
              <div className="absolute inset-0 overflow-hidden rounded-full">
                <Busy label="" />
              </div>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={author.isPending}
              onClick={authorPicker.open}
            >
              <Upload aria-hidden="true" />
              {images.authorImageUrl ? 'Replace photo' : 'Upload photo'}
              <span className="sr-only"> of the author</span>
            </Button>
            {images.authorImageUrl ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={author.isPending}
                onClick={() => author.mutate(null)}
                className="text-destructive hover:text-destructive dark:text-red-400"
              >
                <Trash2 aria-hidden="true" />
                Remove photo
                <span className="sr-only"> of the author</span>
              </Button>
            ) : null}
          </div>
          {authorPicker.input}
        </div>
      </Section>

      <Section
        title="Product photos"
        hint={
          room > 0
            ? `${existing} of ${MAX_PRODUCT_PHOTOS} · you can add ${room} more.`
            : `${MAX_PRODUCT_PHOTOS} of ${MAX_PRODUCT_PHOTOS} · remove one to add another.`
        }
      >
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {images.productImageUrls.map((src, index) => (
            <li key={src}>
              <PhotoTile
                src={src}
                label={`Product photo ${index + 1}`}
                disabled={removeProduct.isPending}
                busy={
                  removeProduct.isPending && removeProduct.variables === src
                    ? 'Removing…'
                    : undefined
                }
                onRemove={() => removeProduct.mutate(src)}
              />
            </li>
          ))}
          {room > 0 ? (
            <li>
              <AddTile
                label="Add product photo"
                busy={addProducts.isPending}
                onClick={productPicker.open}
              />
            </li>
          ) : null}
        </ul>
        {productPicker.input}
        {productNote ? (
          <p role="status" className="text-xs text-muted-foreground">
            {productNote}
          </p>
        ) : null}
      </Section>

      <BeforeAfterPhotos callbacks={callbacks} images={images} />
    </div>
  );
}

/** A side changed and not saved yet: a photo picked (with its preview) or the saved one removed (null). */
type HeldSide = { file: File; preview: string } | null;
type HeldPair = Partial<Record<PairSide, HeldSide>>;

const SIDES = ['before', 'after'] as const;
const WORD = { before: 'Before', after: 'After' } as const;

/**
 * The before and after photos, kept whole as the public form keeps them: a
 * change that leaves both or neither is saved at once, in one call for every
 * side it touches; a change that leaves one photo alone is held and shown, with
 * the shared rule's message, until the other side is added or removed too.
 */
function BeforeAfterPhotos({
  callbacks,
  images,
}: {
  callbacks: Parameters<typeof useBeforeAfterImages>[0];
  images: TestimonialImages;
}) {
  const save = useBeforeAfterImages(callbacks);
  const [held, setHeldState] = useState<HeldPair>({});
  const heldRef = useRef(held);
  const setHeld = (next: HeldPair) => {
    for (const side of SIDES) {
      const dropped = heldRef.current[side];
      if (dropped && dropped !== next[side]) URL.revokeObjectURL(dropped.preview);
    }
    heldRef.current = next;
    setHeldState(next);
  };
  useEffect(
    () => () => {
      for (const side of SIDES) {
        const dropped = heldRef.current[side];
        if (dropped) URL.revokeObjectURL(dropped.preview);
      }
    },
    [],
  );

  const saved = { before: images.beforeImageUrl, after: images.afterImageUrl };
  /** The photo a side shows once `pair` is applied, or null. */
  const photoOf = (pair: HeldPair, side: PairSide) => {
    const change = pair[side];
    return change === undefined ? saved[side] : (change?.preview ?? null);
  };

  const change = (side: PairSide, file: File | null) => {
    const next: HeldPair = {
      ...heldRef.current,
      [side]: file && { file, preview: URL.createObjectURL(file) },
    };
    if (Boolean(photoOf(next, 'before')) !== Boolean(photoOf(next, 'after'))) {
      setHeld(next);
      return;
    }
    // Whole again: every held side that differs from what is saved goes in one call.
    const files: Partial<Record<PairSide, File | null>> = {};
    for (const pairSide of SIDES) {
      const heldSide = next[pairSide];
      if (heldSide) files[pairSide] = heldSide.file;
      else if (heldSide === null && saved[pairSide]) files[pairSide] = null;
    }
    if (Object.keys(files).length === 0) {
      setHeld({}); // A held photo removed again: nothing to save.
      return;
    }
    setHeld(next);
    save.mutate(
      { side, files },
      {
        onSuccess: () => setHeld({}),
        // The side just changed goes back to what is saved; a photo held before stays held.
        onError: () => {
          const { [side]: _failed, ...rest } = heldRef.current;
          setHeld(rest);
        },
      },
    );
  };

  const pickers = {
    before: useFilePicker(([file]) => file && change('before', file)),
    after: useFilePicker(([file]) => file && change('after', file)),
  };
  const inFlight = save.isPending ? save.variables.files : {};
  const issue = save.isPending
    ? null
    : beforeAfterPairIssue({
        beforeImageUrl: photoOf(held, 'before'),
        afterImageUrl: photoOf(held, 'after'),
      });

  return (
    <Section title="Before and after photos">
      <ul className="grid max-w-xs grid-cols-2 gap-3">
        {SIDES.map((side) => {
          const word = WORD[side];
          const sending = inFlight[side];
          // A removal in flight keeps showing the saved photo under "Removing…".
          const src = sending === null ? saved[side] : photoOf(held, side);
          const busy = sending === undefined ? undefined : sending ? 'Uploading…' : 'Removing…';
          return (
            <li key={side} className="grid gap-1.5">
              <span className="text-xs font-medium text-muted-foreground" aria-hidden="true">
                {word}
              </span>
              {src ? (
                <PhotoTile
                  src={src}
                  label={`${word} photo`}
                  busy={busy}
                  disabled={save.isPending}
                  onRemove={() => change(side, null)}
                />
              ) : (
                <AddTile
                  label={`Add ${side} photo`}
                  disabled={save.isPending}
                  onClick={pickers[side].open}
                />
              )}
              {pickers[side].input}
            </li>
          );
        })}
      </ul>
      <p
        aria-live="polite"
        className="text-xs font-medium text-amber-700 empty:hidden dark:text-amber-400"
      >
        {issue?.message}
      </p>
    </Section>
  );
}
