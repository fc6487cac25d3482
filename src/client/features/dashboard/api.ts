// What the dashboard reads (docs/product/testimonials.md#dashboard, docs/product/testimonials.md#calls): the stats, the newest
// testimonials, and the approved ones and the settings for the widget
// preview. All of them sit under the keys the moderation calls refresh after
// every change; the preview's entries are the ones /widget reads too.
import { useQuery } from '@tanstack/react-query';
import { RECENT_TESTIMONIALS_LIMIT } from '../../../shared/constants';
import { testimonialQueries } from '../../lib/testimonials';
import { widgetSettingsQueries } from '../../lib/widget-settings';

export function useTestimonialStats() {
  return useQuery(testimonialQueries.stats());
}

/** The newest testimonials, any status (the list is newest first). */
export function useRecentTestimonials() {
  return useQuery(testimonialQueries.list({ page: 1, pageSize: RECENT_TESTIMONIALS_LIMIT }));
}

/** What the widget shows: up to 6 approved testimonials, newest first. */
export function useApprovedTestimonials() {
  return useQuery(testimonialQueries.widgetPreview());
}

/** The owner's widget settings, for the preview (same entry as the Widget Settings screen). */
export function useWidgetSettingsForPreview() {
  return useQuery(widgetSettingsQueries.mine());
}
