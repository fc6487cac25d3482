// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it, vi } from 'vitest';
import type { PublicWidget, WidgetSettings } from '../shared/schemas/widget';
import { widgetBoxHeight } from '../shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../shared/widget-data';
import { WIDGET_CSS } from '../shared/widget-styles';
import { mountWidget } from './mount';
import {
  BASE_URL,
  createTestimonial,
  createWidgetData,
  mountInPage,
  useWidgetTestPage,
} from './test-data';

const mount = mountInPage;

const withSettings = (
  settings: Partial<WidgetSettings>,
  testimonials?: Parameters<typeof createWidgetData>[1],
) => mount(createWidgetData(settings, testimonials));

const one = (overrides: Parameters<typeof createTestimonial>[0] = {}) => [
  createTestimonial(overrides),
];

useWidgetTestPage();

describe('mountWidget structure', () => {
  it('renders a WAI-ARIA carousel in an open shadow root', () => {
    const { root, widget, $$, active } = withSettings({});
    expect(root.mode).toBe('open');
    expect(widget.tagName).toBe('SECTION');
    expect(widget.getAttribute('aria-roledescription')).toBe('carousel');
    expect(widget.getAttribute('aria-label')).toBe('Testimonials');
    const slides = $$('.sl');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    for (const slide of slides) {
      expect(slide.getAttribute('role')).toBe('group');
      expect(slide.getAttribute('aria-roledescription')).toBe('slide');
    }
    expect(active()).toBe(0);
  });

  it('puts the rotation control first in tab order, then previous, dots and next', () => {
    const { $$ } = withSettings({});
    const labels = $$('button:not([hidden])').map((button) => button.getAttribute('aria-label'));
    expect(labels).toEqual([
      'Stop automatic slide show',
      'Previous testimonial',
      'Show testimonial 1',
      'Show testimonial 2',
      'Show testimonial 3',
      'Next testimonial',
    ]);
  });

  it('shows a counter instead of dots above 6 testimonials', () => {
    const many = Array.from({ length: 7 }, (_, i) => createTestimonial({ id: String(i) }));
    const { $, $$ } = withSettings({}, many);
    expect($$('.d')).toHaveLength(0);
    expect($('.ct')?.textContent).toBe('1 / 7');
  });

  it('has no controls with a single testimonial', () => {
    const { $$ } = withSettings({}, one());
    // Only the "Read more" button, hidden until the text is cut off (long-cards.test.ts).
    expect($$('button:not([hidden])')).toHaveLength(0);
  });

  it('styles itself with adopted or inline CSS that resets the host', () => {
    const { root } = withSettings({});
    const css = [
      ...root.adoptedStyleSheets.flatMap((sheet) =>
        Array.from(sheet.cssRules, (rule) => rule.cssText),
      ),
      ...Array.from(root.querySelectorAll('style'), (style) => style.textContent),
    ].join('\n');
    expect(css).toMatch(/:host\s*\{\s*all:\s*initial;\s*display:\s*block/);
  });

  it('mounts again on the same host element (React StrictMode) and destroy() empties it', () => {
    const first = withSettings({});
    first.handle.destroy();
    expect(first.root.childNodes).toHaveLength(0);
    const again = mountWidget(first.host, createWidgetData(), {
      baseUrl: BASE_URL,
      productName: 'Vouchly',
    });
    expect(first.root.querySelectorAll('.sl')).toHaveLength(3);
    again.destroy();
  });
});

describe('settings', () => {
  it('showRatings: five stars filled by rating with an accessible label', () => {
    const on = withSettings({ showRatings: true }, one({ rating: 4 }));
    const stars = on.$('.st') as HTMLElement;
    expect(stars.getAttribute('role')).toBe('img');
    expect(stars.getAttribute('aria-label')).toBe('Rated 4 out of 5');
    expect(stars.textContent).toBe('★★★★★');
    expect(stars.querySelector('i')?.textContent).toBe('★');
    expect(withSettings({ showRatings: false }, one()).$('.st')).toBeNull();
    expect(withSettings({ showRatings: true }, one({ rating: 0 })).$('.st')).toBeNull();
  });

  it('showDates: the date, as "Mar 3, 2025" like the rest of the English widget, in a <time>', () => {
    const time = withSettings({ showDates: true }, one()).$('time') as HTMLTimeElement;
    expect(time.getAttribute('datetime')).toBe('2025-03-03T12:00:00.000Z');
    expect(time.textContent).toBe('Mar 3, 2025');
    expect(withSettings({ showDates: false }, one()).$('time')).toBeNull();
  });

  it('showLocation', () => {
    expect(withSettings({ showLocation: true }, one()).$('.mt')?.textContent).toContain(
      'London, UK',
    );
    expect(withSettings({ showLocation: false, showDates: false }, one()).$('.mt')).toBeNull();
  });

  it('showSources: "via {platform}" first under the author name, a link to the original in a new tab', () => {
    const trustpilot = { name: 'Trustpilot', url: 'https://www.trustpilot.com/reviews/1' };
    const { $ } = withSettings({ showSources: true }, one({ source: trustpilot }));
    const mark = $('.au .mt > .vi:first-child') as HTMLAnchorElement;
    expect(mark.tagName).toBe('A');
    expect(mark.textContent).toBe('via Trustpilot');
    expect(mark.getAttribute('href')).toBe('https://www.trustpilot.com/reviews/1');
    expect(mark.getAttribute('target')).toBe('_blank');
    expect(mark.getAttribute('rel')).toBe('nofollow noopener');
    const plain = withSettings(
      { showSources: true },
      one({ source: { name: 'Google', url: null } }),
    );
    expect(plain.$('.vi')?.tagName).toBe('SPAN');
    expect(withSettings({ showSources: false }, one({ source: trustpilot })).$('.vi')).toBeNull();
  });

  it("shows the author's business name with the location", () => {
    const { $ } = withSettings({ showDates: false }, one({ authorBusinessName: 'Babbage & Co' }));
    expect($('.mt')?.textContent).toBe('Babbage & Co · London, UK');
  });

  it('showPersonalPhotos: the author photo, else initials of up to 2 words; nothing when off', () => {
    const photo = withSettings(
      { showPersonalPhotos: true },
      one({ authorImageUrl: '/objects/ada.jpg' }),
    );
    const img = photo.$<HTMLImageElement>('img.av') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`${BASE_URL}/objects/ada.jpg`);
    const initials = withSettings(
      { showPersonalPhotos: true },
      one({ authorName: 'ada king lovelace' }),
    );
    expect(initials.$('span.av')?.textContent).toBe('AK');
    const off = withSettings(
      { showPersonalPhotos: false },
      one({ authorImageUrl: '/objects/ada.jpg' }),
    );
    expect(off.$('.av')).toBeNull();
  });

  it('falls back to initials when the author photo fails to load', () => {
    const { $ } = withSettings({}, one({ authorImageUrl: '/objects/missing.jpg' }));
    $('img.av')?.dispatchEvent(new Event('error'));
    expect($('img.av')).toBeNull();
    expect($('span.av')?.textContent).toBe('AL');
  });

  it('showBeforeAfterPhotos', () => {
    const data = one({ beforeImageUrl: '/b.jpg', afterImageUrl: '/a.jpg' });
    const on = withSettings({ showBeforeAfterPhotos: true }, data);
    expect(on.$$('.ba').map((button) => button.getAttribute('aria-label'))).toEqual([
      'View Before photo from Ada Lovelace',
      'View After photo from Ada Lovelace',
    ]);
    expect(on.$$('.ba span').map((span) => span.textContent)).toEqual(['Before', 'After']);
    expect(withSettings({ showBeforeAfterPhotos: false }, data).$$('.ph')).toHaveLength(0);
  });

  it('showProductImages', () => {
    const data = one({ productImageUrls: ['/p1.jpg', '/p2.jpg'] });
    expect(withSettings({ showProductImages: true }, data).$$('.ph')).toHaveLength(2);
    expect(withSettings({ showProductImages: false }, data).$$('.ph')).toHaveLength(0);
  });

  it('reserves image boxes and loads lazily', () => {
    const { $$ } = withSettings(
      {},
      one({ authorImageUrl: '/a.jpg', productImageUrls: ['/p.jpg'] }),
    );
    for (const img of $$<HTMLImageElement>('img')) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });

  it('drops image URLs that are not http(s)', () => {
    const { $$ } = withSettings(
      {},
      one({ authorImageUrl: 'javascript:alert(1)', productImageUrls: ['data:text/html,x'] }),
    );
    expect($$('img')).toHaveLength(0);
  });

  it('showBusinessName: the business name in the header area', () => {
    const on = withSettings({ showBusinessName: true });
    expect(on.$('.bn')?.textContent).toBe('Acme Plumbing');
    expect(withSettings({ showBusinessName: false }).$('.bn')).toBeNull();
  });

  it('headerText with headerAlignment; no header when empty', () => {
    const { $, widget } = withSettings({
      headerText: 'What our customers say',
      headerAlignment: 'center',
    });
    expect($('h2')?.textContent).toBe('What our customers say');
    // A class, not a style attribute (a host page's CSP may refuse those).
    expect($('.hd')?.className).toBe('hd center');
    expect(WIDGET_CSS).toMatch(/\.hd\.center[^{]*\{text-align:center\}/);
    expect(WIDGET_CSS).toContain('.hd.right{text-align:right}');
    expect(withSettings({ headerText: 'x', headerAlignment: 'right' }).$('.hd')?.className).toBe(
      'hd right',
    );
    expect(widget.getAttribute('aria-label')).toBe('What our customers say');
    expect(withSettings({ headerText: '' }).$('.hd')).toBeNull();
  });

  it('showBranding: Powered by {product} linking home in a new tab', () => {
    const on = mount(createWidgetData({ showBranding: true }), { homeUrl: 'https://vouchly.app/' });
    const link = on.$<HTMLAnchorElement>('a.br') as HTMLAnchorElement;
    expect(link.textContent).toBe('Powered by Vouchly');
    expect(link.getAttribute('href')).toBe('https://vouchly.app/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    const base = mount(createWidgetData({ showBranding: true }), { productName: 'Other' });
    expect(base.$('a.br')?.getAttribute('href')).toBe(`${BASE_URL}/`);
    expect(base.$('a.br')?.textContent).toBe('Powered by Other');
    expect(withSettings({ showBranding: false }).$('.br')).toBeNull();
  });

  it('showBranding: names the product the data carries (the server\u2019s PRODUCT_NAME) over the option', () => {
    const fromServer = { ...createWidgetData({ showBranding: true }), productName: 'Kudos Box' };
    expect(mount(fromServer, { productName: 'Other' }).$('a.br')?.textContent).toBe(
      'Powered by Kudos Box',
    );
    // Without server data or an option (a sample built in the browser): the shared name.
    const bare = mount(createWidgetData({ showBranding: true }), { productName: undefined });
    expect(bare.$('a.br')?.textContent).toBe('Powered by Vouchly');
    const odd = {
      ...createWidgetData({ showBranding: true }),
      productName: 42,
    } as unknown as PublicWidget;
    expect(mount(odd, { productName: 'Other' }).$('a.br')?.textContent).toBe('Powered by Other');
  });

  it('colours: background, cards and text; accent #2563EB on a white background', () => {
    const { widget } = withSettings({
      backgroundColor: '#ffffff',
      innerContainerColor: '#F9FAFB',
      textColor: '#111111',
    });
    expect(widget.style.getPropertyValue('--bg')).toBe('#ffffff');
    expect(widget.style.getPropertyValue('--card')).toBe('#F9FAFB');
    expect(widget.style.getPropertyValue('--fg')).toBe('#111111');
    expect(widget.style.getPropertyValue('--ac')).toBe('#2563EB');
  });

  it('colours: on another background the accent is the text colour', () => {
    const { widget } = withSettings({ backgroundColor: '#0F172A', textColor: '#F8FAFC' });
    expect(widget.style.getPropertyValue('--ac')).toBe('#F8FAFC');
  });

  it('ignores malformed colours (no CSS injection)', () => {
    const { widget } = withSettings({
      backgroundColor: 'red;}:host{display:none',
      textColor: 'url(x)',
    });
    expect(widget.style.getPropertyValue('--bg')).toBe('#FFFFFF');
    expect(widget.style.getPropertyValue('--fg')).toBe('#1F2937');
  });

  it.each([
    ['sm', '14px'],
    ['base', '16px'],
    ['lg', '18px'],
    ['md', '16px'],
  ])('font size %s is %s', (fontSize, px) => {
    const { widget } = withSettings({ fontSize: fontSize as WidgetSettings['fontSize'] });
    expect(widget.style.getPropertyValue('--fs')).toBe(px);
  });

  const fontLinks = () =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));

  it('inter (default) is a system stack with Inter first and downloads nothing', () => {
    const { widget } = withSettings({ fontFamily: 'inter' });
    expect(widget.style.getPropertyValue('--ff')).toMatch(/^"Inter",system-ui/);
    expect(fontLinks()).toHaveLength(0);
  });

  it('a non-default font adds ONE Google Fonts stylesheet link, deduplicated', () => {
    const { widget } = withSettings({ fontFamily: 'open sans' });
    withSettings({ fontFamily: 'open sans' });
    expect(widget.style.getPropertyValue('--ff')).toMatch(/^"Open Sans",/);
    expect(fontLinks().map((link) => link.getAttribute('href'))).toEqual([
      'https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;700&display=swap',
    ]);
  });

  it('web-safe and unknown fonts download nothing; unknown renders in the system font', () => {
    expect(withSettings({ fontFamily: 'georgia' }).widget.style.getPropertyValue('--ff')).toMatch(
      /^"Georgia",Georgia/,
    );
    const unknown = withSettings({ fontFamily: 'Comic Sans Deluxe' });
    expect(unknown.widget.style.getPropertyValue('--ff')).toMatch(/^system-ui/);
    expect(fontLinks()).toHaveLength(0);
  });
});

