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
 * One observer for all the slides' texts: a text is cut off when its box is
 * shorter than its content. It reports after layout, so reading the sizes
 * costs no extra layout, and all are read before any button changes.
 */
export const watchClamps = (): ResizeObserver =>
  new ResizeObserver((entries) => {
    const cut = entries.map(({ target }) => target.scrollHeight > target.clientHeight + 1);
    entries.forEach(({ target }, i) => {
      (target.nextElementSibling as HTMLElement).hidden = !cut[i];
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
    clamps.observe(refs.text?.[0] as HTMLElement);
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
