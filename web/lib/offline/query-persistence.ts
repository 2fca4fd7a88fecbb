// Pages readable offline: chosen queries of the TanStack Query cache are saved to IndexedDB and
// restored at start, so a page visited online shows the same data offline, with the time it was
// fetched (dataUpdatedAt) to mark it "peut-être plus à jour".
//
// Why the query cache and not Workbox runtime caching of GET /api: (1) the last optimisation of a
// list is the answer to a POST (/api/shopping/optimize), which the Cache API cannot key; (2) the
// app must know a page shows old data and from when (the cache knows dataUpdatedAt; a response
// served by the service worker looks fresh); (3) personal answers are `Cache-Control: no-store` and
// belong to one user: the saved cache is tagged with its user, never restored for another, and
// wiped at logout, which an HTTP cache keyed by URL could not promise; (4) the lists' pending
// changes are applied on top of the cached lists, in the same place.
import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { offlineDb } from './offline-db';

/** Query roots saved for offline reading (personal ones are wiped at logout). */
export const OFFLINE_QUERY_ROOTS = ['shopping-lists', 'products', 'dashboard', 'last-optimisation'] as const;
/** How long a saved page stays readable offline. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** The catalogue is large: only the most recently read pages and products are kept. */
const MAX_SAVED_QUERIES = 120;
const SNAPSHOT_KEY = 'query-cache';

export function isOfflineReadable(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && (OFFLINE_QUERY_ROOTS as readonly unknown[]).includes(query.queryKey[0]);
}

function newestFirst(client: PersistedClient): PersistedClient {
  const queries = [...client.clientState.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, MAX_SAVED_QUERIES);
  return { ...client, clientState: { ...client.clientState, queries, mutations: [] } };
}

/**
 * Saves the cache of the user `currentUserId()` names (nothing when nobody is signed in), at most
 * once every `saveDelayMs` and at once when the page is left or hidden; restores it only for that
 * same user.
 */
export function createOfflinePersister(currentUserId: () => string | null, saveDelayMs = 1000): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | null = null;

  const save = async () => {
    timer = undefined;
    const client = latest;
    const userId = currentUserId();
    latest = null;
    if (!client || !userId) return;
    const db = await offlineDb();
    await db.put('snapshots', { userId, savedAt: Date.now(), client: newestFirst(client) }, SNAPSHOT_KEY);
  };

  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void save().catch(() => undefined);
  };
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && saveNow());
  }

  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => void save().catch(() => undefined), saveDelayMs);
    },
    async restoreClient() {
      const userId = currentUserId();
      if (!userId) return undefined;
      const saved = await (await offlineDb()).get('snapshots', SNAPSHOT_KEY);
      return saved?.userId === userId ? (saved.client as PersistedClient) : undefined;
    },
    async removeClient() {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
      await (await offlineDb()).delete('snapshots', SNAPSHOT_KEY);
    },
  };
}
