// What the dashboard reads (docs/product/testimonials.md#dashboard, docs/product/testimonials.md#calls): the stats, the newest
// testimonials, and the approved ones and the settings for the widget
// preview. All of them sit under the keys the moderation calls refresh after
// every change; the preview's entries are the ones /widget reads too. And the
// first-week checklist (docs/product/business.md#first-week-checklist), read
// again at every visit and after every moderation change. And the analytics of
// the last 7 days, for the summary card.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dismissChecklist } from '../../../shared/contracts/dashboard';
import { toast } from '../../components/ui/toast';
import { call } from '../../lib/api';
import { analyticsQueries, lastDays, useAnalyticsTimeZone } from '../../lib/analytics';
import { checklistQueries } from '../../lib/first-week';
import { RECENT_TESTIMONIALS_LIMIT } from '../../../shared/constants';
import { testimonialQueries } from '../../lib/testimonials';
import { widgetSettingsQueries } from '../../lib/widget-settings';

/** The days the dashboard's analytics summary covers. */
export const SUMMARY_DAYS = 7;

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

/**
 * The first-week checklist (docs/product/business.md#first-week-checklist), as the server counts it.
 * Read again at every visit: a form submission or the widget seen on another site checks a step
 * without the owner doing anything here. Moderation refreshes it too (`refreshTestimonials`).
 */
export function useChecklist() {
  return useQuery({ ...checklistQueries.mine(), refetchOnMount: 'always' });
}

/** Hides the checklist for good; the answer (hidden) replaces the cached one. */
export function useDismissChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dismissChecklist, {}),
    onSuccess: (checklist) => queryClient.setQueryData(checklistQueries.mine().queryKey, checklist),
    onError: () =>
      toast({
        title: 'Error',
        description: 'The checklist could not be hidden. Please try again.',
        variant: 'destructive',
      }),
  });
}

/** The last 7 days of analytics, up to today in the business's time zone (docs/product/analytics.md). */
export function useAnalyticsSummary() {
  const timeZone = useAnalyticsTimeZone();
  return useQuery({
    ...analyticsQueries.report(lastDays(SUMMARY_DAYS, timeZone.zone)),
    enabled: timeZone.known,
  });
}