describe('untrusted text', () => {
  const corpus = [
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '"><svg onload=alert(1)>',
    "'><iframe src=javascript:alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    '{{constructor.constructor("alert(1)")()}}',
  ];

  it.each(corpus)('shows %s as literal text and creates no element', (payload) => {
    const safe = withSettings(
      { headerText: 'Header', showBusinessName: true },
      one({
        authorName: 'Name',
        content: 'Content',
        authorLocation: 'Place',
        authorBusinessName: 'Biz',
      }),
    );
    const data = createWidgetData(
      { headerText: payload, showBusinessName: true },
      one({
        authorName: payload,
        content: payload,
        authorLocation: payload,
        authorBusinessName: payload,
      }),
    );
    data.business.name = payload;
    const hostile = mount(data);
    expect(hostile.$('.q')?.textContent).toBe(payload);
    expect(hostile.$('.nm')?.textContent).toBe(payload);
    expect(hostile.$('.bn')?.textContent).toBe(payload);
    expect(hostile.$('h2')?.textContent).toBe(payload);
    expect(hostile.$('.mt')?.textContent).toContain(payload);
    expect(hostile.$$('*').map((element) => element.tagName)).toEqual(
      safe.$$('*').map((element) => element.tagName),
    );
    expect(hostile.$$('script, img, svg, iframe, a')).toHaveLength(0);
  });
});

