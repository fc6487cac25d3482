// What nodemailer is given for one of our messages: the same for the SMTP mailer and the outbox.
import type { EmailMessage } from './mailer.js';

export function nodemailerMessage(from: string, message: EmailMessage) {
  const { to, subject, text, html, messageId, headers } = message;
  return { from, to, subject, text, html, messageId, headers };
}
