// The page of a request email's unsubscribe link (docs/product/requests.md#unsubscribe): one self-contained HTML
// page rendered on the server, every value escaped, no script. Its button is a form that POSTs to the same address.
import { escapeHtml as e } from '../../../shared/widget-markup.js';
import type { UnsubscribeState } from './service.js';

const css = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--link:#1d4ed8;--primary:#2563eb}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--card:#111a2e;--text:#e2e8f0;--muted:#a3b1c6;--line:#22304a;--link:#7cb4ff}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
p{margin:.5rem 0}
.muted{color:var(--muted)}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.25rem}
form{margin:0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid var(--primary);background:var(--primary);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.button:focus-visible{outline:2px solid var(--link);outline-offset:2px}`;

export function renderUnsubscribePage(options: {
  state: UnsubscribeState;
  productName: string;
  /** The page's own address, `/unsubscribe/{token}`. */
  action: string;
}): string {
  const { state, action } = options;
  let title: string;
  let body: string;
  switch (state.kind) {
    case 'ready':
      title = `Stop emails from ${state.businessName}?`;
      body = `<p class="muted">${e(state.businessName)} will not email you to ask for a testimonial again.</p><div class="actions"><form method="post" action="${e(action)}"><button class="button" type="submit">Unsubscribe</button></form></div>`;
      break;
    case 'done':
      title = 'You are unsubscribed';
      body = `<p role="status">${e(state.businessName)} will not email you to ask for a testimonial again.</p>`;
      break;
    case 'unknown':
      title = 'This link is not valid';
      body = `<p class="muted">Use the unsubscribe link of the email you got, as it is.</p>`;
      break;
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${e(title)} · ${e(options.productName)}</title>
<style>${css}</style>
</head>
<body>
<main><div class="card"><h1>${e(title)}</h1>${body}</div></main>
</body>
</html>`;
}
