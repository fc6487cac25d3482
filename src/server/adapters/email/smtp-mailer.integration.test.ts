import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../testing/smtp-server.js';
import { isPermanentMailFailure } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

const message = { subject: 'Hello', text: 'Hi there', html: '<p>Hi there</p>' };

describe('the SMTP mailer', () => {
  it('sends the Message-ID it is given', async () => {
    const server = await startSmtpServer();
    const mailer = createSmtpMailer({ url: server.url, from: 'Vouchly <no-reply@localhost>' });
    await mailer.send({
      ...message,
      to: 'ana@example.com',
      messageId: '<job-1@localhost>',
    });
    await mailer.close();
    const mail = await server.nextMessage();
    expect(mail.raw).toMatch(/^Message-ID: <job-1@localhost>$/im);
  });

  it('tells a refused mailbox (permanent) from a server that is away (worth retrying)', async () => {
    const server = await startSmtpServer({ rejects: (address) => address.startsWith('gone@') });
    const mailer = createSmtpMailer({ url: server.url, from: 'Vouchly <no-reply@localhost>' });
    const refused = await mailer
      .send({ ...message, to: 'gone@example.com' })
      .catch((e: unknown) => e);
    expect(isPermanentMailFailure(refused)).toBe(true);
    await mailer.close();
    await server.close();

    const away = createSmtpMailer({ url: server.url, from: 'Vouchly <no-reply@localhost>' });
    const failure = await away.send({ ...message, to: 'ana@example.com' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(isPermanentMailFailure(failure)).toBe(false);
    await away.close();
  });
});
