// The words of the Analytics screen (docs/product/analytics.md#the-analytics-screen), written once: the screen and
// its tests use these.
import type { CollectionSource, WidgetInteraction } from '../../../shared/analytics';

export const SOURCE_LABEL: Record<CollectionSource, string> = {
  link: 'Link',
  qr: 'QR code',
  email: 'Email request',
  wall: 'Wall of Love page',
};

export const INTERACTION_LABEL: Record<WidgetInteraction, string> = {
  next: 'Next',
  previous: 'Previous',
  dot: 'Dot',
  pause: 'Pause/Play',
  read_more: 'Read more',
  photo: 'Photo opened',
  branding: 'Branding link',
  link: 'Card link',
};

export const TEXT = {
  pageTitle: 'Analytics',
  pageLead:
    'What visitors saw and did on your widget, and how many of them went on to send a testimonial.',
  rangeLabel: 'Range',
  custom: 'Custom',
  apply: 'Apply',
  download: 'Download CSV',
  loadWhat: 'your analytics',
  figuresLabel: 'Figures of the range',
  dailyTitle: 'Impressions and visitors',
  dailyTable: 'Impressions and unique visitors per day',
  funnelTitle: 'Collection funnel',
  funnelLead: 'From opening your form to an approved testimonial.',
  noneInRange: 'Nothing counted in these days.',
  noViewsTitle: 'No views yet',
  noViewsBody:
    'Figures appear here once your widget is on a site or your collection link is shared.',
  putWidget: 'Put the widget on your site',
  shareLink: 'Share your collection link',
};

/** "1 min 20 s", "45 s", "2 h 5 min": a time on screen. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 29, 2026": a day (YYYY-MM-DD) of the business's calendar. */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "Nov 1 – 30, 2026" and the like: the days a range covers. */
export function formatRange(from: string, to: string): string {
  return dayFormat.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}
