// What the dashboard reads (SPEC §2 "Dashboard", §7): the stats, the newest
// testimonials and the approved ones for the widget preview. All of them sit
// under the keys the moderation calls refresh after every change.
import { useQuery } from '@tanstack/react-query';
import {
  RECENT_TESTIMONIALS_LIMIT,
  WIDGET_PREVIEW_MAX_ITEMS,
} from '../../../shared/constants';
import type { OwnerWidgetSettings } from '../../../shared/schemas/widget-settings';
import { testimonialListQueryOptions, testimonialStatsQueryOptions } from '../../lib/testimonials';

export function useTestimonialStats() {
  return useQuery(testimonialStatsQueryOptions);
}

/** The newest testimonials, any status (the list is newest first). */
export function useRecentTestimonials() {
  return useQuery(testimonialListQueryOptions({ page: 1, pageSize: RECENT_TESTIMONIALS_LIMIT }));
}

/** What the widget shows: up to 6 approved testimonials, newest first. */
export function useApprovedTestimonials() {
  return useQuery(
    testimonialListQueryOptions({ status: 'approved', page: 1, pageSize: WIDGET_PREVIEW_MAX_ITEMS }),
  );
}

/** The owner's widget settings, for the preview (same key as the Widget Settings screen). */
export function useWidgetSettingsForPreview() {
  // The app's default fetcher GETs the key's path.
  return useQuery<OwnerWidgetSettings>({ queryKey: ['/api/widget-settings'] });
}
