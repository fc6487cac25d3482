// The Webhooks card's calls (docs/product/webhooks.md#the-webhooks-card): the endpoints (list, add, change events or
// enable, delete), a test event, and an endpoint's delivery log with Resend. Errors toast as every admin action does.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  sendWebhookTest,
  updateWebhook,
} from '../../../shared/contracts/webhooks';
import type { CreateWebhookInput, UpdateWebhookInput } from '../../../shared/schemas/webhooks';
import { useAdminActionError } from '../../components/moderation';
import { toast } from '../../components/ui/toast';
import { call, contractQuery, keyOf } from '../../lib/api';

const webhookQueries = {
  endpoints: () => contractQuery(listWebhooks, {}),
  deliveries: (id: string, page: number) =>
    contractQuery(listWebhookDeliveries, { params: { id }, query: { page } }),
};

export function useWebhooks() {
  return useQuery(webhookQueries.endpoints());
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({ ...webhookQueries.deliveries(id, page), placeholderData: keepPreviousData });
}

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey });
}

/** POST: the answer holds the secret, the only time it is sent; the caller shows it. Errors are the dialog's. */
export function useCreateWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => call(createWebhook, { body: input }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateWebhook() {
  const refresh = useRefreshEndpoints();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateWebhookInput }) =>
      call(updateWebhook, { params: { id }, body: input }),
    onSuccess: (endpoint, { input }) => {
      void refresh();
      if (input.status === 'active')
        toast({ title: 'Endpoint enabled', description: endpoint.url, variant: 'success' });
      else toast({ title: 'Events saved', variant: 'success' });
    },
    onError: (error) => reportError(error, 'Failed to change the endpoint'),
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshEndpoints();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (id: string) => call(deleteWebhook, { params: { id } }),
    onSuccess: () => {
      void refresh();
      toast({ title: 'Endpoint deleted', variant: 'success' });
    },
    onError: (error) => reportError(error, 'Failed to delete the endpoint'),
  });
}

export function useSendWebhookTest() {
  const refresh = useRefreshEndpoints();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (id: string) => call(sendWebhookTest, { params: { id } }),
    onSuccess: () => {
      toast({
        title: 'Test event queued',
        description: 'It is sent within a few seconds; see it in the delivery log.',
        variant: 'success',
      });
      void refresh();
    },
    onError: (error) => reportError(error, 'Failed to send a test event'),
  });
}

export function useResendWebhookDelivery(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshEndpoints();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (deliveryId: string) => call(resendWebhookDelivery, { params: { id, deliveryId } }),
    onSuccess: () => {
      toast({ title: 'Delivery queued again', variant: 'success' });
      // Every page of every log: the resent row moves in its own.
      void queryClient.invalidateQueries({ queryKey: keyOf(listWebhookDeliveries) });
      void refresh();
    },
    onError: (error) => reportError(error, 'Failed to resend the delivery'),
  });
}
