// The cache keys of the notifications, apart from the push code (lib/push.ts) that the bell loads
// once the page is shown.

/** The cache key of the bell's queries, refreshed when a push arrives or a test is sent. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** The bell's unread count; pages whose data a notification announces refresh when it changes. */
export const UNREAD_COUNT_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const;
