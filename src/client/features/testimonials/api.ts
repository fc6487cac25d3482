// Calls of the testimonials screen (SPEC §7): the list, edit, delete, bulk
// actions, the image calls of the edit dialog and the "Show business name in
// widget" quick setting, with the toasts of SPEC §8. The status change shared
// with the dashboard lives in components/moderation.ts.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  BulkTestimonialsResult,
  Testimonial,
  TestimonialEditForm,
} from '../../../shared/schemas/testimonials';
import type { OwnerWidgetSettings } from '../../../shared/schemas/widget-settings';
import { moderationSuccess, useAdminActionError } from '../../components/moderation';
import { isSessionEndedError, useSessionEnded } from '../../components/session-expired';
import { toast } from '../../components/ui/toast';
import {
  editCachedLists,
  refreshTestimonials,
  restoreLists,
  sendJson,
  testimonialListQueryOptions,
  testimonialUrl,
  withStatus,
  without,
  type TestimonialListParams,
} from '../../lib/testimonials';
import { UploadError, uploadImage, uploadMessages } from '../../lib/uploads';

export function useTestimonialList(params: TestimonialListParams) {
  // Keep the last page on screen while the next filter, search or page loads.
  return useQuery({ ...testimonialListQueryOptions(params), placeholderData: keepPreviousData });
}

/** Puts `changes` into the testimonial wherever a cached list holds it (image calls answer only paths). */
async function patchCachedTestimonial(
  queryClient: QueryClient,
  id: string,
  changes: Partial<Testimonial>,
): Promise<void> {
  await editCachedLists(queryClient, (list) => ({
    ...list,
    items: list.items.map((item) => (item.id === id ? { ...item, ...changes } : item)),
  }));
}

export function useUpdateTestimonial() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: TestimonialEditForm }) =>
      sendJson<Testimonial>('PATCH', testimonialUrl(id), values),
    onSuccess: async (testimonial) => {
      await patchCachedTestimonial(queryClient, testimonial.id, testimonial);
      moderationSuccess('Testimonial updated successfully');
    },
    onError: (error) => reportError(error, 'Failed to update testimonial'),
    onSettled: () => refreshTestimonials(queryClient),
  });
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (id: string) => sendJson<{ deleted: 1 }>('DELETE', testimonialUrl(id)),
    onSuccess: async (_result, id) => {
      await editCachedLists(queryClient, (list) => without(list, new Set([id])));
      moderationSuccess('Testimonial deleted successfully');
    },
    onError: (error) => reportError(error, 'Failed to delete testimonial'),
    onSettled: () => refreshTestimonials(queryClient),
  });
}

export type BulkAction = 'approve' | 'reject' | 'delete';

const bulkWords: Record<BulkAction, { done: string; failure: string }> = {
  approve: { done: 'approved', failure: 'Failed to approve testimonials' },
  reject: { done: 'rejected', failure: 'Failed to reject testimonials' },
  delete: { done: 'deleted', failure: 'Failed to delete testimonials' },
};

const countOf = (n: number) => (n === 1 ? '1 testimonial' : `${n} testimonials`);

/** Approve, reject or delete the selected testimonials in one call (one transaction on the server). */
export function useBulkTestimonials() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      sendJson<BulkTestimonialsResult>('POST', '/api/testimonials/bulk', { action, ids }),
    onMutate: async ({ action, ids }) => {
      if (action === 'delete') return { snapshot: undefined };
      const status = action === 'approve' ? 'approved' : 'rejected';
      return {
        snapshot: await editCachedLists(queryClient, (list, filter) =>
          withStatus(list, filter, new Set(ids), status),
        ),
      };
    },
    onSuccess: async (result, { action, ids }) => {
      if (action === 'delete') await editCachedLists(queryClient, (list) => without(list, new Set(ids)));
      const n = 'deleted' in result ? result.deleted : result.updated;
      moderationSuccess(`${countOf(n)} ${bulkWords[action].done} successfully`);
    },
    onError: (error, { action }, context) => {
      restoreLists(queryClient, context?.snapshot);
      reportError(error, bulkWords[action].failure);
    },
    onSettled: () => refreshTestimonials(queryClient),
  });
}

// ---------------------------------------------------------------------------
// Image calls of the edit dialog. Each answers the testimonial's new image
// state; the dialog shows it and the cached lists take it too.

export type TestimonialImages = Pick<
  Testimonial,
  'authorImageUrl' | 'productImageUrls' | 'beforeImageUrl' | 'afterImageUrl'
>;

/** Reports a failed image call: the session flow on a 401, the file check's own reason, else SPEC §8's words. */
function useImageError() {
  const endSession = useSessionEnded();
  return (error: unknown, message: string) => {
    if (isSessionEndedError(error)) {
      endSession('admin-action');
      return;
    }
    if (error instanceof UploadError && error.aborted) return;
    const reason =
      error instanceof UploadError && error.message !== uploadMessages.failed ? error.message : null;
    toast(
      reason
        ? { title: message, description: reason, variant: 'destructive' }
        : { title: 'Error', description: message, variant: 'destructive' },
    );
  };
}

