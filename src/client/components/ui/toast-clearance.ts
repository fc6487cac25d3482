// Toasts sit at the bottom right (toaster.tsx), where a bar that sticks to the
// bottom of the screen sits too: the bulk actions of the testimonials screen,
// the widget settings' Save bar. While such a bar is on screen, toasts rise to
// just above its top edge, so neither hides the other. The bars register with
// useToastClearance; the distance from the bottom of the screen to the top of
// the highest one is kept in a CSS variable the Toaster adds to its offset,
// measured again on scroll, resize, and whenever a bar or the page changes size.
import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable on <html>: how far above the bottom of the screen toasts must stay. */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

const bars = new Set<HTMLElement>();
let frame = 0;
let observer: ResizeObserver | null = null;

function measure() {
  frame = 0;
  const screenHeight = document.documentElement.clientHeight;
  let clearance = 0;
  for (const bar of bars) {
    const { top, bottom } = bar.getBoundingClientRect();
    const onScreen = bottom > 0 && top < screenHeight;
    if (onScreen) clearance = Math.max(clearance, screenHeight - top);
  }
  if (clearance > 0) {
    document.documentElement.style.setProperty(TOAST_CLEARANCE_VAR, `${Math.ceil(clearance)}px`);
  } else {
    document.documentElement.style.removeProperty(TOAST_CLEARANCE_VAR);
  }
}

function measureSoon() {
  if (frame === 0) frame = requestAnimationFrame(measure);
}

function watch() {
  addEventListener('scroll', measureSoon, { passive: true });
  addEventListener('resize', measureSoon);
  // The page growing or shrinking moves a bar that is not stuck to the bottom.
  observer = new ResizeObserver(measureSoon);
  observer.observe(document.body);
}

function unwatch() {
  removeEventListener('scroll', measureSoon);
  removeEventListener('resize', measureSoon);
  observer?.disconnect();
  observer = null;
  cancelAnimationFrame(frame);
  frame = 0;
}

/** Keeps toasts clear of the element of `ref` while it is mounted and on screen. */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    if (bars.size === 0) watch();
    bars.add(bar);
    observer?.observe(bar);
    // Before the bar is painted, so a toast already showing is never seen under it.
    measure();
    return () => {
      bars.delete(bar);
      observer?.unobserve(bar);
      if (bars.size === 0) unwatch();
      measure();
    };
  }, [ref]);
}
