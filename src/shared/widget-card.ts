// The one renderer of the widget's markup: a testimonial card, and the header
// and branding around the cards, as a Markup tree (widget-markup.ts). The
// widget script turns it into DOM (src/widget/dom.ts) and the no-script page
// into escaped HTML (widget-static-html.ts), so the two cannot drift; both
// are styled by widget-styles.ts. Image URLs are resolved against the
// widget's origin and kept only if http(s); images are lazy, decoded off the
// main thread and sized up front.
import { collectionLink } from './app-pages.js';
import { RATING_MAX } from './constants.js';
import { DEMO_HEADER_TEXT } from './demo-widget.js';
import type { PublicWidget, PublicWidgetTestimonial, WidgetSettings } from './schemas/widget.js';
import { formatWidgetDate, initials, ratingLabel, safeHttpUrl } from './widget-format.js';
import { el, type Markup } from './widget-markup.js';

export type Photo = { src: string; alt: string; label?: string };

/**
 * slide: one slide of the widget's carousel (text clamped, at most
 * MAX_THUMBNAILS photos in one row); whole: the full testimonial the widget
 * opens from "Read more"; static: the no-script page, where every photo is a
 * link to the image (nothing there runs a script).
 */
export type CardMode = 'slide' | 'whole' | 'static';

/** A slide shows this many thumbnails at most; the last says "+N" when there are more photos. */
const MAX_THUMBNAILS = 4;

/** The photos a card shows, in order: before/after first (the story), then product photos. */
export function cardPhotos(
  t: PublicWidgetTestimonial,
  s: WidgetSettings,
  baseUrl: string,
): Photo[] {
  const photos: Photo[] = [];
  const who = t.authorName ? ` from ${t.authorName}` : '';
  const url = (value: string | null) => safeHttpUrl(value, baseUrl);
  if (s.showBeforeAfterPhotos) {
    const before = url(t.beforeImageUrl);
    const after = url(t.afterImageUrl);
    if (before) photos.push({ src: before, alt: `Before photo${who}`, label: 'Before' });
    if (after) photos.push({ src: after, alt: `After photo${who}`, label: 'After' });
  }
  if (s.showProductImages) {
    t.productImageUrls.forEach((value, i) => {
      const src = url(value);
      if (src) photos.push({ src, alt: `Product photo ${i + 1}${who}` });
    });
  }
  return photos;
}

/** A lazy <img> with its box reserved, decoded off the main thread. */
const image = (src: string, height: number, className?: string, width = height, ref?: string) =>
  el(
    'img',
    { class: className, src, alt: '', width, height, loading: 'lazy', decoding: 'async' },
    [],
    ref,
  );

/** The author's initials in the avatar's circle (also the fallback for a photo that fails to load). */
export const initialsAvatar = (name: string): Markup =>
  el('span', { class: 'av', 'aria-hidden': 'true' }, [initials(name)]);

function photoList(photos: Photo[], mode: CardMode, who: string): Markup {
  const shown = mode === 'slide' ? photos.slice(0, MAX_THUMBNAILS) : photos;
  /** Photos the last thumbnail stands for, itself included, when some are not shown. */
  const more = photos.length > shown.length ? photos.length - shown.length + 1 : 0;
  return el(
    'div',
    { class: 'md' },
    shown.map((photo, i) => {
      const counted = more > 0 && i === shown.length - 1;
      const label = counted ? `View ${more} more photos${who}` : `View ${photo.alt}`;
      const wide = !!photo.label && !counted;
      const inner = [
        image(photo.src, 44, undefined, wide ? 60 : 44),
        counted
          ? el('span', { class: 'mo', 'aria-hidden': 'true' }, [`+${more}`])
          : wide && el('span', { 'aria-hidden': 'true' }, [photo.label ?? '']),
      ];
      const className = wide ? 'ph ba' : 'ph';
      return mode === 'static'
        ? el(
            'a',
            {
              class: className,
              href: photo.src,
              target: '_blank',
              rel: 'noopener',
              'aria-label': label,
            },
            inner,
          )
        : el('button', { class: className, type: 'button', 'aria-label': label }, inner, 'photo');
    }),
  );
}

export type CardOptions = {
  /** Origin of the Vouchly server: relative image URLs resolve against it. */
  baseUrl: string;
  mode: CardMode;
};

/**
 * One testimonial card, honouring the show flags. Refs for the widget: `more`
 * (a slide's hidden "Read more" button, right after the text), `photo` (each
 * photo button, in the order of cardPhotos) and `avatar` (the author's photo).
 */
