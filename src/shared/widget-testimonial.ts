// The one mapping of a testimonial to the public widget's shape
// (PublicWidgetTestimonial), used by the server's public widget answer and by
// the client's widget previews. Zod-free, like every widget-* file here.
import { RATING_MAX } from './constants.js';
import type { PublicWidgetTestimonial, WidgetSettings } from './schemas/widget.js';
import { sourceMarkName } from './testimonial-source.js';
import { safeHttpUrl } from './widget-format.js';

/** A testimonial as the dashboard reads it or as its row holds it (dates as ISO strings or Dates). */
export type WidgetTestimonialSource = Omit<PublicWidgetTestimonial, 'date' | 'source'> & {
  approvedAt: string | Date | null;
  submittedAt: string | Date;
  /** Where it was imported from (null: the form), and the original's address. */
  source: string | null;
  sourceUrl: string | null;
};

/** The show flags of the widget settings that decide which fields the public may see. */
export type WidgetVisibility = Pick<
  WidgetSettings,
  | 'showLocation'
  | 'showRatings'
  | 'showPersonalPhotos'
  | 'showProductImages'
  | 'showBeforeAfterPhotos'
  | 'showSources'
>;

const isoOf = (date: string | Date) => (typeof date === 'string' ? date : date.toISOString());

/**
 * A testimonial as the widget receives it: never an email; the date is the
 * approval date, else the submission date (an imported one's: when it was written); `source` is the name of the
 * platform it came from and the original's address, for a source that reads
 * as a name (sourceMarkName). With `visibility` (the public answer), a field
 * the settings hide is null, an empty list, a 0 rating or (the source) left
 * out, and the rating is kept within 0-5; without it (a preview, which renders with the
 * settings itself) every field is kept.
 */
export function toWidgetTestimonial(
  t: WidgetTestimonialSource,
  visibility?: WidgetVisibility,
): PublicWidgetTestimonial {
  const show = (flag: keyof WidgetVisibility) => !visibility || visibility[flag];
  const sourceName = show('showSources') ? sourceMarkName(t.source) : null;
  return {
    id: t.id,
    authorName: t.authorName,
    authorBusinessName: t.authorBusinessName,
    authorLocation: show('showLocation') ? t.authorLocation : null,
    content: t.content,
    rating: !visibility
      ? t.rating
      : visibility.showRatings
        ? Math.max(0, Math.min(RATING_MAX, t.rating))
        : 0,
    authorImageUrl: show('showPersonalPhotos') ? t.authorImageUrl : null,
    productImageUrls: show('showProductImages') ? t.productImageUrls : [],
    beforeImageUrl: show('showBeforeAfterPhotos') ? t.beforeImageUrl : null,
    afterImageUrl: show('showBeforeAfterPhotos') ? t.afterImageUrl : null,
    // The schema requires a date; the renderer leaves it out when showDates is off. An imported testimonial shows
    // when it was written at its source, never the day it was imported (docs/product/imports.md).
    date: isoOf(t.source !== null ? t.submittedAt : (t.approvedAt ?? t.submittedAt)),
    // Left out, not null, while it is not shown: a widget without the mark carries no trace of it.
    ...(sourceName ? { source: { name: sourceName, url: safeHttpUrl(t.sourceUrl) } } : {}),
  };
}
