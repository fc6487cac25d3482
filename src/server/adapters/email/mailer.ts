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
};

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom }, log);
}
