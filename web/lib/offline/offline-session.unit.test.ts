// Logout wipes this device's offline data (the saved pages and the outbox), so that the next person
// on the phone never reads the previous user's lists; an expired session keeps the unsent changes
// for the same user, and another user signing in never sends them.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, SessionUser } from '#contract/users';

// The browser globals the session module touches (no DOM in unit tests).
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});
vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { pathname: '/shopping-lists', assign: () => undefined } }));
vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));

const { handleUnauthorized, logout, setNavigator, signIn } = await import('../session');
const { offlineDb } = await import('./offline-db');
const { outbox } = await import('./outbox');
const { outboxStore } = await import('./outbox-store');
const { createOfflinePersister } = await import('./query-persistence');
const { currentUserId, followSession } = await import('./offline-session');

function loginOf(id: string): LoginResponse {
  const user = { id, email: `${id}@exemple.ga`, full_name: id, user_type: 'consumer' } as SessionUser;
  return { access_token: `token-${id}`, token_type: 'bearer', expires_at: new Date(Date.now() + 3_600_000).toISOString(), user };
}

const queryClient = new QueryClient();
const persister = createOfflinePersister(() => currentUserId(), 0);
let stop: () => void;

beforeAll(() => {
  setNavigator(() => undefined);
  stop = followSession({ queryClient, removeSavedPages: async () => persister.removeClient() });
});
afterAll(() => stop());

async function leaveOfflineData(userId: string) {
  queryClient.setQueryData(['shopping-lists'], [{ id: 'l1', name: `Liste de ${userId}` }]);
  await (await offlineDb()).put('snapshots', { userId, savedAt: Date.now(), client: { lists: `de ${userId}` } }, 'query-cache');
  await outbox.add({ key: `k-${userId}`, userId, scope: 'l1', opensScope: false, method: 'POST', path: '/shopping-lists/l1/changes', body: {}, meta: {} });
}

async function offlineDataLeft() {
  const db = await offlineDb();
  return { outbox: await db.count('outbox'), snapshots: await db.count('snapshots'), cachedQueries: queryClient.getQueryCache().getAll().length };
}

/** followSession reacts to the session store; the IndexedDB work it starts finishes a moment later. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(await check()).toBe(true);
}

describe('offline data and the session', () => {
  it('logout clears the saved pages, the cache and the outbox', async () => {
    signIn(loginOf('alice'));
    await leaveOfflineData('alice');
    expect(await offlineDataLeft()).toEqual({ outbox: 1, snapshots: 1, cachedQueries: 1 });

    await logout();
    await eventually(async () => JSON.stringify(await offlineDataLeft()) === JSON.stringify({ outbox: 0, snapshots: 0, cachedQueries: 0 }));
    expect(outboxStore.get().entries).toEqual([]);
    // Whatever the saver still had in hand is not written for nobody.
    await persister.persistClient({ timestamp: Date.now(), buster: '', clientState: { queries: [], mutations: [] } });
    expect(await persister.restoreClient()).toBeUndefined();
  });

  it('an expired session forgets the pages but keeps the unsent changes for the same user only', async () => {
    signIn(loginOf('bob'));
    await leaveOfflineData('bob');
    handleUnauthorized();
    await eventually(async () => (await offlineDataLeft()).snapshots === 0);
    expect(await offlineDataLeft()).toEqual({ outbox: 1, snapshots: 0, cachedQueries: 0 });

    // Someone else signs in on this phone: Bob's changes are never sent as theirs, and are dropped.
    signIn(loginOf('carla'));
    await eventually(async () => (await offlineDb()).count('outbox').then((n) => n === 0));
  });

  it('saved pages are restored for their own user only', async () => {
    signIn(loginOf('dora'));
    await persister.persistClient({ timestamp: Date.now(), buster: '', clientState: { queries: [], mutations: [] } });
    await eventually(async () => (await offlineDb()).count('snapshots').then((n) => n === 1));
    expect(await persister.restoreClient()).toBeDefined();
    signIn(loginOf('eve'));
    expect(await persister.restoreClient()).toBeUndefined();
  });
});
