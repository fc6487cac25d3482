// The page of a request email's unsubscribe link (docs/product/requests.md#unsubscribe): one self-contained HTML
// page rendered on the server, every value escaped, no script. Its button is a form that POSTs to the same address.
import { escapeHtml as e } from '../../../shared/widget-markup.js';
import { linkPage, postButton } from '../../link-page.js';
import type { UnsubscribeState } from './service.js';

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
      body = `<p class="muted">${e(state.businessName)} will not email you to ask for a testimonial again.</p><div class="actions">${postButton(action, 'Unsubscribe', true)}</div>`;
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
  return linkPage({ title, productName: options.productName, body });
}
