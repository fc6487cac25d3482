// The no-script page's counting (GET /embed/{slug}, docs/product/analytics.md#what-the-widget-and-the-form-send):
// the same events by the same rules and the same code as the script widget (attention.ts), for the page's static
// cards. Built on its own (vite.widget.config.ts, `--mode embed-count`) into dist/widget/embed-count.js, served at
// /embed-count.js and loaded with `defer` by the embed page (src/server/modules/widget/embed-page.ts), whose CSP
// allows our own scripts and beacons ('self'). The slug is the script tag's `data-slug`; the cards carry their
// testimonial's id (`data-id`) and the links the classes attention.ts knows (a photo, a source, the invitation, the
// branding); the page has no carousel, so each card is on screen when half of it is in the frame's view.
//
// The page counted is the host page the frame stands in, as its referrer names it: origin and path, or only the
// origin under the default Referrer-Policy (strict-origin-when-cross-origin). With no referrer, or opened on its own
// rather than in a frame, there is no host page to count under, and nothing is counted.
import { attention } from './attention';

const slug = document.querySelector<HTMLScriptElement>('script[data-slug]')?.dataset.slug;
const widget = document.querySelector('.w');
const referrer = document.referrer;
if (slug && widget && window.parent !== window && /^https?:/.test(referrer)) {
  const host = new URL(referrer);
  const track = attention(location.origin, slug, host.origin + host.pathname);
  if (track) {
    track.watch(widget);
    widget
      .querySelectorAll<HTMLElement>('.cd[data-id]')
      .forEach((card) => track.watch(card, card.dataset.id));
    widget.addEventListener('click', track.click);
  }
}
