// The local mailer: builds the same RFC 822 message nodemailer would send and
// writes it to DATA_DIR/outbox/<time>-<random>.eml, logging the links it holds.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createOutboxMailer(
  options: { dataDir: string; from: string },
  log: FastifyBaseLogger,
): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const dir = outboxDir(options.dataDir);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { file, to: message.to, subject: message.subject, links },
        'email written to the outbox',
      );
    },
    async close() {
      transport.close();
    },
  };
}
