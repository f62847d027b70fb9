// Notification calls: the list, the header's recent list with the unread count, delete one, delete all, mark viewed.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints, type EndpointResponse } from '@registry/contracts';
import { callApi } from '../../lib/client';

export type Notification = EndpointResponse<typeof notificationEndpoints.list>['data'][number];
export type RecentNotifications = EndpointResponse<typeof notificationEndpoints.recent>;

export const notificationKeys = {
  all: ['notifications'] as const,
  recent: () => [...notificationKeys.all, 'recent'] as const,
  list: (page: number, pageSize: number) => [...notificationKeys.all, 'list', page, pageSize] as const,
};

export const recentNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.recent(),
    queryFn: () => callApi(notificationEndpoints.recent),
  });

export const fetchNotifications = (page: number, pageSize: number) =>
  callApi(notificationEndpoints.list, { query: { page, pageSize } });

/** Every notification query again (after a change here or news from the stream). */
export const refreshNotifications = (qc: ReturnType<typeof useQueryClient>) =>
  qc.invalidateQueries({ queryKey: notificationKeys.all });

export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(notificationEndpoints.delete, { params: { id } }),
    onSuccess: () => refreshNotifications(qc),
  });
}

export function useDeleteAllNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notificationEndpoints.deleteAll),
    onSuccess: () => refreshNotifications(qc),
  });
}

export function useMarkNotificationsViewed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notificationEndpoints.markViewed),
    onSuccess: (answer) =>
      qc.setQueryData<RecentNotifications>(notificationKeys.recent(), (old) =>
        old ? { ...old, unreadCount: answer.unreadCount } : old,
      ),
  });
}
