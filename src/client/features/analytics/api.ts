// What the Analytics screen reads (docs/product/analytics.md#the-analytics-screen): the report of a range. The
// figures of the range shown before stay on screen while another range loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '../../../shared/schemas/analytics';
import { analyticsQueries } from '../../lib/analytics';

export function useAnalyticsReport(range: AnalyticsRange, enabled: boolean) {
  return useQuery({
    ...analyticsQueries.report(range),
    enabled,
    placeholderData: keepPreviousData,
  });
}
