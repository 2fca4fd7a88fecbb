import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { TOASTS } from '#contract/constants';
import { currentUserId, followSession } from '../lib/offline/offline-session';
import { OFFLINE_MAX_AGE_MS, createOfflinePersister, isOfflineReadable } from '../lib/offline/query-persistence';
import { startSession } from '../lib/session';
import { createQueryClient } from './query-client';
import { LazyToaster } from '../ui/Toasts';
import type { AppRouter } from './router';

export const queryClient = createQueryClient();
const persister = createOfflinePersister(() => currentUserId());
const persistOptions = {
  persister,
  maxAge: OFFLINE_MAX_AGE_MS,
  dehydrateOptions: { shouldDehydrateQuery: isOfflineReadable, shouldDehydrateMutation: () => false },
};

// From the start (before the first render): the saved pages and the outbox follow the session (the
// outbox joins when it loads, see offline-session.ts; the list sync starts in AppLayout).
followSession({ queryClient, removeSavedPages: () => Promise.resolve(persister.removeClient()) });

// The saved pages are for reading offline. Online, a restored page is shown only until it is read
// afresh: a reload must show what changed meanwhile (a moderator's decision, a new price), even
// when the copy was saved seconds ago and would count as fresh. What was read since the start, or
// is being read (a route asks for its page's data at once, router.tsx), is fresh already.
const startedAt = Date.now();
const refreshRestoredPages = () => {
  if (!onlineManager.isOnline()) return;
  void queryClient.invalidateQueries({ predicate: ({ state }) => state.dataUpdatedAt < startedAt && state.fetchStatus === 'idle' });
};

// Toasts open below the sticky nav bar (64 px high), so that they never cover its links.
const TOAST_OFFSET = { top: 72 };

export function App({ router }: { router: AppRouter }) {
  useEffect(() => startSession(), []);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={refreshRestoredPages}>
      <RouterProvider router={router} />
      <LazyToaster position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} richColors closeButton visibleToasts={TOASTS.max} duration={TOASTS.defaultMs} />
    </PersistQueryClientProvider>
  );
}
