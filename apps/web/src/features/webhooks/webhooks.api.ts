// Webhook calls (issue 42): a group's subscriptions, create (the secret answered once), update, delete, the delivery
// log, replay and test ping.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpoints, type EndpointInput, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type Webhook = EndpointResponse<typeof webhookEndpoints.list>['data'][number];
export type WebhookDelivery = EndpointResponse<typeof webhookEndpoints.deliveries>['data'][number];
export type WebhookCreate = EndpointInput<typeof webhookEndpoints.create>['body'];

const webhookKeys = {
  all: ['webhooks'] as const,
  ofGroup: (groupId: number) => [...webhookKeys.all, 'group', groupId] as const,
  deliveries: (id: number, page: number) => [...webhookKeys.all, 'deliveries', id, page] as const,
};

export const groupWebhooksQuery = (groupId: number) =>
  queryOptions({
    queryKey: webhookKeys.ofGroup(groupId),
    queryFn: () => callApi(webhookEndpoints.list, { query: { groupId, page: 1, pageSize: 200 } }),
  });

export const deliveriesQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: () => callApi(webhookEndpoints.deliveries, { params: { id }, query: { page, pageSize: 25 } }),
  });

function useWebhookMutation<T, R>(call: (input: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookCreate) => callApi(webhookEndpoints.create, { body }));
export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => callApi(webhookEndpoints.delete, { params: { id } }));
export const usePingWebhook = () =>
  useWebhookMutation((id: number) => callApi(webhookEndpoints.ping, { params: { id } }));
export const useReplayDelivery = () =>
  useWebhookMutation((input: { id: number; deliveryId: number }) =>
    callApi(webhookEndpoints.replay, { params: input }),
  );
