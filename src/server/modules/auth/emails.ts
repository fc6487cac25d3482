// The texts of account emails: a plain-text part and an HTML part each.
import { escapeHtml } from '../../../shared/widget-markup.js';
import { htmlEmail } from '../../adapters/email/email-layout.js';
import type { EmailMessage } from '../../adapters/email/mailer.js';

export function passwordResetEmail(options: {
  to: string;
  productName: string;
  link: string;
}): EmailMessage {
  const { to, productName, link } = options;
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${productName} account.`,
    'To choose a new password, open this link within the next hour:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays the same.',
    '',
    `— ${productName}`,
  ].join('\n');
  const html = htmlEmail(
    productName,
    `    <p>Someone asked to reset the password of your ${escapeHtml(productName)} account.
    To choose a new password, open this link within the next hour:</p>
    <p><a href="${escapeHtml(link)}" style="color: #2563eb;">Reset your password</a></p>
    <p style="font-size: 12px; color: #6b7280;">Or copy this address into your browser: ${escapeHtml(link)}</p>
    <p>If you did not ask for this, ignore this email: your password stays the same.</p>`,
  );
  return { to, subject: `Reset your ${productName} password`, text, html };
}

/** Sent to the old address after an email change (docs/security.md rule 18), so a takeover does not go unnoticed. */
export function emailChangedEmail(options: {
  to: string;
  productName: string;
  newEmail: string;
}): EmailMessage {
  const { to, productName, newEmail } = options;
  const text = [
    'Hello,',
    '',
    `The email address of your ${productName} account was changed from ${to} to ${newEmail}.`,
    'From now on you sign in with the new address, and password reset links go there.',
    '',
    `If you did not make this change, someone else knows your password: contact ${productName} support right away.`,
    '',
    `— ${productName}`,
  ].join('\n');
  const html = htmlEmail(
    productName,
    `    <p>The email address of your ${escapeHtml(productName)} account was changed from
    ${escapeHtml(to)} to <strong>${escapeHtml(newEmail)}</strong>.
    From now on you sign in with the new address, and password reset links go there.</p>
    <p>If you did not make this change, someone else knows your password: contact ${escapeHtml(productName)} support right away.</p>`,
  );
  return { to, subject: `Your ${productName} email address was changed`, text, html };
}
