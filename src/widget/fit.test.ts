// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// The widget in a box smaller than its settings need (issue 29, 8): parts are
// left out whole, in order of importance, and the text keeps whole lines with
// "Read more". The sizes come from fake-layout.ts (happy-dom lays nothing
// out): a card has 24px padding, 16px gaps and 28px lines; its author is 45px,
// its stars 18px and its photo row 44px tall. The same decisions in a real
// browser: e2e/widget-outgrown-box.spec.ts.
import { describe, expect, it } from 'vitest';
import type { PublicWidget, PublicWidgetTestimonial } from '../shared/schemas/widget';
import { layOut, resize, type Layout } from './fake-layout';
import { createTestimonial, createWidgetData, mountInPage, useWidgetTestPage } from './test-data';

const PHOTOS = { productImageUrls: ['/p1.jpg', '/p2.jpg'] };
function mount(data: PublicWidget) {
  const page = mountInPage(data);
  const $ = (selector: string) => page.$(selector) as HTMLElement;
  /** Lays the widget out at these sizes and lets the observer report. */
  const fit = (layout: Layout) => {
    layOut(page.root, layout);
    resize();
  };
  const shown = (selector: string) => !!page.$(selector) && !$(selector).hidden;
  return { ...page, $, fit, shown };
}

/** One card whose text takes `lines` lines. */
const card = (lines: number, overrides: Partial<PublicWidgetTestimonial> = {}) => {
  const widget = mount(
    createWidgetData({ autoRotate: false }, [createTestimonial({ ...PHOTOS, ...overrides })]),
  );
  return {
    ...widget,
    at: (height: number, width = 600) => widget.fit({ card: height, width, lines: () => lines }),
  };
};

/** A widget with a header, the branding and two cards, the first with these overrides. */
const framed = (first: Partial<PublicWidgetTestimonial> = {}) =>
  mount(
    createWidgetData({ headerText: 'Kind words', showBranding: true, autoRotate: false }, [
      createTestimonial({ id: 'a', ...first }),
      createTestimonial({ id: 'b' }),
    ]),
  );

useWidgetTestPage({ layout: true });

describe('a slide in a box of any height', () => {
  it('with room, keeps every part and gives the text all the whole lines left', () => {
    const { at, $, shown } = card(10);
    at(300);
    expect(['.st', '.md', '.au', '.qa'].map(shown)).toEqual([true, true, true, true]);
    // 300 - 48 padding - (45 + 18 + 44 + 3 gaps of 16) = 97px: 3 lines of 28.
    expect($('.q').style.webkitLineClamp).toBe('3');
    expect(shown('.rm')).toBe(true);
    expect($('.q').style.paddingBottom).toBe('');
  });

  it('a text that fits has no Read more', () => {
    const { at, $, shown } = card(2);
    at(300);
    expect($('.q').style.webkitLineClamp).toBe('2');
    expect(shown('.rm')).toBe(false);
  });

  it('leaves out the photo row before the text drops below two lines, then the stars; the author stays', () => {
    const { at, $, shown } = card(10);
    at(200);
    expect(['.st', '.md', '.au'].map(shown)).toEqual([true, false, true]);
    expect($('.q').style.webkitLineClamp).toBe('2');
    at(170);
    expect(['.st', '.md', '.au'].map(shown)).toEqual([false, false, true]);
    expect($('.q').style.webkitLineClamp).toBe('2');
    expect(shown('.rm')).toBe(true);
  });

  it('a short text whose photos were left out gets Read more on a line of its own', () => {
    const { at, $, shown } = card(1);
    at(200);
    expect(shown('.md')).toBe(false);
    expect(shown('.rm')).toBe(true);
    expect($('.q').style.webkitLineClamp).toBe('1');
    // The text's one line, then one more for the button.
    expect($('.q').style.paddingBottom).toBe('28px');
  });

  it('keeps the author over a second line; one line ends in Read more, which stands alone on a narrow card', () => {
    const { at, $, shown } = card(10);
    at(140);
    expect(['.st', '.md', '.au', '.qa', '.rm'].map(shown)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect($('.q').style.webkitLineClamp).toBe('1');
    expect($('.q').style.opacity).toBe('');
    at(140, 300);
    // Zero lines of text to see, only "Read more"; the text stays in the card for screen readers.
    expect($('.q').style.opacity).toBe('0');
    expect($('.q').textContent).not.toBe('');
  });

  it('with no room for the author and a line, shows the lines alone; with none for a line, nothing', () => {
    const { at, shown } = card(10);
    at(100);
    expect(['.st', '.md', '.au', '.qa', '.rm'].map(shown)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    at(60);
    expect(['.st', '.md', '.au', '.qa', '.rm'].map(shown)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('gets every part back when the box grows again', () => {
    const { at, $, shown } = card(2);
    at(60);
    at(300);
    expect(['.st', '.md', '.au', '.qa', '.rm'].map(shown)).toEqual([true, true, true, true, false]);
    expect($('.q').style.webkitLineClamp).toBe('2');
    expect($('.q').style.paddingBottom).toBe('');
  });
});

describe('the widget in a box of any height', () => {
  it('keeps room for a card with a line and its author, then the controls, the header and the branding', () => {
    const { fit, shown } = framed();
    const parts = ['.bar', '.hd', '.br', '.vp'];
    fit({ widget: 410 });
    expect(parts.map(shown)).toEqual([true, true, true, true]);
    // 250 - 48 padding = 202: the card's 144 (9em) and the controls' 36 + 16, not the header's 40 + 16.
    fit({ widget: 250 });
    expect(parts.map(shown)).toEqual([true, false, false, true]);
    fit({ widget: 150 });
    expect(parts.map(shown)).toEqual([false, false, false, true]);
    fit({ widget: 410 });
    expect(parts.map(shown)).toEqual([true, true, true, true]);
  });
});

describe('the widget and its cards in one report', () => {
  it('fit the cards to the room the widget leaves them once its own parts are left out', () => {
    const { fit, shown, $ } = framed({ content: 'Long', ...PHOTOS });
    // 250 - 48 = 202 in the widget: the controls (36 + 16) stay, the header and the branding go,
    // so the card is 150px tall: its author and a line of text, not the stars or photos.
    fit({ widget: 250, lines: () => 10 });
    expect(['.hd', '.bar', '.br'].map(shown)).toEqual([false, true, false]);
    expect(['.on .au', '.on .qa', '.on .st', '.on .md'].map(shown)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect($('.on .q').style.webkitLineClamp).toBe('1');
  });
});

describe('the invitation in a box of any height', () => {
  it('keeps its link first, then its heading, its text and the stars', () => {
    const { fit, shown } = mount(createWidgetData({}, []));
    const parts = ['.iv .ia', '.iv .ht', '.iv .q', '.iv .st'];
    fit({ card: 300 });
    expect(parts.map(shown)).toEqual([true, true, true, true]);
    fit({ card: 200 });
    expect(parts.map(shown)).toEqual([true, true, false, false]);
    fit({ card: 80 });
    expect(parts.map(shown)).toEqual([false, false, false, false]);
  });
});
