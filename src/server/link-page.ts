// The small pages that an emailed link opens (an Approve link, an unsubscribe link): one self-contained HTML page
// rendered on the server, every value escaped, no script, light and dark. Its buttons are forms that POST, because
// opening a link must change nothing (mail scanners open links).
import { escapeHtml as e } from '../shared/widget-markup.js';

const css = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--link:#1d4ed8;--primary:#2563eb;--star:#d97706}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--card:#111a2e;--text:#e2e8f0;--muted:#a3b1c6;--line:#22304a;--link:#7cb4ff;--star:#fbbf24}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
p{margin:.5rem 0}
.muted{color:var(--muted)}
blockquote{margin:1rem 0;padding:1rem;border:1px solid var(--line);border-radius:.75rem}
.name{font-weight:700;margin:0}
.stars{color:var(--star);font-size:1.25rem;letter-spacing:.1em;margin:.25rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.25rem}
form{margin:0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid var(--line);background:var(--card);color:var(--text);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.primary{background:var(--primary);border-color:var(--primary);color:#fff}
.button:focus-visible,a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
a{color:var(--link)}`;

/** A button that POSTs to `action`. */
export const postButton = (action: string, label: string, primary = false): string =>
  `<form method="post" action="${e(action)}"><button class="button${primary ? ' primary' : ''}" type="submit">${e(label)}</button></form>`;

/** The page: `title` as its heading, `body` (already escaped HTML) under it. */
export function linkPage(options: { title: string; productName: string; body: string }): string {
  const { title } = options;
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
<main><div class="card"><h1>${e(title)}</h1>${options.body}</div></main>
</body>
</html>`;
}
