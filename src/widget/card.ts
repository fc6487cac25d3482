// One testimonial card. Every piece of data goes in through textContent or an
// attribute; image URLs are resolved against the widget's origin and must be
// http(s). Images are lazy, decoded off the main thread and sized up front.
import type { PublicWidgetTestimonial, WidgetSettings } from '../shared/schemas/widget';
import { formatWidgetDate, initials, ratingLabel, safeHttpUrl } from '../shared/widget-format';
import { attrs, h } from './dom';

export type Photo = { src: string; alt: string; label?: string };
export type OpenPhoto = (photos: Photo[], index: number, opener: HTMLElement) => void;

/** A lazy <img> with its box reserved (width/height), decoded off the main thread. */
export const image = (src: string, size: number, className = '', width = size): HTMLImageElement =>
  attrs(h('img', className), {
    src,
    alt: '',
    width,
    height: size,
    loading: 'lazy',
    decoding: 'async',
  });

export function renderCard(
  t: PublicWidgetTestimonial,
  s: WidgetSettings,
  baseUrl: string,
  openPhoto: OpenPhoto,
): HTMLElement {
  const card = h('figure', 'cd');

  if (s.showRatings && t.rating > 0) {
    const stars = attrs(h('div', 'st', '★'.repeat(t.rating)), {
      role: 'img',
      'aria-label': ratingLabel(t.rating),
    });
    if (t.rating < 5) stars.append(h('i', '', '★'.repeat(5 - t.rating)));
    card.append(stars);
  }

  const quote = h('blockquote', 'q');
  quote.append(h('p', '', t.content));
  card.append(quote);

  // Before/after first (the story), then product photos; one expanded-view list per card.
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
  if (photos.length) {
    const media = h('div', 'md');
    photos.forEach((photo, i) => {
      const button = attrs(h('button', photo.label ? 'ph ba' : 'ph'), {
        type: 'button',
        'aria-label': `View ${photo.alt}`,
      });
      const img = image(photo.src, 72, '', photo.label ? 96 : 72);
      img.onerror = () => button.remove();
      button.append(img);
      if (photo.label) button.append(attrs(h('span', '', photo.label), { 'aria-hidden': 'true' }));
      button.onclick = () => openPhoto(photos, i, button);
      media.append(button);
    });
    card.append(media);
  }

  const author = h('figcaption', 'au');
  if (s.showPersonalPhotos) {
    const avatar = attrs(h('span', 'av', initials(t.authorName)), { 'aria-hidden': 'true' });
    const src = url(t.authorImageUrl);
    // A broken photo falls back to the initials (SPEC §2).
    if (src) {
      const img = image(src, 44, 'av');
      img.onerror = () => img.replaceWith(avatar);
      author.append(img);
    } else author.append(avatar);
  }
  const names = h('div');
  names.append(h('div', 'nm', t.authorName));
  const date = s.showDates ? formatWidgetDate(t.date) : '';
  const meta = [t.authorBusinessName, s.showLocation ? t.authorLocation : null].filter(
    Boolean,
  ) as string[];
  if (meta.length || date) {
    const line = h('span', 'mt', meta.join(' · '));
    if (date) {
      if (meta.length) line.append(' · ');
      line.append(attrs(h('time', '', date), { datetime: t.date }));
    }
    names.append(line);
  }
  author.append(names);
  card.append(author);
  return card;
}
