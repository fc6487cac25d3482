// The real mailer: nodemailer over SMTP_URL (smtp:// or smtps://).
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';
import { nodemailerMessage } from './nodemailer-message.js';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail(nodemailerMessage(options.from, message));
    },
    async close() {
      transport.close();
    },
  };
}
