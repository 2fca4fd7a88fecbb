// The bell's server state. The unread count is polled (and refreshed at once when a push arrives);
// the list, paged by 10 and only fetched while the panel is open, is in notification-pages.ts (it
// loads with the panel).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { NOTIFICATIONS_QUERY_KEY, UNREAD_COUNT_QUERY_KEY } from '../../lib/notification-keys';

/** Polling period of the badge: a cheap indexed count, so 20 s is affordable for every open tab. */
export const BADGE_POLL_MS = 20_000;

export const unreadKey = UNREAD_COUNT_QUERY_KEY;
export const listKey = [...NOTIFICATIONS_QUERY_KEY, 'list'] as const;

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: () => api.get<{ unread_count: number }>('/notifications/unread-count').then((r) => r.unread_count),
    refetchInterval: BADGE_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}

export function useRefreshNotifications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
}
