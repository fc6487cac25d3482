// Calls of the testimonials screen (docs/product/testimonials.md#calls): the list, edit, delete, bulk
// actions, the image calls of the edit dialog and the "Show business name in
// widget" quick setting, with the toasts of docs/product/messages.md#testimonials. The status change shared
// with the dashboard lives in components/moderation.ts.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  addProductImages,
  bulkTestimonials,
  deleteBurstPending,
  deleteTestimonial,
  removeProductImage,
  setAuthorImage,
  setBeforeAfterImages,
  updateTestimonial,
} from '../../../shared/contracts/testimonials';
import type { Testimonial, TestimonialEditForm } from '../../../shared/schemas/testimonials';
import { moderationSuccess, useAdminActionError } from '../../components/moderation';
import { isSessionEndedError, useSessionEnded } from '../../components/session-expired';
import { toast } from '../../components/ui/toast';
import { call } from '../../lib/api';
import {
  editCachedLists,
  refreshTestimonials,
  restoreLists,
  testimonialQueries,
  withStatus,
  without,
  type TestimonialListParams,
} from '../../lib/testimonials';
import { UploadError, uploadImage, uploadMessages } from '../../lib/uploads';
import { widgetSettingsQueries } from '../../lib/widget-settings';
import { setWidgetQuickToggle } from '../../../shared/contracts/widget';

export function useTestimonialList(params: TestimonialListParams) {
  // Keep the last page on screen while the next filter, search or page loads.
  return useQuery({ ...testimonialQueries.list(params), placeholderData: keepPreviousData });
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
      call(updateTestimonial, { params: { id }, body: values }),
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
    mutationFn: (id: string) => call(deleteTestimonial, { params: { id } }),
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
      call(bulkTestimonials, { body: { action, ids } }),
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
      if (action === 'delete')
        await editCachedLists(queryClient, (list) => without(list, new Set(ids)));
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
// Bursts of submissions (docs/decisions/0022): the notice, and deleting a burst's pending rows.

export function useSubmissionBursts() {
  return useQuery(testimonialQueries.bursts());
}

export function useDeleteBurstPending() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (burstId: string) => call(deleteBurstPending, { params: { id: burstId } }),
    onSuccess: ({ deleted }) => moderationSuccess(`${countOf(deleted)} deleted successfully`),
    onError: (error) => reportError(error, bulkWords.delete.failure),
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

/** Reports a failed image call: the session flow on a 401, the file check's own reason, else the words of docs/product/messages.md#testimonials. */
function useImageError() {
  const endSession = useSessionEnded();
  return (error: unknown, message: string) => {
    if (isSessionEndedError(error)) {
      endSession('admin-action');
      return;
    }
    if (error instanceof UploadError && error.aborted) return;
    const reason =
      error instanceof UploadError && error.message !== uploadMessages.failed
        ? error.message
        : null;
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
        const testimonial = await call(updateTestimonial, {
          params: { id },
          body: { authorImageUrl: null },
        });
        return { authorImageUrl: testimonial.authorImageUrl };
      }
      const { ref } = await uploadImage(file, 'author-image');
      const { imagePath } = await call(setAuthorImage, {
        params: { id },
        body: { authorImageURL: ref },
      });
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
      const { imagePaths } = await call(addProductImages, {
        params: { id },
        body: { productImageURLs: uploaded.map(({ ref }) => ref) },
      });
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
      const { imagePaths } = await call(removeProductImage, {
        params: { id },
        body: { imageUrl },
      });
      return { productImageUrls: imagePaths };
    },
    failure: () => 'Failed to remove product image',
  });
}

export type PairSide = 'before' | 'after';

/**
 * One call for the before/after pair: a File replaces a side, null removes it,
 * a side left out is kept. `side` is the one the owner just changed, named if
 * the call fails. The server refuses a change that leaves one photo alone.
 */
export type BeforeAfterChange = { side: PairSide; files: Partial<Record<PairSide, File | null>> };

export function useBeforeAfterImages({ id, onImages }: ImageCallbacks) {
  return useImageMutation<BeforeAfterChange>({
    id,
    onImages,
    run: async ({ files }) => {
      const refOf = async (file: File | null | undefined) =>
        file ? (await uploadImage(file, 'before-after-image')).ref : file;
      const [beforeImageURL, afterImageURL] = await Promise.all([
        refOf(files.before),
        refOf(files.after),
      ]);
      const result = await call(setBeforeAfterImages, {
        params: { id },
        body: { beforeImageURL, afterImageURL },
      });
      return { beforeImageUrl: result.beforeImagePath, afterImageUrl: result.afterImagePath };
    },
    failure: ({ side, files }) => `Failed to ${files[side] ? 'upload' : 'remove'} ${side} image`,
  });
}

// ---------------------------------------------------------------------------
// The "Show business name in widget" quick setting.

/** The owner's widget settings, read by the dialog's toggle (the same cache entry as every other screen's). */
export function useWidgetSettings(enabled: boolean) {
  return useQuery({ ...widgetSettingsQueries.mine(), enabled });
}

export function useShowBusinessName() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  const { queryKey } = widgetSettingsQueries.mine();
  return useMutation({
    mutationFn: (showBusinessName: boolean) =>
      call(setWidgetQuickToggle, { body: { showBusinessName } }),
    onMutate: async (showBusinessName) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, showBusinessName });
      return { previous };
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
    onError: (error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      reportError(error, 'Failed to update display settings');
    },
  });
}
