// The embeddable widget script. A host page adds
//   <script src="https://<host>/widget.js" data-widget="<collectionSlug>" async></script>
// For now it only finds its own tag(s) and renders nothing; rendering comes later.
// The one global it creates is window.Vouchly.

declare const __VOUCHLY_WIDGET_VERSION__: string;

type VouchlyGlobal = { readonly version: string };

const host = window as Window & { Vouchly?: VouchlyGlobal };

const SEEN_ATTRIBUTE = 'data-vouchly-seen';

/** This script's own tag(s): document.currentScript while running synchronously, else every unseen data-widget tag. */
function findOwnScripts(): HTMLScriptElement[] {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.hasAttribute('data-widget')) return [current];
  // currentScript is null for module scripts, callbacks and some injectors.
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-widget]')).filter(
    (script) => !script.hasAttribute(SEEN_ATTRIBUTE),
  );
}

function init(): void {
  for (const script of findOwnScripts()) {
    const widgetId = (script.getAttribute('data-widget') ?? '').trim();
    script.setAttribute(SEEN_ATTRIBUTE, '');
    if (!widgetId) continue;
    // Rendering of widget `widgetId` goes here.
  }
}

if (!host.Vouchly) {
  host.Vouchly = Object.freeze({ version: __VOUCHLY_WIDGET_VERSION__ });
}
init();
