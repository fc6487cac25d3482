// One testimonial card in the widget: the shared markup (src/shared/widget-card.ts)
// as DOM, with its behaviour: photos open the expanded photo view, a broken
// author photo falls back to the initials, and on a slide (fitted to its box
// by fit.ts) the "Read more" button opens the whole testimonial.
import type { PublicWidgetTestimonial, WidgetSettings } from '../shared/schemas/widget';
import { cardMarkup, cardPhotos, initialsAvatar } from '../shared/widget-card';
import { toDom, type Refs } from './dom';
import { openPhotos } from './lightbox';
import type { Modals } from './modal';

export type CardContext = {
  baseUrl: string;
  modals: Modals;
  /** Given on a slide (fitted to its box: fit.ts); without it, the whole testimonial. */
  fit?: ResizeObserver;
};

export function renderCard(
  t: PublicWidgetTestimonial,
  s: WidgetSettings,
  context: CardContext,
): HTMLElement {
  const { baseUrl, modals, fit } = context;
  const refs: Refs = {};
  const card = toDom(cardMarkup(t, s, { baseUrl, mode: fit ? 'slide' : 'whole' }), refs);
  // Which testimonial a click counts for (attention.ts), on a slide and in the "Read more" dialog alike.
  card.dataset.id = t.id;
  const photos = cardPhotos(t, s, baseUrl);
  refs.photo?.forEach((button, i) => {
    button.onclick = () => openPhotos(modals, photos, i, button);
    (button.firstChild as HTMLImageElement).onerror = () => button.remove();
  });
  const avatar = refs.avatar?.[0];
  // A broken photo falls back to the initials (docs/product/testimonials.md#testimonials-screen).
  if (avatar) avatar.onerror = () => avatar.replaceWith(toDom(initialsAvatar(t.authorName)));
  const more = refs.more?.[0];
  if (fit && more) {
    fit.observe(card);
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
