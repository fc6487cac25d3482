// The new-testimonial email to the owner (docs/product/notifications.md): who, the rating, the first lines and the
// photos of each testimonial that arrived since the last one, and a button to the dashboard. Plain text and HTML.
// The daily digest is this same email with its own subject and footer.
import { emailButton, htmlEmail } from '../../adapters/email/email-layout.js';
import type { EmailMessage } from '../../adapters/email/mailer.js';
import { appPages } from '../../../shared/app-pages.js';
import { DAILY_DIGEST_TIME } from '../../../shared/schemas/notifications.js';
import { ratingStars } from '../../../shared/rating-stars.js';
import { escapeHtml } from '../../../shared/widget-markup.js';

/** How many testimonials one email shows; the rest are counted. */
export const TESTIMONIALS_PER_EMAIL = 10;
/** How much of a testimonial's text the email quotes. */
const QUOTE_LENGTH = 280;
/** How many photos of one testimonial the email shows. */
const PHOTOS_PER_TESTIMONIAL = 4;

export type ArrivedTestimonial = {
  authorName: string;
  rating: number;
  content: string;
  /** Absolute image URLs. */
  photos: string[];
  /** Its Approve link (approval-links.ts); given for the testimonials the email shows. */
  approveUrl?: string;
};

function quote(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : text;
}

export function newTestimonialsEmail(options: {
  to: string;
  productName: string;
  baseUrl: string;
  businessName: string;
  testimonials: ArrivedTestimonial[];
  messageId: string;
  /** The daily digest: its own subject and footer, the same body. */
  digest?: boolean;
}): EmailMessage {
  const { testimonials, productName, businessName } = options;
  const dashboardLink = `${options.baseUrl}${appPages.testimonials}`;
  const settingsLink = `${options.baseUrl}${appPages.accountSettings}`;
  const shown = testimonials.slice(0, TESTIMONIALS_PER_EMAIL);
  const more = testimonials.length - shown.length;
  const [first] = testimonials;
  const count = `${testimonials.length} new testimonial${testimonials.length === 1 ? '' : 's'}`;
  const subject = options.digest
    ? `Your daily digest: ${count} for ${businessName}`
    : testimonials.length === 1 && first
      ? `New testimonial from ${first.authorName} (${first.rating}/5)`
      : `${count} for ${businessName}`;
  const why = options.digest
    ? {
        reason: `You get this digest once a day, at ${DAILY_DIGEST_TIME}, when testimonials have arrived.`,
        action: 'Change this in Account Settings',
      }
    : {
        reason: 'You get these emails because new-testimonial emails are on.',
        action: 'Turn them off in Account Settings',
      };
  const intro =
    testimonials.length === 1
      ? `A customer of ${businessName} left a testimonial. It waits for your approval.`
      : `${testimonials.length} customers of ${businessName} left testimonials. They wait for your approval.`;

  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...shown.flatMap((item) => [
      `${item.authorName}: ${ratingStars(item.rating)} (${item.rating} out of 5)`,
      `"${quote(item.content)}"`,
      ...(item.photos.length > 0
        ? [`${item.photos.length} photo${item.photos.length === 1 ? '' : 's'}`]
        : []),
      ...(item.approveUrl ? [`Approve: ${item.approveUrl}`] : []),
      '',
    ]),
    ...(more > 0 ? [`And ${more} more.`, ''] : []),
    `Open in dashboard: ${dashboardLink}`,
    '',
    `${why.reason} ${why.action}: ${settingsLink}`,
    '',
    `— ${productName}`,
  ].join('\n');

  const cards = shown
    .map(
      (
        item,
      ) => `    <div style="border: 1px solid #e5e7eb; border-radius: 8px; padding: 12px 16px; margin: 12px 0;">
      <p style="margin: 0; font-weight: bold;">${escapeHtml(item.authorName)}</p>
      <p style="margin: 4px 0; color: #d97706; font-size: 18px;" aria-label="${item.rating} out of 5 stars">${ratingStars(item.rating)}</p>
      <p style="margin: 8px 0 0;">${escapeHtml(quote(item.content))}</p>${
        item.photos.length > 0
          ? `\n      <p style="margin: 8px 0 0;">${item.photos
              .slice(0, PHOTOS_PER_TESTIMONIAL)
              .map(
                (photo) =>
                  `<img src="${escapeHtml(photo)}" alt="Photo from ${escapeHtml(item.authorName)}" width="64" height="64" style="width: 64px; height: 64px; object-fit: cover; border-radius: 6px; margin-right: 6px;">`,
              )
              .join('')}</p>`
          : ''
      }${
        item.approveUrl
          ? `\n      <p style="margin: 12px 0 0;"><a href="${escapeHtml(item.approveUrl)}" style="display: inline-block; background: #16a34a; color: #ffffff; padding: 8px 16px; border-radius: 6px; text-decoration: none; font-weight: bold;">Approve</a></p>`
          : ''
      }
    </div>`,
    )
    .join('\n');
  const html = htmlEmail(
    productName,
    `    <p>${escapeHtml(intro)}</p>
${cards}${more > 0 ? `\n    <p>And ${more} more.</p>` : ''}
${emailButton(dashboardLink, 'Open in dashboard')}
    <p style="font-size: 12px; color: #6b7280;">${escapeHtml(why.reason)} <a href="${escapeHtml(settingsLink)}" style="color: #6b7280;">${escapeHtml(why.action)}</a>.</p>`,
  );
  return { to: options.to, subject, text, html, messageId: options.messageId };
}
