// A testimonial's product photos (up to `maxProducts`, then "+N more product
// photos") and its before/after pair as thumbnails. Each opens the expanded
// image dialog at that photo; the dialog walks through all of them.
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { Testimonial } from '../../shared/schemas/testimonials';
import { cn, isDisplayableImageUrl } from '../lib/utils';
import { ImageGalleryDialog, type GalleryImage } from './image-gallery-dialog';

type Photo = GalleryImage & { kind: 'product' | 'before' | 'after' };

/** Every photo the gallery shows, in the order the card shows them. */
function galleryPhotosOf(
  testimonial: Pick<Testimonial, 'productImageUrls' | 'beforeImageUrl' | 'afterImageUrl'>,
): Photo[] {
  const photos: Photo[] = testimonial.productImageUrls
    .filter(isDisplayableImageUrl)
    .map((src, index) => ({ src, alt: `Product photo ${index + 1}`, kind: 'product' }));
  if (testimonial.beforeImageUrl && isDisplayableImageUrl(testimonial.beforeImageUrl)) {
    photos.push({ src: testimonial.beforeImageUrl, alt: 'Before photo', kind: 'before' });
  }
  if (testimonial.afterImageUrl && isDisplayableImageUrl(testimonial.afterImageUrl)) {
    photos.push({ src: testimonial.afterImageUrl, alt: 'After photo', kind: 'after' });
  }
  return photos;
}

function Thumbnail({
  photo,
  caption,
  onOpen,
  className,
}: {
  photo: Photo;
  caption?: string;
  onOpen: () => void;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={`View ${photo.alt.toLowerCase()}`}
      className={cn(
        'group relative shrink-0 overflow-hidden rounded-lg border border-border bg-muted transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {broken ? (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          <ImageOff className="size-5" aria-hidden="true" />
        </span>
      ) : (
        <img
          src={photo.src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
          className="size-full object-cover transition-transform duration-200 group-hover:scale-105 motion-reduce:group-hover:scale-100"
        />
      )}
      {caption ? (
        <span
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 bg-slate-950/65 px-1.5 py-0.5 text-center text-[11px] font-semibold uppercase tracking-wide text-white"
        >
          {caption}
        </span>
      ) : null}
    </button>
  );
}

const sizes = {
  sm: 'size-14',
  md: 'size-16 sm:size-20',
} as const;

export function TestimonialPhotos({
  testimonial,
  maxProducts = 4,
  size = 'md',
  className,
}: {
  testimonial: Pick<
    Testimonial,
    'authorName' | 'productImageUrls' | 'beforeImageUrl' | 'afterImageUrl'
  >;
  maxProducts?: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const photos = galleryPhotosOf(testimonial);
  if (photos.length === 0) return null;

  const products = photos.filter((photo) => photo.kind === 'product');
  const pair = photos.filter((photo) => photo.kind !== 'product');
  const shownProducts = products.slice(0, maxProducts);
  const hidden = products.length - shownProducts.length;
  const indexOf = (photo: Photo) => photos.indexOf(photo);

  return (
    <div className={cn('flex flex-wrap items-start gap-x-6 gap-y-3', className)}>
      {products.length > 0 ? (
        <div className="grid gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">Product photos</p>
          <ul className="flex flex-wrap items-center gap-2">
            {shownProducts.map((photo) => (
              <li key={photo.src}>
                <Thumbnail
                  photo={photo}
                  onOpen={() => setOpenAt(indexOf(photo))}
                  className={sizes[size]}
                />
              </li>
            ))}
            {hidden > 0 ? (
              <li>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => setOpenAt(shownProducts.length)}
                  className="rounded-md px-1 text-sm font-medium text-brand-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  +{hidden} more product photos
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {pair.length > 0 ? (
        <div className="grid gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">Before &amp; after</p>
          <ul className="flex gap-2">
            {pair.map((photo) => (
              <li key={photo.kind}>
                <Thumbnail
                  photo={photo}
                  caption={photo.kind === 'before' ? 'Before' : 'After'}
                  onOpen={() => setOpenAt(indexOf(photo))}
                  className={sizes[size]}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ImageGalleryDialog
        images={photos}
        index={openAt}
        onIndexChange={setOpenAt}
        title={`Photos from ${testimonial.authorName}`}
      />
    </div>
  );
}
