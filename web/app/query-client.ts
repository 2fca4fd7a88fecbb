// The app's one TanStack Query client and its defaults.
//
// Mutations run at once, online or not (networkMode 'always'): offline, they fail straight away
// with the French "no connection" message. With TanStack's default ('online') a mutation started
// offline is PAUSED and silently run when the connection returns — that is how a list deleted
// offline, then cancelled by the user, was deleted anyway on reconnection, and how a "Dupliquer"
// clicked offline fired later on a list that no longer existed. Writes that should wait for the
// network go through the outbox instead (web/lib/offline), which replays them on purpose, in order,
// each once (Idempotency-Key), and tells the user.
//
// Queries keep the default ('online'): offline they pause and the page shows the data saved for
// offline reading (query-persistence.ts) rather than an error. The queries saved for offline are
// kept in memory as long as they may be restored.
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { OFFLINE_MAX_AGE_MS, OFFLINE_QUERY_ROOTS } from '../lib/offline/query-persistence';

export function createQueryClient(): QueryClient {
  // TanStack assumes it is online at start and learns only from later 'online'/'offline' events: a
  // page loaded offline would fetch, fail and show an error instead of the data saved for offline.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retry only what may succeed later: network failures and server errors, not 4xx answers.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
  for (const root of OFFLINE_QUERY_ROOTS) client.setQueryDefaults([root], { gcTime: OFFLINE_MAX_AGE_MS });
  return client;
}