export function cardMarkup(
  t: PublicWidgetTestimonial,
  s: WidgetSettings,
  { baseUrl, mode }: CardOptions,
): Markup {
  const photos = cardPhotos(t, s, baseUrl);
  const who = t.authorName ? ` from ${t.authorName}` : '';
  const stars =
    s.showRatings &&
    t.rating > 0 &&
    el('div', { class: 'st', role: 'img', 'aria-label': ratingLabel(t.rating) }, [
      '★'.repeat(t.rating),
      t.rating < RATING_MAX && el('i', {}, ['★'.repeat(RATING_MAX - t.rating)]),
    ]);

  const avatarUrl = s.showPersonalPhotos && safeHttpUrl(t.authorImageUrl, baseUrl);
  const avatar =
    s.showPersonalPhotos &&
    (avatarUrl ? image(avatarUrl, 44, 'av', 44, 'avatar') : initialsAvatar(t.authorName));
  const date = s.showDates ? formatWidgetDate(t.date) : '';
  const meta = [t.authorBusinessName, s.showLocation ? t.authorLocation : null]
    .filter(Boolean)
    .join(' · ');
  // Where it was first written (docs/product/widget.md#source-mark): a link to the original when there is one. It
  // leads the line under the name, so a narrow card cuts the place and date before it, and never the name.
  const source = s.showSources ? t.source : undefined;
  const sourceHref = source && safeHttpUrl(source.url);
  const mark =
    !!source &&
    el(
      sourceHref ? 'a' : 'span',
      sourceHref
        ? {
            class: 'vi',
            href: sourceHref,
            target: '_blank',
            rel: 'nofollow noopener',
            'aria-label': `via ${source.name} (opens in a new tab)`,
          }
        : { class: 'vi' },
      [`via ${source.name}`],
    );
  const metaLine =
    (mark || meta || date) &&
    el('span', { class: 'mt' }, [
      mark,
      mark && (meta || date) ? ' · ' : '',
      meta,
      meta && date ? ' · ' : '',
      date && el('time', { datetime: t.date }, [date]),
    ]);

  const slide = mode === 'slide';
  const quote = el('div', { class: 'qw' }, [
    el('blockquote', { class: 'q' }, [t.content]),
    // Shown by the widget while the text is cut off or a part of the card left out (src/widget/fit.ts).
    slide &&
      el(
        'button',
        { class: 'rm', type: 'button', 'aria-haspopup': 'dialog', hidden: true },
        ['Read more'],
        'more',
      ),
  ]);
  // The text's share of a card of fixed height: on a slide the widget clamps the
  // text to the lines that fit; on the no-script page a long one scrolls, and
  // the area takes focus so a keyboard can scroll it too.
  const areaAttrs =
    mode === 'static'
      ? { class: 'qa', tabindex: 0, role: 'region', 'aria-label': `Testimonial${who}` }
      : { class: 'qa' };
  return el('figure', { class: `cd${slide ? ' cl' : ''}` }, [
    stars,
    mode === 'whole' ? quote : el('div', areaAttrs, [quote]),
    photos.length > 0 && photoList(photos, mode, who),
    el('figcaption', { class: 'au' }, [
      avatar,
      el('div', {}, [el('div', { class: 'nm' }, [t.authorName]), metaLine]),
    ]),
  ]);
}

/** The business name (with its logo) and the header text above the cards, or null when neither shows. Ref: `logo`. */
export function headerMarkup(
  { business }: Pick<PublicWidget, 'business'>,
  s: WidgetSettings,
  baseUrl: string,
): Markup | null {
  const name = s.showBusinessName && business.name;
  if (!s.headerText && !name) return null;
  const logo = name && safeHttpUrl(business.logoUrl, baseUrl);
  // A class, not a style attribute: a host page's CSP may refuse style attributes.
  return el('div', { class: `hd ${s.headerAlignment}` }, [
    name && el('p', { class: 'bn' }, [logo && image(logo, 28, undefined, 28, 'logo'), name]),
    // The landing page's demo says only "Example", small and muted, in the header's own height.
    s.headerText &&
      el('h2', { class: s.headerText === DEMO_HEADER_TEXT ? 'ht ex' : 'ht' }, [s.headerText]),
  ]);
}

/** What the invitation's link says; its accessible name adds that it opens a new tab. */
const INVITE_ACTION = 'Write a testimonial';

/**
 * While a business has nothing approved: a card, in the widget's style, that
 * invites visitors to leave the first testimonial at the collection link
 * ({server origin}/submit/{slug}), in a new tab (docs/decisions/0024).
 */
export function inviteMarkup(
  { business }: Pick<PublicWidget, 'business'>,
  baseUrl: string,
): Markup {
  return el('div', { class: 'cd iv' }, [
    el('div', { class: 'st', 'aria-hidden': 'true' }, [el('i', {}, ['★'.repeat(RATING_MAX)])]),
    el('p', { class: 'ht' }, ['Be the first to leave a testimonial']),
    business.name && el('p', { class: 'q' }, [`Share your experience with ${business.name}.`]),
    el(
      'a',
      {
        class: 'ia',
        href: collectionLink(baseUrl, business.collectionSlug),
        target: '_blank',
        rel: 'noopener',
        'aria-label': `${INVITE_ACTION} (opens in a new tab)`,
      },
      [`${INVITE_ACTION} \u2197`],
    ),
  ]);
}

/** "Powered by {product}", a link home in a new tab when `homeUrl` is http(s). */
export function brandingMarkup(product: string, homeUrl: string | undefined): Markup {
  const href = safeHttpUrl(homeUrl);
  return el(
    'a',
    href ? { class: 'br', href, target: '_blank', rel: 'noopener' } : { class: 'br' },
    [`Powered by ${product}`],
  );
}
