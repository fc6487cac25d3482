// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// Long testimonials and many photos: the text is clamped by CSS and a "Read
// more" button opens the whole testimonial; photos are one row of at most
// four thumbnails, the last one "+N". happy-dom does no layout, so the
// sizes the ResizeObserver would see come from fake-layout.ts.
import { describe, expect, it, vi } from 'vitest';
import type { PublicWidget } from '../shared/schemas/widget';
import { FakeResizeObserver, layOut, resize } from './fake-layout';
import {
  BASE_URL,
  createTestimonial,
  createWidgetData,
  mountInPage,
  useWidgetTestPage,
} from './test-data';

const LONG = `${'A long and happy story about the work. '.repeat(30)}The end.`;
const FIVE_PHOTOS = {
  beforeImageUrl: '/b.jpg',
  afterImageUrl: '/a.jpg',
  productImageUrls: ['/p1.jpg', '/p2.jpg', '/p3.jpg'],
};

function mount(data: PublicWidget) {
  const page = mountInPage(data);
  /** The "Read more" buttons on show. */
  const readMore = () =>
    page.$$<HTMLButtonElement>('button').filter((b) => b.textContent === 'Read more' && !b.hidden);
  /** A layout where LONG takes `long` lines and any other text one, then the observer's report. */
  const fit = (long = 20) => {
    layOut(page.root, { lines: (text) => (text === LONG ? long : 1) });
    resize();
  };
  return { ...page, readMore, fit };
}

useWidgetTestPage({ layout: true });

describe('long text', () => {
  it('offers Read more only on a card whose text is cut off, and the card keeps the whole text', () => {
    const { $$, readMore, fit } = mount(
      createWidgetData({ autoRotate: false, showProductImages: false }, [
        createTestimonial({ id: 'long', content: LONG }),
        createTestimonial({ id: 'short', content: 'Short and sweet.' }),
      ]),
    );
    const [long] = $$('.q');
    // Before any layout nothing claims to be cut off.
    expect(readMore()).toHaveLength(0);
    fit();
    const buttons = readMore();
    expect(buttons).toHaveLength(1);
    const button = buttons[0] as HTMLButtonElement;
    expect(button.closest('.sl')).toBe($$('.sl')[0]);
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    // Clamped only by CSS: the whole text is still in the card (and so read by screen readers).
    expect(long?.textContent).toBe(LONG);
    expect(long?.closest('[aria-hidden]')).toBeNull();

    // A wider box where it fits: the button goes away; narrower again: it is back.
    fit(3);
    expect(readMore()).toHaveLength(0);
    fit();
    expect(readMore()).toEqual([button]);
  });

  it('Read more opens the whole testimonial in a modal dialog; Escape closes it and focus returns', () => {
    const { root, readMore, fit } = mount(
      createWidgetData({ autoRotate: false }, [
        createTestimonial({ content: LONG, rating: 4, ...FIVE_PHOTOS }),
      ]),
    );
    fit();
    const button = readMore()[0] as HTMLButtonElement;
    button.focus();
    button.click();
    const dialog = root.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Testimonial from Ada Lovelace');
    expect(dialog.contains(root.activeElement)).toBe(true);
    // The whole card: full text (not clamped), stars, the author, every photo, no Read more.
    const full = dialog.querySelector('.q') as HTMLElement;
    expect(full.textContent).toBe(LONG);
    expect(full.closest('.cl')).toBeNull();
    expect(dialog.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Rated 4 out of 5',
    );
    expect(dialog.textContent).toContain('Ada Lovelace');
    expect(dialog.querySelectorAll('.ph')).toHaveLength(5);
    expect(dialog.textContent).not.toContain('Read more');

    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(root.querySelector('dialog')).toBeNull();
    expect(root.activeElement).toBe(button);
  });

  it('a photo opened from the whole testimonial closes back to it, and the close button ends both', () => {
    const { root, readMore, fit } = mount(
      createWidgetData({ autoRotate: false }, [
        createTestimonial({ content: LONG, ...FIVE_PHOTOS }),
      ]),
    );
    fit();
    const button = readMore()[0] as HTMLButtonElement;
    button.click();
    const card = root.querySelector('dialog') as HTMLDialogElement;
    const photo = card.querySelectorAll<HTMLButtonElement>('.ph')[4] as HTMLButtonElement;
    photo.focus();
    photo.click();
    expect(root.querySelectorAll('dialog')).toHaveLength(2);
    const viewer = root.querySelectorAll('dialog')[1] as HTMLDialogElement;
    expect(viewer.querySelector('[aria-live]')?.textContent).toBe('5 / 5');
    viewer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(root.querySelectorAll('dialog')).toHaveLength(1);
    expect(root.activeElement).toBe(photo);
    (card.querySelector('.x') as HTMLButtonElement).click();
    expect(root.querySelector('dialog')).toBeNull();
    expect(root.activeElement).toBe(button);
  });

  it('the carousel holds while the whole testimonial is open', () => {
    const { root, readMore, active, fit } = mount(
      createWidgetData({ autoRotate: true }, [
        createTestimonial({ id: 'a', content: LONG }),
        createTestimonial({ id: 'b' }),
      ]),
    );
    fit();
    (readMore()[0] as HTMLButtonElement).click();
    root
      .querySelector('dialog')
      ?.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    vi.advanceTimersByTime(10_000);
    expect(active()).toBe(0);
  });

  it('destroy() closes the whole testimonial and stops observing', () => {
    const { root, readMore, fit, handle } = mount(
      createWidgetData({ autoRotate: false }, [createTestimonial({ content: LONG })]),
    );
    fit();
    (readMore()[0] as HTMLButtonElement).click();
    handle.destroy();
    expect(root.querySelector('dialog')).toBeNull();
    expect(FakeResizeObserver.all.every((observer) => observer.targets.length === 0)).toBe(true);
  });
});

describe('many photos', () => {
  it('shows one row of at most four thumbnails, the last one "+N" opening the photo view there', () => {
    const { root, $$ } = mount(
      createWidgetData({ autoRotate: false }, [createTestimonial(FIVE_PHOTOS)]),
    );
    const thumbs = $$<HTMLButtonElement>('.sl .ph');
    expect(thumbs).toHaveLength(4);
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'View Before photo from Ada Lovelace',
      'View After photo from Ada Lovelace',
      'View Product photo 1 from Ada Lovelace',
      'View 2 more photos from Ada Lovelace',
    ]);
    const more = thumbs[3] as HTMLButtonElement;
    expect(more.textContent).toBe('+2');
    more.click();
    const viewer = root.querySelector('dialog') as HTMLDialogElement;
    expect(viewer.querySelector('[aria-live]')?.textContent).toBe('4 / 5');
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe(`${BASE_URL}/p2.jpg`);
  });

  it('four photos or fewer are all shown, without a count', () => {
    const { $$ } = mount(
      createWidgetData({ autoRotate: false }, [
        createTestimonial({ productImageUrls: ['/p1.jpg', '/p2.jpg', '/p3.jpg', '/p4.jpg'] }),
      ]),
    );
    expect($$('.sl .ph')).toHaveLength(4);
    expect($$('.sl .ph').map((b) => b.textContent)).toEqual(['', '', '', '']);
  });
});
