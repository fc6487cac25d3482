// Outgoing email. `createMailer` picks SMTP when SMTP_URL is set, otherwise the
// outbox: each message is written as an .eml file to DATA_DIR/outbox and its
// links are logged, so a local install can follow reset links without a mail server.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A fixed Message-ID (`<id@host>`): a job that sends again after a crash sends the same one, so it can be folded. */
  messageId?: string;
  /** Extra headers, e.g. `List-Unsubscribe` (RFC 8058) on a request to a customer. */
  headers?: Record<string, string>;
};

/**
 * True when the mail server refused the message for good (a 5xx answer, e.g.
 * "550 no such user"): trying again cannot help.
 * A 4xx answer or a network failure is worth another try.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom }, log);
}
