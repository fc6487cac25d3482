// The carousel, after the WAI-ARIA APG carousel pattern: slides are groups
// labelled "n of m"; the rotation control comes first in tab order; the slide
// area is a polite live region except while rotating. It rotates every 4000 ms
// only when autoRotate is on, there is more than one slide, no photo is
// expanded, the pointer is not over it, focus is not inside it, the user has
// not stopped it and the OS does not ask for reduced motion. All slides share
// one grid cell, so the height is the tallest slide's and never jumps.
import { CAROUSEL_ROTATE_MS } from '../shared/constants';
import { ARROW_STEP, attrs, h, iconButton } from './dom';

/** Above this many slides a "3 / 12" counter replaces the dots: more would not fit beside the buttons on a small phone. */
const MAX_DOTS = 6;
const SWIPE_PX = 40;

export type Carousel = {
  index: () => number;
  hold: (expanded: boolean) => void;
  destroy: () => void;
};

/**
 * `draw(i)` is called before slide i (or the one before it) is shown, so slides may be filled in only when needed;
 * `turned()` after the slide shown may have changed.
 */
export function createCarousel(
  root: HTMLElement,
  slides: HTMLElement[],
  autoRotate: boolean,
  start: number,
  draw: (i: number) => void = () => {},
  turned: () => void = () => {},
): Carousel {
  const count = slides.length;
  const canRotate = autoRotate && count > 1;
  let index = start < count ? start : 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = matchMedia('(prefers-reduced-motion:reduce)').matches;
  let hover = false;
  let focus = false;
  let expanded = false;
  let dead = false;

  const viewport = h('div', 'vp');
  slides.forEach((slide, i) => {
    attrs(slide, {
      role: 'group',
      'aria-roledescription': 'slide',
      'aria-label': `${i + 1} of ${count}`,
    });
    viewport.append(slide);
  });

  const bar = h('div', 'bar');
  const rotation = canRotate ? iconButton('pp', '') : null;
  const dots: HTMLButtonElement[] = [];
  const counter = count > MAX_DOTS ? h('span', 'ct') : null;
  if (count > 1) {
    const prev = iconButton('pv', 'Previous testimonial');
    const next = iconButton('nx', 'Next testimonial');
    prev.onclick = () => go(index - 1);
    next.onclick = () => go(index + 1);
    const picker = counter ?? h('div', 'dots');
    if (!counter) {
      slides.forEach((_, i) => {
        const dot = attrs(h('button', 'd'), {
          type: 'button',
          'aria-label': `Show testimonial ${i + 1}`,
        });
        dot.onclick = () => go(i);
        dots.push(dot);
        picker.append(dot);
      });
    }
    if (rotation) {
      rotation.onclick = () => {
        stopped = !stopped;
        sync();
      };
      bar.append(rotation);
    }
    bar.append(prev, picker, next);
    root.append(bar);
  }
  root.append(viewport);

  function sync(): void {
    // The slide shown, and the next one, ready for its fade-in.
    draw(index);
    draw((index + 1) % count);
    slides.forEach((slide, i) => slide.classList.toggle('on', i === index));
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
    if (counter) counter.textContent = `${index + 1} / ${count}`;
    turned();
    const rotating = canRotate && !stopped && !hover && !focus && !expanded && !dead;
    viewport.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (rotation) {
      rotation.className = stopped ? 'b pl' : 'b pp';
      rotation.setAttribute('aria-label', `${stopped ? 'Start' : 'Stop'} automatic slide show`);
    }
    clearTimeout(timer);
    timer = rotating ? setTimeout(() => go(index + 1), CAROUSEL_ROTATE_MS) : undefined;
  }

  function go(i: number): void {
    index = (i + count) % count;
    sync();
  }

  // Hover pauses for a mouse or pen; a touch has no hover (it would never "leave").
  const onHover = (on: boolean) => (event: PointerEvent) => {
    if (event.pointerType !== 'touch') {
      hover = on;
      sync();
    }
  };
  root.onpointerenter = onHover(true);
  root.onpointerleave = onHover(false);
  // Focus on the rotation control itself does not pause, or "Start" could never start.
  root.addEventListener('focusin', (event) => {
    focus = event.target !== rotation;
    sync();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) {
      focus = false;
      sync();
    }
  });
  root.onkeydown = (event) => {
    const step = ARROW_STEP[event.key];
    if (step && count > 1) {
      event.preventDefault();
      go(index + step);
    }
  };
  // Swipe: a horizontal drag over the slides; the click it ends with does not open a photo.
  let startX: number | null = null;
  let swiped = false;
  viewport.onpointerdown = (event) => {
    startX = event.clientX;
    swiped = false;
  };
  viewport.onpointerup = (event) => {
    const dx = startX == null ? 0 : event.clientX - startX;
    startX = null;
    if (count > 1 && Math.abs(dx) > SWIPE_PX) {
      swiped = true;
      go(index - Math.sign(dx));
    }
  };
  viewport.addEventListener(
    'click',
    (event) => {
      if (swiped) event.stopPropagation();
      swiped = false;
    },
    true,
  );

  sync();
  return {
    index: () => index,
    hold(on) {
      expanded = on;
      sync();
    },
    destroy() {
      dead = true;
      clearTimeout(timer);
    },
  };
}
