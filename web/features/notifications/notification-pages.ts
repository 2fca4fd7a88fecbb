// The panel's notifications: the list, paged by 10 and only fetched while the panel is open, and
// marking read.
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE } from '#contract/constants';
import type { NotificationList } from '#contract/notifications';
import { api } from '../../lib/api';
import { listKey, unreadKey } from './notification-queries';

export function useNotificationPages(enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: async ({ pageParam }) => {
      const page = await api.get<NotificationList>('/notifications', { query: { page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE } });
      client.setQueryData(unreadKey, page.unread_count);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    enabled,
    staleTime: 0,
    // Dropped when the panel closes, so opening it again starts from the first page.
    gcTime: 0,
  });
}

type Pages = InfiniteData<NotificationList, number>;

/** Marks read in the cache at once; the count never goes below 0. Errors are only logged (spec). */
export function useMarkRead() {
  const client = useQueryClient();
  const markInCache = (match: (id: string) => boolean) =>
    client.setQueryData<Pages>(listKey, (data) =>
      data && { ...data, pages: data.pages.map((p) => ({ ...p, notifications: p.notifications.map((n) => (match(n.id) ? { ...n, read: true } : n)) })) },
    );
  const one = useMutation({
    mutationFn: (id: string) => api.put<{ unread_count: number }>(`/notifications/${id}/read`),
    onMutate: (id) => {
      const wasUnread = client.getQueryData<Pages>(listKey)?.pages.some((p) => p.notifications.some((n) => n.id === id && !n.read));
      markInCache((n) => n === id);
      if (wasUnread) client.setQueryData<number>(unreadKey, (n) => Math.max(0, (n ?? 0) - 1));
    },
    onSuccess: (res) => client.setQueryData(unreadKey, Math.max(0, res.unread_count)),
    onError: (error) => console.error('Marquer comme lu', error),
  });
  const all = useMutation({
    mutationFn: () => api.put('/notifications/mark-all-read'),
    onMutate: () => {
      markInCache(() => true);
      client.setQueryData(unreadKey, 0);
    },
    onError: (error) => console.error('Tout marquer lu', error),
  });
  return { one, all };
}
