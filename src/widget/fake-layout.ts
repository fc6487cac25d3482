// A layout for the widget's unit tests (only tests import this). happy-dom
// lays nothing out, so what a browser would measure is set here: the
// ResizeObserver the widget creates reports when `resize()` says so, and the
// sizes fit.ts reads (the widget's and each card's height, each part's,
// the text's lines and width, the styles' gaps and paddings) come from
// `layOut`. Real layouts are checked in e2e/widget-outgrown-box.spec.ts.
// What is on screen is set the same way: `intersect()` makes the
// IntersectionObserver of attention.ts report a share of an element in view.
import { vi } from 'vitest';

/** The px sizes of the stylesheet as the fake lays it out (16px font). */
const FAKE = {
  font: 16,
  line: 28,
  gap: 16,
  padding: 24,
  /** Each part's height, by its class. */
  parts: { st: 18, md: 44, au: 45, hd: 40, bar: 36, br: 18, ia: 42, ht: 29, q: 56 } as Record<
    string,
    number
  >,
};

/** Collects the observers the widget creates; resize() delivers what a layout would. */
export class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  targets: Element[] = [];
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve(target: Element) {
    this.targets = this.targets.filter((t) => t !== target);
  }
  disconnect() {
    this.targets = [];
  }
}

/** Use the fake observer and the fake styles (call in beforeEach). */
export function useFakeLayout(): void {
  FakeResizeObserver.all = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('getComputedStyle', () => ({
    rowGap: `${FAKE.gap}px`,
    paddingTop: `${FAKE.padding}px`,
    paddingBottom: `${FAKE.padding}px`,
    lineHeight: `${FAKE.line}px`,
    fontSize: `${FAKE.font}px`,
  }));
}

/** Every observer reports all it observes, as after a layout. */
export function resize(): void {
  for (const observer of FakeResizeObserver.all) {
    const entries = observer.targets.map((target) => ({ target }) as ResizeObserverEntry);
    if (entries.length) observer.callback(entries, observer);
  }
}

const define = (element: Element, name: string, get: () => number) =>
  Object.defineProperty(element, name, { get, configurable: true });

export type Layout = {
  /** The widget's height (its box). */
  widget?: number;
  /**
   * Each card's height, padding included; by default what the widget leaves
   * it: its height less its padding and the controls, header and branding it
   * shows, each with its gap.
   */
  card?: number;
  /** The text's width. */
  width?: number;
  /** The lines each testimonial's text takes at that width. */
  lines?: (text: string) => number;
};

/** Gives the widget under `root` the sizes a layout would; then `resize()` reports them. */
export function layOut(
  root: ParentNode,
  { widget = 410, card, width = 600, lines = () => 2 }: Layout,
): void {
  const outer = root.querySelector('.w') as HTMLElement;
  define(outer, 'clientHeight', () => widget);
  const left = () =>
    [':scope>.hd', ':scope>.bar', ':scope>.br']
      .map((selector) => outer.querySelector<HTMLElement>(selector))
      .reduce(
        (room, part) =>
          part && !part.hidden
            ? room - (FAKE.parts[part.className.split(' ')[0] ?? ''] ?? 0) - FAKE.gap
            : room,
        widget - 2 * FAKE.padding,
      );
  root
    .querySelectorAll('.cd')
    .forEach((element) => define(element, 'clientHeight', () => card ?? left()));
  for (const [name, height] of Object.entries(FAKE.parts))
    root
      .querySelectorAll(`.${name}`)
      .forEach((element) => define(element, 'offsetHeight', () => height));
  root.querySelectorAll<HTMLElement>('.cl .q').forEach((text) => {
    // A text's full height, and the extra line fit.ts may give "Read more" below it.
    define(
      text,
      'scrollHeight',
      () => lines(text.textContent) * FAKE.line + (parseFloat(text.style.paddingBottom) || 0),
    );
    define(text, 'clientWidth', () => width);
    // happy-dom drops -webkit-line-clamp: keep what the widget sets.
    const real = text.style;
    let clamp = '';
    const style = new Proxy(real, {
      get: (target, key) => {
        if (key === 'webkitLineClamp') return clamp;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
      set: (target, key, value: string) => {
        if (key === 'webkitLineClamp') clamp = value;
        else (target as unknown as Record<PropertyKey, unknown>)[key] = value;
        return true;
      },
    });
    Object.defineProperty(text, 'style', { get: () => style, configurable: true });
  });
}

/** Collects the IntersectionObservers the widget creates (attention.ts); intersect() reports what a browser would. */
export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  targets = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
}

/** Use the fake observer (call in beforeEach). */
export function useFakeIntersection(): void {
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
}

/** Every observer of `targets` reports that `ratio` of each is in the viewport, as after a scroll. */
export function intersect(ratio: number, ...targets: Element[]): void {
  for (const observer of FakeIntersectionObserver.all) {
    const entries = targets
      .filter((target) => observer.targets.has(target))
      .map(
        (target) =>
          ({
            target,
            intersectionRatio: ratio,
            isIntersecting: ratio > 0,
          }) as IntersectionObserverEntry,
      );
    if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
  }
}
