// The expanded photo view: a modal dialog (modal.ts) with the photo, its
// label, previous/next with the arrow keys and an "n / m" counter.
import type { Photo } from '../shared/widget-card';
import { ARROW_STEP, attrs, h, iconButton } from './dom';
import type { Modals } from './modal';

export function openPhotos(
  modals: Modals,
  photos: Photo[],
  start: number,
  opener: HTMLElement,
): void {
  const count = photos.length;
  let index = start;
  const img = attrs(h('img'), { decoding: 'async' });
  const caption = h('p');
  const counter = attrs(h('p'), { 'aria-live': 'polite' });
  const show = (i: number) => {
    index = (i + count) % count;
    const photo = photos[index] as Photo;
    img.src = photo.src;
    img.alt = photo.alt;
    caption.textContent = photo.label ?? '';
    counter.textContent = `${index + 1} / ${count}`;
  };
  show(start);
  modals.open(
    'lb',
    'Expanded photo',
    opener,
    (dialog) => {
      const bar = h('div', 'bar');
      if (count > 1) {
        const prev = iconButton('pv', 'Previous photo');
        const next = iconButton('nx', 'Next photo');
        prev.onclick = () => show(index - 1);
        next.onclick = () => show(index + 1);
        bar.append(prev, counter, next);
      } else bar.append(counter);
      dialog.append(img, caption, bar);
    },
    (key) => {
      const step = ARROW_STEP[key];
      if (!step || count < 2) return false;
      show(index + step);
      return true;
    },
  );
}
