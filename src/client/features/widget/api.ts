// Calls of the widget settings screen (docs/product/widget.md#calls): the owner's settings, the
// approved testimonials the preview shows, saving the whole form, and the
// embed codes the owner copied (GET/PUT /api/widget-snippets), so the screen
// can say when a settings change made the code on their site out of date.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WIDGET_PREVIEW_MAX_ITEMS } from '../../../shared/constants';
import type { WidgetSettings } from '../../../shared/schemas/widget';
import type { TestimonialList } from '../../../shared/schemas/testimonials';
import type { CopiedSnippetInput } from '../../../shared/schemas/widget-snippets';
import {
  getCopiedSnippets,
  recordCopiedSnippet,
  saveWidgetSettings,
} from '../../../shared/contracts/widget';
import { toast } from '../../components/ui/toast';
import { call, contractQuery } from '../../lib/api';
import { useBusiness } from '../../lib/session';
import { testimonialQueries } from '../../lib/testimonials';
import { widgetSettingsQueries } from '../../lib/widget-settings';

/** The owner's widget settings; only fetched once they have a business (docs/product/widget.md#calls). */
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
 * Up to 6 approved testimonials for the preview (docs/product/widget.md#widget-settings-screen): the dashboard
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

/** POST /api/widget-settings with the full form (docs/product/widget.md#calls), with the toasts of docs/product/messages.md#widget. */
export function useSaveWidgetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WidgetSettings) => call(saveWidgetSettings, { body: input }),
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

const copiedSnippetsQuery = contractQuery(getCopiedSnippets, {});
const copiedSnippetsKey = copiedSnippetsQuery.queryKey;

/** The last script tag and iframe code the owner copied, with the box height of each. */
export function useCopiedSnippets() {
  const business = useBusiness();
  return useQuery({
    ...copiedSnippetsQuery,
    enabled: Boolean(business.data),
    // A copy in another tab counts too.
    refetchOnMount: 'always',
  });
}

/**
 * Tells the server which code was just copied. The screen takes it as
 * remembered at once; if the server did not get it, a fresh read puts back
 * what it has (the copy itself worked: the clipboard holds the code).
 */
export function useRecordCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CopiedSnippetInput) => call(recordCopiedSnippet, { body: input }),
    onMutate: async ({ kind, height }) => {
      await queryClient.cancelQueries({ queryKey: copiedSnippetsKey });
      const copiedAt = new Date().toISOString();
      queryClient.setQueryData(copiedSnippetsKey, (known) => ({
        script: null,
        iframe: null,
        ...known,
        [kind]: { height, copiedAt },
      }));
    },
    onSuccess: (copies) => queryClient.setQueryData(copiedSnippetsKey, copies),
    onError: () => void queryClient.invalidateQueries({ queryKey: copiedSnippetsKey }),
  });
}
