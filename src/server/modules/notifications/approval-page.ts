// The page of an Approve link (docs/product/notifications.md#approve-from-the-email): one self-contained HTML page
// rendered on the server, every value escaped, no script. Its buttons are forms that POST to the same address.
import { ratingStars } from '../../../shared/rating-stars.js';
import { escapeHtml as e } from '../../../shared/widget-markup.js';
import type { ApprovalPageState } from './approval-links.js';

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

const stars = (rating: number) =>
  `<p class="stars" aria-label="${rating} out of 5 stars">${ratingStars(rating)}</p>`;

function quote(testimonial: { authorName: string; rating: number; content: string }): string {
  return `<blockquote><p class="name">${e(testimonial.authorName)}</p>${stars(testimonial.rating)}<p>${e(testimonial.content)}</p></blockquote>`;
}

const button = (action: string, label: string, primary = false) =>
  `<form method="post" action="${e(action)}"><button class="button${primary ? ' primary' : ''}" type="submit">${e(label)}</button></form>`;

export function renderApprovalPage(options: {
  state: ApprovalPageState;
  productName: string;
  /** The page's own address, `/approve/{token}`. */
  action: string;
  dashboardUrl: string;
  signInUrl: string;
}): string {
  const { state, action, dashboardUrl, signInUrl } = options;
  const dashboard = `<a class="button" href="${e(dashboardUrl)}">Open in dashboard</a>`;
  let title: string;
  let body: string;
  switch (state.kind) {
    case 'ready':
      title = 'Approve this testimonial?';
      body = `<p class="muted">Once approved, it shows in your widget.</p>${quote(state.testimonial)}<div class="actions">${button(action, 'Approve', true)}${dashboard}</div>`;
      break;
    case 'already-approved':
      title = 'Already approved';
      body = `<p class="muted">This testimonial already shows in your widget.</p>${quote(state.testimonial)}<div class="actions">${dashboard}</div>`;
      break;
    case 'approved':
      title = 'Approved';
      body = `<p role="status">It now shows in your widget.</p>${quote(state.testimonial)}<div class="actions">${button(`${action}/undo`, 'Undo')}${dashboard}</div><p class="muted">You can undo this for 10 minutes.</p>`;
      break;
    case 'undone':
      title = 'Approval undone';
      body = `<p role="status">The testimonial waits for your approval again.</p>${quote(state.testimonial)}<div class="actions">${button(action, 'Approve', true)}${dashboard}</div>`;
      break;
    case 'gone':
      title =
        state.why === 'unknown'
          ? 'This link is not valid'
          : 'This link has expired or was already used';
      body = `<p class="muted">Approve links work once, for 7 days. Sign in to moderate your testimonials.</p><div class="actions"><a class="button primary" href="${e(signInUrl)}">Sign in</a></div>`;
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
