// The request email as a real SMTP server receives it (docs/product/requests.md#the-email): both parts, five star
// links, the RFC 8058 unsubscribe headers, no tracking pixel; a mailbox the server refuses is a hard bounce; a mail
// server that stays away fails the request once the retries are spent.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../shared/time.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { startSmtpServer } from '../../testing/smtp-server.js';
import { requestsSetup, starLinksOf, subjectOf, tokenOf } from '../../testing/requests.js';

describe('the request email', () => {
  it('has a plain-text and an HTML part, five star links, an unsubscribe link and the one-click headers', async () => {
    const smtp = await startSmtpServer();
    const t = await requestsSetup({ smtpUrl: smtp.url });
    const [outcome] = await t.sendAll([{ name: 'Ana Souza', email: 'Ana@Example.com' }]);
    expect(await t.app.jobs.drain()).toBe(1);
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(['ana@example.com']);
    const raw = decodeQuotedPrintable(mail.raw);
    const slug = t.business.collectionSlug;

    expect(subjectOf(raw)).toBe('How was your experience with Crumb & Co?');
    expect(raw).toMatch(/^Message-ID: <review-request-[0-9a-f-]+@localhost>$/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    const links = starLinksOf(raw);
    expect([...links.keys()]).toEqual([1, 2, 3, 4, 5]);
    const token = tokenOf(links.get(1) ?? '');
    expect(token.startsWith(`${outcome?.id}.`)).toBe(true);
    for (const [rating, link] of links) {
      expect(link).toBe(`http://localhost:3000/submit/${slug}?request=${token}&rating=${rating}`);
      // The HTML part: the same link behind a large star with a spoken label.
      expect(raw).toContain(
        `<a href="http://localhost:3000/submit/${slug}?request=${token}&amp;rating=${rating}" aria-label="${rating} star${rating === 1 ? '' : 's'}"`,
      );
    }
    const unsubscribeUrl = `http://localhost:3000/unsubscribe/${token}`;
    // Unfolded, each header between line breaks.
    const headers = `\r\n${raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ')}\r\n`;
    expect(headers).toContain(`\r\nList-Unsubscribe: <${unsubscribeUrl}>\r\n`);
    expect(headers).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(raw).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(raw).toContain(`<a href="${unsubscribeUrl}" style="color: #6b7280;">Unsubscribe</a>`);
    // The message, with the placeholders filled in and escaped in HTML.
    expect(raw).toContain('Hi Ana,');
    expect(raw).toContain('Thank you for choosing Crumb & Co.');
    expect(raw).toContain('Thank you for choosing Crumb &amp; Co.');
    expect(raw).not.toContain('{first name}');
    expect(raw).not.toMatch(/<img/i);

    const [row] = await t.rows();
    expect(row).toMatchObject({ status: 'sent', sentAt: t.now() });
  });

  it('calls a customer without a name "there", and says what the owner wrote', async () => {
    const smtp = await startSmtpServer();
    const t = await requestsSetup({ smtpUrl: smtp.url });
    await t.saveSettings({
      subject: '{first name}, a word for {business name}?',
      body: 'Dear {first name},\n\nfive <b>stars</b> or one, we read them all.',
      reminderDays: 3,
      dailyCap: 200,
    });
    await t.sendAll([{ email: 'noname@example.com' }]);
    await t.app.jobs.drain();
    const raw = decodeQuotedPrintable((await smtp.nextMessage()).raw);
    expect(subjectOf(raw)).toBe('there, a word for Crumb & Co?');
    expect(raw).toContain('Dear there,');
    expect(raw).toContain('five &lt;b&gt;stars&lt;/b&gt; or one, we read them all.');
  });

  it('marks a request the mail server refuses as bounced, never tries again, and skips the address from then on', async () => {
    const smtp = await startSmtpServer({ rejects: (address) => address.startsWith('gone@') });
    const t = await requestsSetup({ smtpUrl: smtp.url });
    await t.sendAll([{ email: 'gone@example.com' }, { email: 'ana@example.com' }]);
    await t.app.jobs.drain();
    const rows = await t.rows();
    const gone = rows.find((row) => row.email === 'gone@example.com');
    expect(gone?.status).toBe('bounced');
    expect(gone?.failure).toMatch(/550/);
    expect(rows.find((row) => row.email === 'ana@example.com')?.status).toBe('sent');
    expect(await t.suppressions()).toMatchObject([
      { email: 'gone@example.com', reason: 'bounced' },
    ]);
    const job = (await t.jobs()).find(
      (row) => row.kind === 'requests.send' && row.status !== 'done',
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    // No reminder for it either.
    expect((await t.jobs()).filter((row) => row.kind === 'requests.reminder')).toHaveLength(1);
    const again = await t.check([{ email: 'gone@example.com' }]);
    expect(again.json<{ customers: { reason?: string }[] }>().customers[0]?.reason).toBe('bounced');
  });

  it('fails a request with the reason once the retries are spent while the mail server is away', async () => {
    const smtp = await startSmtpServer();
    const t = await requestsSetup({ smtpUrl: smtp.url });
    await smtp.close();
    await t.sendAll([{ email: 'ana@example.com' }]);
    for (const wait of [0, 1, 5, 30, 120]) {
      t.advance(wait * MINUTE_MS);
      expect(await t.app.jobs.drain()).toBe(1);
      const [row] = await t.rows();
      expect(row?.status).toBe(wait === 120 ? 'failed' : 'queued');
    }
    const [row] = await t.rows();
    expect(row?.failure).toMatch(/ECONNREFUSED|connect/i);
  });
});
