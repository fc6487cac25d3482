// Calls of the widget settings screen (SPEC §7): the owner's settings, the
// approved testimonials the preview shows, and saving the whole form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WIDGET_PREVIEW_MAX_ITEMS } from '../../../shared/constants';
import type { WidgetSettings } from '../../../shared/schemas/widget';
import type { OwnerWidgetSettings } from '../../../shared/schemas/widget-settings';
import type { TestimonialList } from '../../../shared/schemas/testimonials';
import { toast } from '../../components/ui/toast';
import { apiRequest, throwIfResponseNotOk } from '../../lib/api';
import { useBusiness } from '../../lib/session';

export const widgetSettingsQueryKey = ['/api/widget-settings'] as const;

/** The owner's widget settings; only fetched once they have a business (SPEC §7). */
export function useWidgetSettings() {
  const business = useBusiness();
  return useQuery<OwnerWidgetSettings>({
    queryKey: widgetSettingsQueryKey,
    enabled: Boolean(business.data),
    // Other screens change settings too (the testimonial dialog's quick toggle):
    // the form must start from what is stored now, not from an old cache entry.
    refetchOnMount: 'always',
  });
}

const previewParams = { status: 'approved', pageSize: WIDGET_PREVIEW_MAX_ITEMS } as const;

/**
 * Up to 6 approved testimonials for the preview (SPEC §2). Keyed under
 * '/api/testimonials' so moderation's invalidations reach it too; refetched on
 * every visit because approvals happen on another screen.
 */
export function usePreviewTestimonials() {
  const business = useBusiness();
  return useQuery({
    queryKey: ['/api/testimonials', previewParams],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        status: previewParams.status,
        pageSize: String(previewParams.pageSize),
      });
      const response = await fetch(`/api/testimonials?${query}`, { credentials: 'include', signal });
      await throwIfResponseNotOk(response);
      return ((await response.json()) as TestimonialList).items.slice(0, WIDGET_PREVIEW_MAX_ITEMS);
    },
    enabled: Boolean(business.data),
    refetchOnMount: 'always',
  });
}

/** POST /api/widget-settings with the full form (SPEC §7), with the toasts of SPEC §8. */
export function useSaveWidgetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WidgetSettings) => {
      const response = await apiRequest('POST', widgetSettingsQueryKey[0], input);
      return (await response.json()) as OwnerWidgetSettings;
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(widgetSettingsQueryKey, settings);
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
