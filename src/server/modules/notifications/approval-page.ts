// The page of an Approve link (docs/product/notifications.md#approve-from-the-email): one self-contained HTML page
// rendered on the server, every value escaped, no script. Its buttons are forms that POST to the same address.
import { ratingStars } from '../../../shared/rating-stars.js';
import { escapeHtml as e } from '../../../shared/widget-markup.js';
import { linkPage, postButton } from '../../link-page.js';
import type { ApprovalPageState } from './approval-links.js';

const stars = (rating: number) =>
  `<p class="stars" aria-label="${rating} out of 5 stars">${ratingStars(rating)}</p>`;

function quote(testimonial: { authorName: string; rating: number; content: string }): string {
  return `<blockquote><p class="name">${e(testimonial.authorName)}</p>${stars(testimonial.rating)}<p>${e(testimonial.content)}</p></blockquote>`;
}

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
      body = `<p class="muted">Once approved, it shows in your widget.</p>${quote(state.testimonial)}<div class="actions">${postButton(action, 'Approve', true)}${dashboard}</div>`;
      break;
    case 'already-approved':
      title = 'Already approved';
      body = `<p class="muted">This testimonial already shows in your widget.</p>${quote(state.testimonial)}<div class="actions">${dashboard}</div>`;
      break;
    case 'approved':
      title = 'Approved';
      body = `<p role="status">It now shows in your widget.</p>${quote(state.testimonial)}<div class="actions">${postButton(`${action}/undo`, 'Undo')}${dashboard}</div><p class="muted">You can undo this for 10 minutes.</p>`;
      break;
    case 'undone':
      title = 'Approval undone';
      body = `<p role="status">The testimonial waits for your approval again.</p>${quote(state.testimonial)}<div class="actions">${postButton(action, 'Approve', true)}${dashboard}</div>`;
      break;
    case 'gone':
      title =
        state.why === 'unknown'
          ? 'This link is not valid'
          : 'This link has expired or was already used';
      body = `<p class="muted">Approve links work once, for 7 days. Sign in to moderate your testimonials.</p><div class="actions"><a class="button primary" href="${e(signInUrl)}">Sign in</a></div>`;
      break;
  }
  return linkPage({ title, productName: options.productName, body });
}
