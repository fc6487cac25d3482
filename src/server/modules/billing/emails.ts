// The texts of billing emails: a plain-text part and an HTML part each, as the account emails.
import { MONEY_BACK_GUARANTEE_DAYS } from '../../../shared/constants.js';
import { escapeHtml } from '../../../shared/widget-markup.js';
import { htmlEmail } from '../../adapters/email/email-layout.js';
import type { EmailMessage } from '../../adapters/email/mailer.js';

/** Sent after a money-back refund (docs/product/billing.md#refund). */
export function refundReceiptEmail(options: {
  to: string;
  productName: string;
  /** "$49.00" */
  amount: string;
  /** "November 28, 2026" */
  date: string;
  invoiceId: string;
  refundId: string;
}): EmailMessage {
  const { to, productName, amount, date, invoiceId, refundId } = options;
  const text = [
    'Hello,',
    '',
    `We have refunded your ${productName} payment of ${amount} on ${date}, as our ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee promises.`,
    'Your subscription has ended. The refund reaches your card within 5 to 10 business days.',
    '',
    `Invoice: ${invoiceId}`,
    `Refund: ${refundId}`,
    '',
    'You can subscribe again at any time.',
    '',
    `— ${productName}`,
  ].join('\n');
  const html = htmlEmail(
    productName,
    `    <p>We have refunded your ${escapeHtml(productName)} payment of <strong>${escapeHtml(amount)}</strong> on ${escapeHtml(date)}, as our ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee promises.</p>
    <p>Your subscription has ended. The refund reaches your card within 5 to 10 business days.</p>
    <p style="font-size: 12px; color: #6b7280;">Invoice: ${escapeHtml(invoiceId)}<br>Refund: ${escapeHtml(refundId)}</p>
    <p>You can subscribe again at any time.</p>`,
  );
  return { to, subject: `Your ${productName} refund receipt`, text, html };
}
