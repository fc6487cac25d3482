// The email to the owner when an endpoint is disabled (docs/product/webhooks.md#disabling): which endpoint, why, and a
// button to the Integrations screen. Plain text and HTML.
import { appPages } from '../../../shared/app-pages.js';
import { escapeHtml } from '../../../shared/widget-markup.js';
import { emailButton, htmlEmail } from '../../adapters/email/email-layout.js';
import type { EmailMessage } from '../../adapters/email/mailer.js';

export function endpointDisabledEmail(options: {
  to: string;
  productName: string;
  baseUrl: string;
  businessName: string;
  url: string;
  disabledReason: string | null;
  messageId: string;
}): EmailMessage {
  const { productName } = options;
  const link = `${options.baseUrl}${appPages.integrations}`;
  const text = [
    'Hello,',
    '',
    `We stopped sending events to your webhook endpoint ${options.url}.`,
    options.disabledReason ?? '',
    '',
    `Fix the receiver, then enable the endpoint again on the Integrations screen: ${link}`,
    'Events that happen while it is disabled are not sent later.',
    '',
    `— ${productName}`,
  ].join('\n');
  const html = htmlEmail(
    productName,
    `    <p>We stopped sending events to your webhook endpoint <strong>${escapeHtml(options.url)}</strong>.</p>
    <p>${escapeHtml(options.disabledReason ?? '')}</p>
    <p>Fix the receiver, then enable the endpoint again on the Integrations screen. Events that happen while it is disabled are not sent later.</p>
${emailButton(link, 'Open Integrations')}`,
  );
  return {
    to: options.to,
    subject: `Your webhook endpoint for ${options.businessName} was disabled`,
    text,
    html,
    messageId: options.messageId,
  };
}
