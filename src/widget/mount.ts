// mountWidget: the one renderer behind widget.js on customers' sites, the
// Widget Settings preview and the dashboard's Live Widget Preview. It renders
// into an open shadow root of `host`, keeps no globals, and destroy() stops
// its timer and empties the shadow root (listeners go with the elements).
import { PRODUCT_NAME } from '../shared/constants';
import type { PublicWidget } from '../shared/schemas/widget';
import { brandingMarkup, headerMarkup, inviteMarkup } from '../shared/widget-card';
import { normalizePublicWidget } from '../shared/widget-data';
import { widgetBoxHeight } from '../shared/widget-box';
import { WIDGET_CSS } from '../shared/widget-styles';
import { themeVariables } from '../shared/widget-theme';
import { renderCard } from './card';
import { attention, type Attention } from './attention';
import { createCarousel } from './carousel';
import { attrs, h, toDom, type Refs } from './dom';
import { watchFit } from './fit';
import { loadFont } from './fonts';
import { createModals } from './modal';

export type MountOptions = {
  /** Origin of the Vouchly server: relative image URLs resolve against it; the default branding link. */
  baseUrl: string;
  /**
   * "Powered by {productName}" when the data names no product: the server's
   * answer always does (its PRODUCT_NAME); previews built from samples do not.
   * Default: the shared PRODUCT_NAME.
   */
  productName?: string;
  /** Where the branding link goes (default baseUrl). */
  homeUrl?: string;
  /**
   * The slug the widget's views and clicks are counted under (attention.ts). Only the script widget gives it
   * (main.ts): the Widget Settings preview and the dashboard's Live Widget Preview, which mount this same renderer,
   * are never counted.
   */
  count?: string;
};

export type WidgetHandle = {
  /** Re-renders with new data or settings, keeping the current slide. */
  update: (data: PublicWidget) => void;
  destroy: () => void;
};

/** Constructable stylesheets are not subject to a host page's style-src CSP; <style> is the fallback. */
function addStyles(root: ShadowRoot): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(h('style', '', WIDGET_CSS));
  }
}

type View = { index: () => number; destroy: () => void };

/**
 * A height the host was given (the snippet's box) is the widget's to fill, if
 * the page lets it have it: a theme's `* { all: unset !important }` wins over
 * the box's style attribute and leaves the host without a height, and the
 * widget then takes its own (`ownHeight`), as without a box. Asked again
 * whenever the host's size changes, since such a stylesheet may arrive after
 * the widget has been drawn: the widget then keeps a whole height instead of
 * shrinking to what it shows. The change waits for the next frame, so that it
 * does not resize the host inside the observer's own report.
 */
function sizeToBox(host: HTMLElement, widget: HTMLElement, ownHeight: number): () => void {
  const size = () => {
    const boxed = host.style.height !== '' && getComputedStyle(host).height === host.style.height;
    const height = boxed ? '' : `${ownHeight}px`;
    if (widget.style.height !== height) widget.style.height = height;
  };
  size();
  let frame = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(size);
  });
  observer.observe(host);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
  };
}

/**
 * Renders into `root`. The widget fills the host's height when the host has
 * one of its own (the box of the embed snippet); otherwise it takes the
 * height of widget-box.ts for its settings (sizeToBox). Its height never
 * depends on what it shows, and fit.ts fits what it shows into that height.
 * With nothing approved it keeps the height too: the invitation fills it, or
 * with that turned off it stays empty (docs/decisions/0024).
 */
function render(
  root: ShadowRoot,
  input: PublicWidget,
  options: MountOptions & { host: HTMLElement; track: Attention | null },
  start: number,
): View {
  const data = normalizePublicWidget(input);
  const { productName, settings: s, testimonials } = data;
  const { baseUrl, track } = options;
  const widget = h('section', 'w');
  // CSSOM, not a style attribute: allowed under a host page's CSP.
  widget.style.cssText = themeVariables(s);
  const stopSizing = sizeToBox(options.host, widget, widgetBoxHeight(s));
  loadFont(s.fontFamily);
  root.append(widget);

  if (!testimonials.length && !s.showInvite) {
    // Nothing to show and no invitation: invisible, not removed, so the page around keeps its place.
    widget.style.visibility = 'hidden';
    return { index: () => 0, destroy: stopSizing };
  }
  const fit = watchFit();
  fit.observe(widget);
  if (track) {
    track.watch(widget);
    widget.addEventListener('click', track.click);
  }
  attrs(widget, { 'aria-label': s.headerText || 'Testimonials' });
  const header = headerMarkup(data, s, baseUrl);
  if (header) {
    const refs: Refs = {};
    widget.append(toDom(header, refs));
    const logo = refs.logo?.[0];
    if (logo) logo.onerror = () => logo.remove();
  }

  let index = () => 0;
  let stop = () => {};
  if (testimonials.length) {
    widget.setAttribute('aria-roledescription', 'carousel');
    const modals = createModals(widget, (open) => carousel.hold(open));
    // Only the slide shown first is drawn at once; the others, which share its
    // box and are hidden, are drawn right after the first paint (or as soon as
    // one is shown), so the first testimonial appears without waiting for all.
    const slides = testimonials.map(() => h('div', 'sl'));
    const draw = (i: number) => {
      const slide = slides[i];
      const t = testimonials[i];
      if (slide && t && !slide.firstChild) slide.append(renderCard(t, s, { baseUrl, modals, fit }));
    };
    const carousel = createCarousel(widget, slides, s.autoRotate, start, draw, track?.check);
    // A card is on screen only while its slide is the one shown: the others share its grid cell, hidden.
    slides.forEach((slide, i) =>
      track?.watch(slide, testimonials[i]?.id, () => slide.classList.contains('on')),
    );
    let drawRest: ReturnType<typeof setTimeout> | undefined;
    const frame =
      slides.length > 1
        ? requestAnimationFrame(() => {
            drawRest = setTimeout(() => slides.forEach((_, i) => draw(i)));
          })
        : 0;
    index = carousel.index;
    stop = () => {
      cancelAnimationFrame(frame);
      clearTimeout(drawRest);
      carousel.destroy();
      modals.closeAll();
    };
  } else {
    const invite = toDom(inviteMarkup(data, baseUrl));
    widget.append(invite);
    fit.observe(invite);
  }

  if (s.showBranding) {
    const product = productName || options.productName || PRODUCT_NAME;
    widget.append(toDom(brandingMarkup(product, options.homeUrl || baseUrl)));
  }

  return {
    index,
    destroy() {
      stop();
      fit.disconnect();
      stopSizing();
      track?.clear();
    },
  };
}

export function mountWidget(
  host: HTMLElement,
  data: PublicWidget,
  options: MountOptions,
): WidgetHandle {
  // Reuse the shadow root when mounted again on the same element (React StrictMode).
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // One per mount, so a re-render (update) does not count the same page view again.
  const track = options.count ? attention(options.baseUrl, options.count) : null;
  let view: View | null = null;
  const show = (next: PublicWidget, start: number) => {
    view?.destroy();
    root.replaceChildren();
    addStyles(root);
    view = render(root, next, { ...options, host, track }, start);
  };
  show(data, 0);
  return {
    update: (next) => show(next, view?.index() ?? 0),
    destroy() {
      view?.destroy();
      view = null;
      track?.stop();
      root.replaceChildren();
    },
  };
}
