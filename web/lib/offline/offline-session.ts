// Offline data follows the session: a sign-in shows (and later sends) that user's pending writes;
// a logout wipes this device's offline data — the saved pages and the outbox — so the next person
// on the phone never reads the previous user's lists; an expired session forgets the saved pages
// but keeps the user's unsent writes, which are sent when the same user signs in again (and
// dropped if someone else does).
import type { QueryClient } from '@tanstack/react-query';
import { sessionStore, type SessionState } from '../session';
import { STORAGE_KEYS, readStorage } from '../storage-keys';
import { clearOfflineData } from './offline-db';
import { outboxStore } from './outbox-store';

function storedUserId(): string | null {
  try {
    return (JSON.parse(readStorage(STORAGE_KEYS.user) ?? 'null') as { id?: string } | null)?.id ?? null;
  } catch {
    return null;
  }
}

/** The user whose offline data may be read or written now (during start-up: the stored one). */
export function currentUserId(session: SessionState = sessionStore.get()): string | null {
  if (session.status === 'loggingOut' || session.status === 'anonymous') return null;
  return session.user?.id ?? (session.status === 'loading' ? storedUserId() : null);
}

type Forget = { queryClient: QueryClient; removeSavedPages: () => Promise<void> };

/** Logout: every trace of the user's data on this device. */
export async function wipeOfflineData({ queryClient, removeSavedPages }: Forget): Promise<void> {
  outboxStore.reset();
  queryClient.clear();
  await removeSavedPages();
  await clearOfflineData();
}

/** Starts following the session; returns the function that stops. */
export function followSession(forget: Forget): () => void {
  let previous = sessionStore.get();
  const sync = (session: SessionState) => void outboxStore.setUser(currentUserId(session), session.status === 'authenticated');
  sync(previous);
  return sessionStore.subscribe(() => {
    const next = sessionStore.get();
    if (next.status === 'loggingOut' && previous.status !== 'loggingOut') void wipeOfflineData(forget);
    // Signed out (logout, or expiry): pages fetched meanwhile must not be shown to the next user.
    if (previous.user && !next.user) {
      forget.queryClient.clear();
      void forget.removeSavedPages();
    }
    if (next.status !== 'loggingOut') sync(next);
    previous = next;
  });
}
