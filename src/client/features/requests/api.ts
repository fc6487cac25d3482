// The calls of the Requests screen (docs/product/requests.md#the-requests-screen): the list with its
// totals, the check and the sending of a list, the message settings and
// their preview. A 401 from a change ends the session like any admin action;
// ACCESS_REQUIRED re-checks access in lib/query-client.ts.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BodyOf } from '../../../shared/contract';
import {
  checkRequests,
  createRequests,
  getRequestSettings,
  listRequests,
  previewRequestEmail,
  saveRequestSettings,
} from '../../../shared/contracts/requests';
import type {
  CreateRequestsInput,
  RequestCustomer,
  RequestSettings,
  RequestStatus,
} from '../../../shared/schemas/requests';
import { useAdminActionError } from '../../components/moderation';
import { toast } from '../../components/ui/toast';
import { call, contractQuery, getErrorMessage, keyOf } from '../../lib/api';
import { FAILURE, outcomeToast, SAVED_TOAST } from './texts';

export type RequestPreviewInput = BodyOf<typeof previewRequestEmail>;

export type ListFilter = { status?: RequestStatus; q?: string };

/** One list (status, search), page after page through `nextCursor`. */
export function useRequestList({ status, q }: ListFilter) {
  const query = { ...(status ? { status } : {}), ...(q ? { q } : {}) };
  return useInfiniteQuery({
    queryKey: keyOf(listRequests, { query }),
    queryFn: ({ pageParam, signal }) =>
      call(
        listRequests,
        { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Another filter or search keeps the list (and the search box) on screen while it loads.
    placeholderData: keepPreviousData,
  });
}

const settingsQuery = contractQuery(getRequestSettings, {});

export function useRequestSettings() {
  return useQuery(settingsQuery);
}

export function useSaveRequestSettings() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (settings: RequestSettings) => call(saveRequestSettings, { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      toast({ ...SAVED_TOAST, variant: 'success' });
    },
    onError: (error) => reportError(error, getErrorMessage(error, FAILURE.save)),
  });
}

/** What sending to this list would do; nothing is stored. */
export function useCheckRequests() {
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (customers: RequestCustomer[]) => call(checkRequests, { body: { customers } }),
    onError: (error) => reportError(error, getErrorMessage(error, FAILURE.check)),
  });
}

/** Queues the list, now or at `sendAt`; the toast says how many, and every list is read again. */
export function useCreateRequests() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (input: CreateRequestsInput) => call(createRequests, { body: input }),
    onSuccess: (outcomes, input) => {
      const queued = outcomes.customers.filter((outcome) => outcome.status === 'queued').length;
      const skipped = outcomes.customers.length - queued;
      toast({
        ...outcomeToast(queued, skipped, input.sendAt !== undefined),
        variant: queued > 0 ? 'success' : 'default',
      });
      void queryClient.invalidateQueries({ queryKey: [keyOf(listRequests)[0]] });
    },
    onError: (error) => reportError(error, getErrorMessage(error, FAILURE.send)),
  });
}

/** The email as a customer of this name would get it; null waits (the caller debounces, and holds back a message the server would refuse). */
export function useRequestPreview(input: RequestPreviewInput | null) {
  return useQuery({
    // A POST that changes nothing: its key is what it sends.
    queryKey: [keyOf(previewRequestEmail)[0], input] as const,
    queryFn: ({ signal }) =>
      call(previewRequestEmail, { body: input ?? { subject: '', body: '' } }, { signal }),
    enabled: input !== null,
    // The last preview stays while the next one loads, so the frame does not flash.
    placeholderData: (previous) => previous,
  });
}
