// mountWidget: the one renderer behind widget.js on customers' sites, the
// Widget Settings preview and the dashboard's Live Widget Preview. It renders
// into an open shadow root of `host`, keeps no globals, and destroy() stops
// its timer and empties the shadow root (listeners go with the elements).
import { PRODUCT_NAME } from '../shared/constants';
import type { PublicWidget } from '../shared/schemas/widget';
import { normalizePublicWidget } from '../shared/widget-data';
import { safeHttpUrl } from '../shared/widget-format';
import { image, renderCard } from './card';
import { createCarousel } from './carousel';
import { attrs, h } from './dom';
import { fontStack, loadFont } from './fonts';
import { createLightbox } from './lightbox';
import { CSS } from './styles';
import { themeVariables } from './theme';

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
  /** Settings/dashboard preview: an empty list shows "No testimonials yet" instead of nothing. */
  preview?: boolean;
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
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(h('style', '', CSS));
  }
}

type View = { index: () => number; destroy: () => void };

function render(root: ShadowRoot, input: PublicWidget, options: MountOptions, start: number): View {
  const { productName, business, settings: s, testimonials } = normalizePublicWidget(input);
  const widget = h('section', 'w');
  // CSSOM, not a style attribute: allowed under a host page's CSP.
  widget.style.cssText = themeVariables(s, fontStack(s.fontFamily));
  loadFont(s.fontFamily);
  root.append(widget);

  if (!testimonials.length) {
    // Nothing visible on a customer's site; the preview says why it is empty.
    if (options.preview) widget.append(h('p', 'em', 'No testimonials yet'));
    else widget.hidden = true;
    return { index: () => 0, destroy() {} };
  }

  attrs(widget, {
    'aria-roledescription': 'carousel',
    'aria-label': s.headerText || 'Testimonials',
  });
  if (s.headerText || (s.showBusinessName && business.name)) {
    const header = h('div', 'hd');
    header.style.textAlign = s.headerAlignment;
    if (s.showBusinessName && business.name) {
      const name = h('p', 'bn');
      const logo = safeHttpUrl(business.logoUrl, options.baseUrl);
      if (logo) {
        const img = image(logo, 28);
        img.onerror = () => img.remove();
        name.append(img);
      }
      name.append(business.name);
      header.append(name);
    }
    if (s.headerText) header.append(h('h2', 'ht', s.headerText));
    widget.append(header);
  }

  const lightbox = createLightbox(widget, (open) => carousel.hold(open));
  const slides = testimonials.map((t) => {
    const slide = h('div', 'sl');
    slide.append(renderCard(t, s, options.baseUrl, lightbox.open));
    return slide;
  });
  const carousel = createCarousel(widget, slides, s.autoRotate, start);

  if (s.showBranding) {
    const href = safeHttpUrl(options.homeUrl || options.baseUrl);
    const product = productName || options.productName || PRODUCT_NAME;
    const link = h('a', 'br', `Powered by ${product}`);
    if (href) attrs(link, { href, target: '_blank', rel: 'noopener' });
    widget.append(link);
  }

  return {
    index: carousel.index,
    destroy() {
      carousel.destroy();
      lightbox.close();
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
  let view: View | null = null;
  const show = (next: PublicWidget, start: number) => {
    view?.destroy();
    root.replaceChildren();
    addStyles(root);
    view = render(root, next, options, start);
  };
  show(data, 0);
  return {
    update: (next) => show(next, view?.index() ?? 0),
    destroy() {
      view?.destroy();
      view = null;
      root.replaceChildren();
    },
  };
}