describe('rotation', () => {
  it('advances every 4000 ms and wraps around; the live region is off while rotating', () => {
    const { active, $ } = withSettings({ autoRotate: true });
    expect($('.vp')?.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(3999);
    expect(active()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(active()).toBe(1);
    vi.advanceTimersByTime(8000);
    expect(active()).toBe(0);
  });

  it('pauses while a mouse hovers and resumes when it leaves', () => {
    const { widget, active, $ } = withSettings({});
    widget.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(6000);
    expect(active()).toBe(0);
    expect($('.vp')?.getAttribute('aria-live')).toBe('polite');
    widget.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(4000);
    expect(active()).toBe(1);
  });

  it('pauses while focus is inside (except on the rotation control)', () => {
    const { widget, active, $ } = withSettings({});
    const next = $('.nx') as HTMLElement;
    next.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    vi.advanceTimersByTime(6000);
    expect(active()).toBe(0);
    next.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    vi.advanceTimersByTime(4000);
    expect(active()).toBe(1);
    $('.pp')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    vi.advanceTimersByTime(4000);
    expect(active()).toBe(2);
    expect(widget).toBeTruthy();
  });

  it('the rotation control stops and restarts it', () => {
    const { active, $ } = withSettings({});
    const control = $('.pp') as HTMLButtonElement;
    control.click();
    expect(control.getAttribute('aria-label')).toBe('Start automatic slide show');
    vi.advanceTimersByTime(6000);
    expect(active()).toBe(0);
    control.click();
    expect(control.getAttribute('aria-label')).toBe('Stop automatic slide show');
    vi.advanceTimersByTime(4000);
    expect(active()).toBe(1);
  });

  it('does not rotate one item', () => {
    withSettings({ autoRotate: true }, one());
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not rotate when autoRotate is off, and has no rotation control', () => {
    const { active, $ } = withSettings({ autoRotate: false });
    vi.advanceTimersByTime(6000);
    expect(active()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect($('.pp')).toBeNull();
    expect($('.vp')?.getAttribute('aria-live')).toBe('polite');
  });

  it('does not rotate under prefers-reduced-motion: reduce', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion:reduce)',
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const { active, $ } = withSettings({ autoRotate: true });
    vi.advanceTimersByTime(6000);
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion:reduce)');
    expect(active()).toBe(0);
    expect($('.pl')?.getAttribute('aria-label')).toBe('Start automatic slide show');
  });

  it('does not rotate while a photo is expanded', () => {
    const photos = { productImageUrls: ['/p1.jpg'] };
    const { active, $, root } = withSettings({}, [
      createTestimonial(photos),
      createTestimonial(photos),
    ]);
    ($('.on .ph') as HTMLButtonElement).click();
    // Even with focus moved out of the widget, the open dialog alone holds the rotation.
    root
      .querySelector('dialog')
      ?.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    vi.advanceTimersByTime(6000);
    expect(active()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('previous, next, dots and arrow keys move between slides', () => {
    const { active, $, $$ } = withSettings({ autoRotate: false });
    ($('.nx') as HTMLButtonElement).click();
    expect(active()).toBe(1);
    ($('.pv') as HTMLButtonElement).click();
    ($('.pv') as HTMLButtonElement).click();
    expect(active()).toBe(2);
    ($$('.d')[0] as HTMLButtonElement).click();
    expect(active()).toBe(0);
    expect($$('.d')[0]?.getAttribute('aria-current')).toBe('true');
    $('.sl')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(active()).toBe(1);
    $('.sl')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(active()).toBe(0);
  });

  it('destroy() stops the timers: the rotation, and the drawing of the other slides', () => {
    const { handle } = withSettings({});
    expect(vi.getTimerCount()).toBe(2);
    handle.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws the slide shown and the next at once, the others after the first frame', () => {
    const four = ['a', 'b', 'c', 'd'].map((id) => createTestimonial({ id, content: `Text ${id}` }));
    const { $$ } = withSettings({ autoRotate: false }, four);
    expect($$('.sl').map((slide) => slide.textContent?.includes('Text'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    vi.runAllTimers();
    expect($$('.sl').map((slide) => slide.textContent?.includes('Text'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('destroy() with a photo expanded closes it and leaves no timer', () => {
    const { handle, $, root } = withSettings({}, [
      createTestimonial({ productImageUrls: ['/p.jpg'] }),
      createTestimonial({ productImageUrls: ['/p.jpg'] }),
    ]);
    ($('.on .ph') as HTMLButtonElement).click();
    handle.destroy();
    expect(root.childNodes).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('update() re-renders new settings and keeps the current slide', () => {
    const { handle, host, active } = withSettings({ autoRotate: false });
    (host.shadowRoot?.querySelector('.nx') as HTMLButtonElement).click();
    handle.update(createWidgetData({ autoRotate: false, headerText: 'New' }));
    expect(host.shadowRoot?.querySelector('h2')?.textContent).toBe('New');
    expect(active()).toBe(1);
  });
});

describe('expanded photo view', () => {
  function openFirst() {
    const view = withSettings(
      { autoRotate: false },
      one({ productImageUrls: ['/p1.jpg', '/p2.jpg', '/p3.jpg'] }),
    );
    const opener = view.$$<HTMLButtonElement>('.ph')[0] as HTMLButtonElement;
    opener.focus();
    opener.click();
    const dialog = view.$<HTMLDialogElement>('dialog') as HTMLDialogElement;
    const counter = () => dialog.querySelector('[aria-live]')?.textContent;
    const img = () => dialog.querySelector('img')?.getAttribute('src');
    return { ...view, opener, dialog, counter, img };
  }

  it('opens a modal dialog with focus inside and an n / m counter', () => {
    const { dialog, counter, img, root } = openFirst();
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(counter()).toBe('1 / 3');
    expect(img()).toBe(`${BASE_URL}/p1.jpg`);
    expect(dialog.contains(root.activeElement)).toBe(true);
  });

  it('next, previous and arrow keys navigate, wrapping around', () => {
    const { dialog, counter, img } = openFirst();
    (dialog.querySelector('.nx') as HTMLButtonElement).click();
    expect(counter()).toBe('2 / 3');
    expect(img()).toBe(`${BASE_URL}/p2.jpg`);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(counter()).toBe('3 / 3');
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(counter()).toBe('1 / 3');
    (dialog.querySelector('.pv') as HTMLButtonElement).click();
    expect(counter()).toBe('3 / 3');
  });

  it('Escape closes it and focus returns to the photo', () => {
    const { dialog, root, opener } = openFirst();
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(root.querySelector('dialog')).toBeNull();
    expect(root.activeElement).toBe(opener);
  });

  it('the close button closes it', () => {
    const { dialog, root } = openFirst();
    (dialog.querySelector('.x') as HTMLButtonElement).click();
    expect(root.querySelector('dialog')).toBeNull();
  });

  it('rotation resumes after it closes', () => {
    const photos = { productImageUrls: ['/p1.jpg'] };
    const { active, $, root } = withSettings({}, [
      createTestimonial(photos),
      createTestimonial(photos),
    ]);
    ($('.on .ph') as HTMLButtonElement).click();
    (root.querySelector('dialog .x') as HTMLButtonElement).click();
    // Focus went back to the photo, inside the carousel: still paused until it leaves.
    ($('.on .ph') as HTMLElement).dispatchEvent(
      new FocusEvent('focusout', { bubbles: true, relatedTarget: null }),
    );
    vi.advanceTimersByTime(4000);
    expect(active()).toBe(1);
  });
});

describe('with nothing approved (issue 29, 9)', () => {
  it('keeps its box and invites visitors to leave the first testimonial, in a new tab', () => {
    const { widget, $, $$ } = withSettings({ headerText: 'Kind words', showBranding: true }, []);
    expect(widget.hidden).toBe(false);
    expect(widget.style.visibility).toBe('');
    expect(widget.style.height).toBe(
      `${widgetBoxHeight({ ...WIDGET_SETTINGS_DEFAULTS, headerText: 'Kind words', showBranding: true })}px`,
    );
    const invite = $('.iv') as HTMLElement;
    expect(invite.textContent).toContain('Be the first to leave a testimonial');
    expect(invite.textContent).toContain('Share your experience with Acme Plumbing.');
    const link = invite.querySelector('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(`${BASE_URL}/submit/acme`);
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener');
    expect(link.getAttribute('aria-label')).toBe('Write a testimonial (opens in a new tab)');
    // In the widget's own frame: the header above, the branding below, no carousel.
    expect($$('.w > *').map((part) => part.className)).toEqual(['hd left', 'cd iv', 'br']);
    expect(widget.getAttribute('aria-roledescription')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('in the owner’s colours and font, like the cards', () => {
    const { widget } = withSettings(
      {
        backgroundColor: '#0F172A',
        innerContainerColor: '#1E293B',
        textColor: '#F8FAFC',
        fontFamily: 'georgia',
      },
      [],
    );
    expect(widget.style.getPropertyValue('--bg')).toBe('#0F172A');
    expect(widget.style.getPropertyValue('--card')).toBe('#1E293B');
    expect(widget.style.getPropertyValue('--ff')).toContain('Georgia');
    expect(WIDGET_CSS).toMatch(/\.cd\{[^}]*background:var\(--card\)/);
    expect(WIDGET_CSS).toMatch(/\.ia\{[^}]*color:var\(--ac\)/);
  });

  it('turned off: keeps its box, empty and invisible, so the page does not move', () => {
    const { widget } = withSettings({ showInvite: false }, []);
    expect(widget.style.visibility).toBe('hidden');
    expect(widget.children).toHaveLength(0);
    expect(widget.style.height).toBe(`${widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)}px`);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the cards again once one is approved', () => {
    const { handle, $ } = withSettings({}, []);
    handle.update(createWidgetData({}, one()));
    expect($('.iv')).toBeNull();
    expect($('.sl .q')?.textContent).toBe('The analytical engine weaves algebraic patterns.');
  });
});

describe('malformed data', () => {
  it('survives malformed data', () => {
    const { widget } = mount({
      testimonials: [null, 42, { content: 'Only text' }],
    } as unknown as PublicWidget);
    expect(widget.querySelectorAll('.sl')).toHaveLength(1);
    expect(widget.querySelector('.q')?.textContent).toBe('Only text');
  });
});
