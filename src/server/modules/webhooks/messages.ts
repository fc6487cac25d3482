// What a delivery's body is (docs/product/webhooks.md#payload, #slack-and-discord): the Standard Webhooks event as
// it is, or, for a Slack or Discord URL, a chat message made from it: who, the stars, the text trimmed and a link to
// the dashboard. Written once when the event is queued, so every attempt sends the same body.
import { appPages } from '../../../shared/app-pages.js';
import { ratingStars } from '../../../shared/rating-stars.js';
import type { WebhookEventType, WebhookFormat } from '../../../shared/schemas/webhooks.js';

export type WebhookEvent = {
  type: WebhookEventType;
  /** ISO 8601: when it happened. */
  timestamp: string;
  data: Record<string, unknown>;
};

/** How much of a testimonial's text a chat message quotes. */
const QUOTE_LENGTH = 300;

const HEADLINES: Record<WebhookEventType, (name: string) => string> = {
  'testimonial.submitted': (name) => `New testimonial from ${name}`,
  'testimonial.approved': (name) => `Testimonial from ${name} approved`,
  'testimonial.updated': (name) => `Testimonial from ${name} updated`,
  'testimonial.deleted': (name) => `Testimonial from ${name} deleted`,
  'request.submitted': (name) => `${name} answered your testimonial request`,
};

type Summary = { headline: string; stars: string; quote: string; link: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function summaryOf(event: WebhookEvent, baseUrl: string): Summary {
  // request.submitted carries the testimonial beside the request; the others are the testimonial.
  const nested = event.data.testimonial;
  const testimonial =
    nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : event.data;
  const name = text(testimonial.authorName).trim() || 'a customer';
  const rating = typeof testimonial.rating === 'number' ? testimonial.rating : 0;
  const content = text(testimonial.content).replace(/\s+/g, ' ').trim();
  const quote =
    content.length > QUOTE_LENGTH ? `${content.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : content;
  const test = event.data.test === true ? '[Test] ' : '';
  return {
    headline: `${test}${HEADLINES[event.type](name)}`,
    stars: rating > 0 ? ratingStars(rating) : 'No rating',
    quote,
    link: `${baseUrl}${appPages.testimonials}`,
  };
}

/** Slack's mrkdwn needs these three escaped; everything else is literal. */
const slackEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slackMessage(summary: Summary) {
  const lines = [
    `*${slackEscape(summary.headline)}*`,
    summary.stars,
    ...(summary.quote ? [`>${slackEscape(summary.quote)}`] : []),
    `<${summary.link}|Open in dashboard>`,
  ];
  return {
    text: `${summary.headline}: ${summary.stars}`,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } }],
  };
}

function discordMessage(summary: Summary) {
  return {
    // A customer's text never pings anyone (@everyone, a role, a user).
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: summary.headline.slice(0, 256),
        url: summary.link,
        description: [summary.stars, summary.quote].filter(Boolean).join('\n'),
        color: 0xf59e0b,
      },
    ],
  };
}

/** The JSON sent to an endpoint of this format. */
export function deliveryBody(
  format: WebhookFormat,
  event: WebhookEvent,
  baseUrl: string,
): Record<string, unknown> {
  if (format === 'slack') return slackMessage(summaryOf(event, baseUrl));
  if (format === 'discord') return discordMessage(summaryOf(event, baseUrl));
  return event;
}
