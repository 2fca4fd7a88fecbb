import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { TOASTS } from '#contract/constants';
import { ApiError } from '../lib/api';
import { setNavigator, startSession } from '../lib/session';
import { dialogHistory } from '../ui/dialog-history';
import { LazyToaster } from '../ui/Toasts';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry only what may succeed later: network failures and server errors, not 4xx answers.
      retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
  },
});

setNavigator((to, state) => void router.navigate(to, { replace: true, state }));
// Dialogs close on Back; set up now so that an entry left by a reload with a dialog open is cleared.
dialogHistory();

// Toasts open below the sticky nav bar (64 px high), so that they never cover its links.
const TOAST_OFFSET = { top: 72 };

export function App() {
  useEffect(() => startSession(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LazyToaster position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} richColors closeButton visibleToasts={TOASTS.max} duration={TOASTS.defaultMs} />
    </QueryClientProvider>
  );
}
