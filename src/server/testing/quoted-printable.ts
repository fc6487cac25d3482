// Reading the messages the outbox mailer writes, for the integration tests and the browser journeys alike.

/** Undoes quoted-printable (soft line breaks and =XX, the bytes of UTF-8), which nodemailer uses for long lines. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = Buffer.from(raw, 'utf8')
    .toString('latin1')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
