// Calls of the widget settings screen (SPEC §7): the owner's settings, the
// approved testimonials the preview shows, and saving the whole form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WIDGET_PREVIEW_MAX_ITEMS } from '../../../shared/constants';
import type { WidgetSettings } from '../../../shared/schemas/widget';
import type { TestimonialList } from '../../../shared/schemas/testimonials';
import type { OwnerWidgetSettings } from '../../../shared/schemas/widget-settings';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { useBusiness } from '../../lib/session';
import { testimonialQueries } from '../../lib/testimonials';
import { widgetSettingsQueries, widgetSettingsUrl } from '../../lib/widget-settings';

/** The owner's widget settings; only fetched once they have a business (SPEC §7). */
export function useWidgetSettings() {
  const business = useBusiness();
  return useQuery({
    ...widgetSettingsQueries.mine(),
    enabled: Boolean(business.data),
    // Other screens change settings too (the testimonial dialog's quick toggle):
    // the form must start from what is stored now, not from an old cache entry.
    refetchOnMount: 'always',
  });
}

// Module-level, so the selection is only redone when the list changes.
const previewItems = (list: TestimonialList) => list.items.slice(0, WIDGET_PREVIEW_MAX_ITEMS);

/**
 * Up to 6 approved testimonials for the preview (SPEC §2): the dashboard
 * preview's cache entry, so moderation's invalidations reach it too;
 * refetched on every visit because approvals happen on another screen.
 */
export function usePreviewTestimonials() {
  const business = useBusiness();
  return useQuery({
    ...testimonialQueries.widgetPreview(),
    select: previewItems,
    enabled: Boolean(business.data),
    refetchOnMount: 'always',
  });
}

/** POST /api/widget-settings with the full form (SPEC §7), with the toasts of SPEC §8. */
export function useSaveWidgetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WidgetSettings) => api.post<OwnerWidgetSettings>(widgetSettingsUrl, input),
    onSuccess: (settings) => {
      queryClient.setQueryData(widgetSettingsQueries.mine().queryKey, settings);
      toast({
        title: 'Widget settings saved',
        description: 'Sites that show your widget get the changes on their next page load.',
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to update widget settings',
        variant: 'destructive',
      });
    },
  });
}
