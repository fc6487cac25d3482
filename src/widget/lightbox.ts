// The expanded photo view: a modal <dialog> inside the shadow root (the top
// layer keeps it above any host-page stacking context), with previous, next,
// an "n / m" counter, Escape and a close button. Focus moves to the close
// button and returns to the photo that opened it. Built on open, removed on close.
import type { Photo } from './card';
import { ARROW_STEP, attrs, h, iconButton } from './dom';

export type Lightbox = {
  open: (photos: Photo[], index: number, opener: HTMLElement) => void;
  close: () => void;
};

export function createLightbox(parent: HTMLElement, onToggle: (open: boolean) => void): Lightbox {
  let dialog: HTMLDialogElement | null = null;
  let opener: HTMLElement | null = null;

  const close = () => {
    if (!dialog) return;
    const d = dialog;
    dialog = null;
    // close() on a closed dialog and focus() on a removed element do nothing.
    d.close?.();
    d.remove();
    onToggle(false);
    opener?.focus();
    opener = null;
  };

  const open = (photos: Photo[], start: number, from: HTMLElement) => {
    close();
    const count = photos.length;
    let index = start;
    const d = attrs(h('dialog', 'lb'), { 'aria-modal': 'true', 'aria-label': 'Expanded photo' });
    const img = attrs(h('img'), { decoding: 'async' });
    const caption = h('p');
    const counter = attrs(h('p'), { 'aria-live': 'polite' });
    const bar = h('div', 'bar');
    const prev = iconButton('pv', 'Previous photo');
    const next = iconButton('nx', 'Next photo');
    const closeButton = iconButton('x', 'Close');
    const show = (i: number) => {
      index = (i + count) % count;
      const photo = photos[index] as Photo;
      img.src = photo.src;
      img.alt = photo.alt;
      caption.textContent = photo.label ?? '';
      counter.textContent = `${index + 1} / ${count}`;
    };
    prev.onclick = () => show(index - 1);
    next.onclick = () => show(index + 1);
    closeButton.onclick = close;
    if (count > 1) bar.append(prev, counter, next);
    else bar.append(counter);
    d.append(closeButton, img, caption, bar);
    d.onkeydown = (event) => {
      const step = ARROW_STEP[event.key];
      if (event.key === 'Escape') close();
      else if (step && count > 1) show(index + step);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    // A native close request (Escape handled by the browser, Android back) ends up here.
    d.oncancel = (event) => {
      event.preventDefault();
      close();
    };
    // A click on the dark area around the photo, not on the photo or a button.
    d.onclick = (event) => {
      if (event.target === d) close();
    };
    show(start);
    dialog = d;
    opener = from;
    parent.append(d);
    try {
      d.showModal();
    } catch {
      // No <dialog> support (or not connected): show it anyway, fixed over the page.
      d.setAttribute('open', '');
    }
    onToggle(true);
    closeButton.focus();
  };

  return { open, close };
}
