// Offline data follows the session: a sign-in shows (and later sends) that user's pending writes;
// a logout wipes this device's offline data — the saved pages and the outbox — so the next person
// on the phone never reads the previous user's lists; an expired session forgets the saved pages
// but keeps the user's unsent writes, which are sent when the same user signs in again (and
// dropped if someone else does).
//
// This module starts with the app; the outbox (outbox-store.ts) does not: no page needs it to be
// shown, so it loads after the first screen, or with the lists screens that read it, and joins the
// session then (joinSession).
import type { QueryClient } from '@tanstack/react-query';
import { sessionStore, type SessionState } from '../session';
import { STORAGE_KEYS, readStorage } from '../storage-keys';
import { clearOfflineData } from './offline-db';

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

/** What the session needs of the outbox: whose entries it shows and sends, and forgetting them. */
export type SessionOutbox = { setUser(id: string | null, ready: boolean): Promise<void>; reset(): void };

let outbox: SessionOutbox | null = null;

const syncOutbox = (session: SessionState) => void outbox?.setUser(currentUserId(session), session.status === 'authenticated');

/** Called by the outbox as it loads: from then on, its user is the session's. */
export function joinSession(store: SessionOutbox): void {
  outbox = store;
  syncOutbox(sessionStore.get());
}

type Forget = { queryClient: QueryClient; removeSavedPages: () => Promise<void> };

/** Logout: every trace of the user's data on this device. */
export async function wipeOfflineData({ queryClient, removeSavedPages }: Forget): Promise<void> {
  // Not loaded yet on this page: loaded now, so that it stops and tells the other tabs too.
  (outbox ?? (await import('./outbox-store')).outboxStore).reset();
  queryClient.clear();
  await removeSavedPages();
  await clearOfflineData();
}

/** Starts following the session; returns the function that stops. */
export function followSession(forget: Forget): () => void {
  let previous = sessionStore.get();
  syncOutbox(previous);
  return sessionStore.subscribe(() => {
    const next = sessionStore.get();
    if (next.status === 'loggingOut' && previous.status !== 'loggingOut') void wipeOfflineData(forget);
    // Signed out (logout, or expiry): pages fetched meanwhile must not be shown to the next user.
    if (previous.user && !next.user) {
      forget.queryClient.clear();
      void forget.removeSavedPages();
    }
    if (next.status !== 'loggingOut') syncOutbox(next);
    previous = next;
  });
}
