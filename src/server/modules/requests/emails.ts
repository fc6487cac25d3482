// The request email to a customer (docs/product/requests.md#the-email): the owner's subject and message with the
// placeholders filled in, five star links into the collection form, and an unsubscribe link in the footer and in
// the List-Unsubscribe headers (RFC 8058 one-click). Plain text and HTML; no tracking pixel, no image at all.
import { collectionLink } from '../../../shared/app-pages.js';
import { RATING_MAX } from '../../../shared/constants.js';
import {
  REQUEST_FIRST_NAME_FALLBACK,
  REQUEST_PLACEHOLDERS,
} from '../../../shared/schemas/requests.js';
import { escapeHtml } from '../../../shared/widget-markup.js';
import { htmlEmail } from '../../adapters/email/email-layout.js';
import type { EmailMessage } from '../../adapters/email/mailer.js';

const REMINDER_PREFIX = 'Reminder: ';

/** The first word of the name, or "there" ("Hi there,"). */
function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || REQUEST_FIRST_NAME_FALLBACK;
}

function fillPlaceholders(
  template: string,
  values: { name: string; businessName: string },
): string {
  return template
    .replaceAll(REQUEST_PLACEHOLDERS.firstName, firstNameOf(values.name))
    .replaceAll(REQUEST_PLACEHOLDERS.businessName, values.businessName);
}

/** The star link for one rating: the form, with the request's token when there is one (not in a preview). */
function starLink(
  baseUrl: string,
  collectionSlug: string,
  token: string | null,
  rating: number,
): string {
  const query = new URLSearchParams({
    ...(token ? { request: token } : {}),
    rating: String(rating),
  });
  return `${collectionLink(baseUrl, collectionSlug)}?${query.toString()}`;
}

export type RequestEmailInput = {
  to: string;
  name: string;
  productName: string;
  baseUrl: string;
  businessName: string;
  collectionSlug: string;
  subject: string;
  body: string;
  /** The request's signed token; null in the preview, whose links carry none. */
  token: string | null;
  reminder?: boolean;
  messageId?: string;
};

const ratings = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
const starsLabel = (rating: number) => `${rating} star${rating === 1 ? '' : 's'}`;

export function requestEmail(input: RequestEmailInput): EmailMessage {
  const values = { name: input.name, businessName: input.businessName };
  const subject = `${input.reminder ? REMINDER_PREFIX : ''}${fillPlaceholders(input.subject, values)}`;
  const paragraphs = fillPlaceholders(input.body, values)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const links = ratings.map((rating) => ({
    rating,
    url: starLink(input.baseUrl, input.collectionSlug, input.token, rating),
  }));
  const unsubscribeUrl = input.token ? `${input.baseUrl}/unsubscribe/${input.token}` : '#';
  const why = `You got this email because you are a customer of ${input.businessName}.`;
  const question = 'How would you rate your experience?';

  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${question} Choose a rating:`,
    ...links.map((link) => `${starsLabel(link.rating)}: ${link.url}`),
    '',
    `${why} Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');

  const stars = links
    .map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" aria-label="${starsLabel(link.rating)}" title="${starsLabel(link.rating)}" style="display: inline-block; font-size: 36px; line-height: 1; color: #d97706; text-decoration: none; padding: 0 4px;">★</a>`,
    )
    .join('');
  const html = htmlEmail(
    input.productName,
    `    <p style="font-size: 18px; font-weight: bold; margin: 0 0 16px;">${escapeHtml(input.businessName)}</p>
${paragraphs.map((paragraph) => `    <p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`).join('\n')}
    <p style="margin: 20px 0 4px;">${escapeHtml(question)}</p>
    <p style="margin: 0 0 20px;" role="group" aria-label="${escapeHtml(question)}">${stars}</p>
    <p style="font-size: 12px; color: #6b7280;">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color: #6b7280;">Unsubscribe</a></p>`,
    { ownGreetingAndSignature: true },
  );
  return {
    to: input.to,
    subject,
    text,
    html,
    ...(input.messageId ? { messageId: input.messageId } : {}),
    ...(input.token
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
