// The real mailer: nodemailer over SMTP_URL (smtp:// or smtps://).
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
