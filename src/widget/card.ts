// One testimonial card in the widget: the shared markup (src/shared/widget-card.ts)
// as DOM, with its behaviour: photos open the expanded photo view, a broken
// author photo falls back to the initials, and on a slide the "Read more"
// button shows while the clamp cuts the text off and opens the whole testimonial.
import type { PublicWidgetTestimonial, WidgetSettings } from '../shared/schemas/widget';
import { cardMarkup, cardPhotos, initialsAvatar } from '../shared/widget-card';
import { toDom, type Refs } from './dom';
import { openPhotos } from './lightbox';
import type { Modals } from './modal';

/**
 * One observer for all the slides' text areas. An area is as tall as its card
 * has room for; the text is clamped to the whole lines that fit (at least
 * one), and "Read more" shows when that cuts it off. The observer reports
 * after layout and before paint, so the first frame already shows the clamp,
 * and the sizes are all read before anything changes.
 */
export const watchClamps = (): ResizeObserver =>
  new ResizeObserver((entries) => {
    const texts = entries.map(({ target }) => target.querySelector('.q') as HTMLElement);
    // Every slide's text has the widget's one line height: read it once.
    const line = texts[0] ? parseFloat(getComputedStyle(texts[0]).lineHeight) || 1 : 1;
    const fits = entries.map(({ target }, i) => ({
      text: texts[i] as HTMLElement,
      lines: Math.max(1, Math.floor((target.clientHeight + 1) / line)),
    }));
    for (const { text, lines } of fits) text.style.webkitLineClamp = String(lines);
    const cut = fits.map(({ text }) => text.scrollHeight > text.clientHeight + 1);
    fits.forEach(({ text }, i) => {
      (text.nextElementSibling as HTMLElement).hidden = !cut[i];
    });
  });

export type CardContext = {
  baseUrl: string;
  modals: Modals;
  /** Given on a slide (text clamped, few thumbnails); without it, the whole testimonial. */
  clamps?: ResizeObserver;
};

export function renderCard(
  t: PublicWidgetTestimonial,
  s: WidgetSettings,
  context: CardContext,
): HTMLElement {
  const { baseUrl, modals, clamps } = context;
  const refs: Refs = {};
  const card = toDom(cardMarkup(t, s, { baseUrl, mode: clamps ? 'slide' : 'whole' }), refs);
  const photos = cardPhotos(t, s, baseUrl);
  refs.photo?.forEach((button, i) => {
    button.onclick = () => openPhotos(modals, photos, i, button);
    (button.firstChild as HTMLImageElement).onerror = () => button.remove();
  });
  const avatar = refs.avatar?.[0];
  // A broken photo falls back to the initials (SPEC §2).
  if (avatar) avatar.onerror = () => avatar.replaceWith(toDom(initialsAvatar(t.authorName)));
  const more = refs.more?.[0];
  if (clamps && more) {
    clamps.observe(refs.area?.[0] as HTMLElement);
    more.onclick = () =>
      modals.open(
        'cv',
        t.authorName ? `Testimonial from ${t.authorName}` : 'Testimonial',
        more,
        (dialog) => dialog.append(renderCard(t, s, { baseUrl, modals })),
      );
  }
  return card;
}
