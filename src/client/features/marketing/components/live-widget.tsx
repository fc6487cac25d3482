// The product's own widget, live (docs/product/marketing.md#landing-page): the page loads
// /widget.js from its own host with data-widget naming the demo business
// (DEMO_WIDGET_SLUG, created on first start with example testimonials), exactly
// as a customer's site does, with the snippet owners copy (its data preloaded).
// The snippet is in the server-rendered HTML, so the browser runs it as it
// parses the page. It stands in a sketch of a browser window, on the neutral
// page a widget usually sits on; the snippet's box, at the height of the demo's
// settings, keeps its place while the script loads, so nothing below it moves.
import { useEffect, useRef } from 'react';
import { BrowserBar } from '../../../components/browser-bar';
import { DEMO_WIDGET_SETTINGS } from '../../../../shared/demo-widget';
import {
  scriptSnippet,
  WIDGET_BOX_ELEMENT,
  widgetBoxStyle,
} from '../../../../shared/embed-snippets';

export function LiveWidget({ slug }: { slug: string | undefined }) {
  const slot = useRef<HTMLDivElement>(null);
  // Rendered in the browser (the app's / for a visitor whose session ended), the
  // tag above is inert: a script added by innerHTML never runs. Add a live one.
  useEffect(() => {
    const element = slot.current;
    if (!slug || !element) return;
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.dataset.widget = slug;
    const box = document.createElement(WIDGET_BOX_ELEMENT);
    box.style.cssText = widgetBoxStyle(DEMO_WIDGET_SETTINGS);
    box.append(script);
    element.replaceChildren(box);
    return () => element.replaceChildren();
  }, [slug]);

  return (
    <figure className="overflow-hidden rounded-2xl border border-border bg-card shadow-xl shadow-brand-900/5 dark:shadow-black/30">
      <BrowserBar />
      {/* The widget keeps its own colours in both themes, as on a customer's page. */}
      <div className="bg-zinc-100 p-3 sm:p-5">
        <div
          ref={slot}
          dangerouslySetInnerHTML={
            slug ? { __html: scriptSnippet('', slug, DEMO_WIDGET_SETTINGS) } : undefined
          }
        />
      </div>
      <figcaption className="sr-only">
        Our own widget, live, showing example testimonials
      </figcaption>
    </figure>
  );
}