function useImageMutation<Input>({
  id,
  run,
  failure,
  onImages,
}: {
  id: string;
  run: (input: Input) => Promise<Partial<TestimonialImages>>;
  failure: (input: Input) => string;
  onImages: (images: Partial<TestimonialImages>) => void;
}) {
  const queryClient = useQueryClient();
  const reportError = useImageError();
  return useMutation({
    mutationFn: run,
    onSuccess: async (images) => {
      onImages(images);
      await patchCachedTestimonial(queryClient, id, images);
    },
    onError: (error, input) => reportError(error, failure(input)),
    onSettled: () => refreshTestimonials(queryClient),
  });
}

type ImageCallbacks = { id: string; onImages: (images: Partial<TestimonialImages>) => void };

/** A new author photo (File), or null to remove it. */
export function useAuthorImage({ id, onImages }: ImageCallbacks) {
  return useImageMutation<File | null>({
    id,
    onImages,
    run: async (file) => {
      if (!file) {
        const testimonial = await sendJson<Testimonial>('PATCH', testimonialUrl(id), {
          authorImageUrl: null,
        });
        return { authorImageUrl: testimonial.authorImageUrl };
      }
      const { ref } = await uploadImage(file, 'author-image');
      const { imagePath } = await sendJson<{ imagePath: string }>(
        'PUT',
        `${testimonialUrl(id)}/author-image`,
        { authorImageURL: ref },
      );
      return { authorImageUrl: imagePath };
    },
    failure: (file) => (file ? 'Failed to upload author image' : 'Failed to update testimonial'),
  });
}

/** Uploads the files and appends them (the server keeps at most 5 in all). */
export function useAddProductImages({ id, onImages }: ImageCallbacks) {
  return useImageMutation<File[]>({
    id,
    onImages,
    run: async (files) => {
      const uploaded = await Promise.all(files.map((file) => uploadImage(file, 'product-image')));
      const { imagePaths } = await sendJson<{ imagePaths: string[] }>(
        'PUT',
        `${testimonialUrl(id)}/product-images`,
        { productImageURLs: uploaded.map(({ ref }) => ref) },
      );
      return { productImageUrls: imagePaths };
    },
    failure: () => 'Failed to upload product image',
  });
}

export function useRemoveProductImage({ id, onImages }: ImageCallbacks) {
  return useImageMutation<string>({
    id,
    onImages,
    run: async (imageUrl) => {
      const { imagePaths } = await sendJson<{ imagePaths: string[] }>(
        'DELETE',
        `${testimonialUrl(id)}/product-images`,
        { imageUrl },
      );
      return { productImageUrls: imagePaths };
    },
    failure: () => 'Failed to remove product image',
  });
}

export type BeforeAfterChange = { side: 'before' | 'after'; file: File | null };

/** Sets (a File) or removes (null) one side of the before/after pair; the other side is kept. */
export function useBeforeAfterImage({ id, onImages }: ImageCallbacks) {
  return useImageMutation<BeforeAfterChange>({
    id,
    onImages,
    run: async ({ side, file }) => {
      const ref = file ? (await uploadImage(file, 'before-after-image')).ref : null;
      const body = side === 'before' ? { beforeImageURL: ref } : { afterImageURL: ref };
      const result = await sendJson<{ beforeImagePath: string | null; afterImagePath: string | null }>(
        'PUT',
        `${testimonialUrl(id)}/before-after-images`,
        body,
      );
      return { beforeImageUrl: result.beforeImagePath, afterImageUrl: result.afterImagePath };
    },
    failure: ({ side, file }) =>
      `Failed to ${file ? 'upload' : 'remove'} ${side} image`,
  });
}

// ---------------------------------------------------------------------------
// The "Show business name in widget" quick setting.

export const widgetSettingsQueryKey = ['/api/widget-settings'] as const;

export function useWidgetSettings(enabled: boolean) {
  // The app's default fetcher GETs the key's path.
  return useQuery<OwnerWidgetSettings>({ queryKey: widgetSettingsQueryKey, enabled });
}

export function useShowBusinessName() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (showBusinessName: boolean) =>
      sendJson<OwnerWidgetSettings>('PUT', widgetSettingsQueryKey[0], { showBusinessName }),
    onMutate: async (showBusinessName) => {
      await queryClient.cancelQueries({ queryKey: widgetSettingsQueryKey });
      const previous = queryClient.getQueryData<OwnerWidgetSettings>(widgetSettingsQueryKey);
      if (previous) {
        queryClient.setQueryData(widgetSettingsQueryKey, { ...previous, showBusinessName });
      }
      return { previous };
    },
    onSuccess: (settings) => queryClient.setQueryData(widgetSettingsQueryKey, settings),
    onError: (error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(widgetSettingsQueryKey, context.previous);
      reportError(error, 'Failed to update display settings');
    },
  });
}
