// What the widget journeys (widget-*.spec.ts) share: a business whose widget
// mixes one long testimonial with five photos and a few short text-only ones
// (the case where a carousel as tall as its tallest card leaves big gaps),
// and a tiny "customer's website" on a second origin that serves given pages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import type { WidgetSettings } from '../src/shared/schemas/widget';
import { WIDGET_SETTINGS_DEFAULTS } from '../src/shared/widget-data';
import { expect } from './fixtures';
import { registerOwner, uploadPublic } from './helpers';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (see e2e/global-setup.ts)');
  return url;
}

export const LONG_TEXT = [
  'We hired them to redo our kitchen and I honestly cannot say enough good things.',
  'From the first visit they listened, measured twice, and came back with a plan that fit our budget and our very odd corner cabinet.',
  'The crew showed up on time every single morning, covered the floors, and cleaned up before they left so we could still cook dinner.',
  'When the tiles we picked turned out to be back-ordered they found a near-identical set the same afternoon instead of letting the job stall.',
  'The finished kitchen looks like the photos in a magazine, the drawers close softly, and the lighting under the cabinets is my favourite thing in the house.',
  'Three months later a hinge came loose and they fixed it the next day without charging a cent. We have already recommended them to our neighbours.',
].join(' ');

/** Typical short testimonials: a sentence or two, two lines on a phone. */
export const SHORT_TEXTS = [
  'Friendly crew and spotless work. We will call them again.',
  'Quick, careful and fairly priced. Highly recommended!',
  'They fixed our leaking tap the same day. Very happy.',
];

export type ShowcaseOwner = { api: APIRequestContext; slug: string };

/** Uploads a photo the way the public form does, for a submission; answers its reference. */
export type Upload = (
  purpose: 'product-image' | 'before-after-image',
  colour: string,
) => Promise<string>;

/** One submission of the public form (fields over rating 5 in Springfield), or one that uploads its photos first. */
export type Submission =
  Record<string, unknown> | ((upload: Upload) => Promise<Record<string, unknown>>);

/** The long testimonial with five photos: before, after and three product photos. */
export const PHOTO_SHOWCASE: Submission = async (upload) => ({
  authorName: 'Priya Natarajan',
  content: LONG_TEXT,
  beforeImageUrl: await upload('before-after-image', '#78716c'),
  afterImageUrl: await upload('before-after-image', '#16a34a'),
  productImageUrls: [
    await upload('product-image', '#db2777'),
    await upload('product-image', '#2563eb'),
    await upload('product-image', '#f59e0b'),
  ],
});

/** SHORT_TEXTS as submissions, rated 4 and 5. */
export const SHORT_SUBMISSIONS: Submission[] = SHORT_TEXTS.map((content, i) => ({
  authorName: ['Tom Becker', 'Ana Silva', 'Joe Park'][i],
  content,
  rating: 4 + (i % 2),
}));

/**
 * A paying owner whose widget shows `submissions`, all approved, in that
 * order of submission; `settings` are saved over the defaults.
 */
export async function createWidgetOwner(
  playwright: PlaywrightWorkerArgs['playwright'],
  businessName: string,
  submissions: Submission[],
  settings: Partial<WidgetSettings> = {},
): Promise<ShowcaseOwner> {
  const base = baseUrl();
  const newApi = () =>
    playwright.request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  const api = await newApi();
  const { slug } = await registerOwner(api, { businessName, emailPrefix: 'widget-cards' });
  const customer = await newApi();
  const upload: Upload = (purpose, colour) => uploadPublic(customer, slug, purpose, colour);
  const ids: string[] = [];
  for (const submission of submissions) {
    const data = typeof submission === 'function' ? await submission(upload) : submission;
    const response = await customer.post(`/api/submit/${slug}`, {
      data: { rating: 5, authorLocation: 'Springfield', website: '', ...data },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { testimonial: { id: string } }).testimonial.id);
  }
  for (const id of ids) {
    const response = await api.patch(`/api/testimonials/${id}`, { data: { status: 'approved' } });
    expect(response.status(), await response.text()).toBe(200);
  }
  const saved = await api.post('/api/widget-settings', {
    data: { ...WIDGET_SETTINGS_DEFAULTS, ...settings },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await customer.dispose();
  return { api, slug };
}

/**
 * A paying owner whose widget shows the long testimonial with five photos
 * (before, after and three product photos) and the SHORT_TEXTS, all approved;
 * `settings` are saved over the defaults.
 */
export const createShowcaseOwner = (
  playwright: PlaywrightWorkerArgs['playwright'],
  businessName: string,
  settings: Partial<WidgetSettings> = {},
): Promise<ShowcaseOwner> =>
  createWidgetOwner(playwright, businessName, [PHOTO_SHOWCASE, ...SHORT_SUBMISSIONS], settings);

/** A second origin serving `pages` (path -> HTML); anything else (a favicon) is an empty 204. */
export async function startHostSite(
  pages: Record<string, string>,
): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const html = pages[request.url ?? ''];
    if (html === undefined) response.writeHead(204).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A plain page of a customer's site with the widget's script tag in the middle. */
export const scriptHostPage = (slug: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A customer's site</title></head><body style="margin:0;font-family:sans-serif"><h1 style="margin:16px">Our work</h1><script src="${baseUrl()}/widget.js" data-widget="${slug}" async></script><p style="margin:16px">Call us any weekday.</p></body></html>`;
