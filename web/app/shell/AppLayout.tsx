import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { STORAGE_KEYS, readStorage } from '../../lib/storage-keys';
import { useIdle } from '../../ui/use-idle';
import { Footer } from './Footer';
import { OfflineIndicatorWhenIdle } from './OfflineIndicatorWhenIdle';

// The nav bar (with the bell and its push set-up) and the ad button are for signed-in users only:
// they load apart from the entry, so that the sign-in and public pages do not carry them.
const loadNavBar = () => import('./NavBar');
const NavBar = lazy(async () => ({ default: (await loadNavBar()).NavBar }));
const AdFloatingButton = lazy(async () => ({ default: (await import('../../features/ads/AdFloatingButton')).AdFloatingButton }));
/**
 * A session left by an earlier visit: the nav bar will be needed, load it with the page. Called
 * once the router has asked for the page's own scripts, so that those go first (the page shows
 * under the bar's placeholder; its data waits for its scripts, not for the bar's).
 */
export function preloadNavBar(): void {
  if (readStorage(STORAGE_KEYS.token)) void loadNavBar();
}

// The lists' writes kept for the network (the outbox) are sent once the page is shown: the sync
// loads then, once (a lists screen that queues a write before waits for it).
let listSync: Promise<void> | null = null;
const startListSync = (queryClient: QueryClient) => {
  listSync ??= import('../../features/lists/list-sync').then((m) => m.startListSync(queryClient));
};

/**
 * What comes once the page is shown: the list sync, and for consumers the ad button. A component of
 * its own, so that its arrival does not render the whole shell (nav bar and page) again.
 */
// Pages where the user reads or corrects rows at the bottom of the screen: the floating button would cover them.
const NO_AD_BUTTON = ['/contribute', '/commerce'];

function WhenIdle({ adButton }: { adButton: boolean }) {
  const queryClient = useQueryClient();
  const idle = useIdle();
  const { pathname } = useLocation();
  useEffect(() => {
    if (idle) startListSync(queryClient);
  }, [idle, queryClient]);
  if (!idle || !adButton || NO_AD_BUTTON.some((page) => pathname.startsWith(page))) return null;
  return (
    <Suspense fallback={null}>
      <AdFloatingButton />
    </Suspense>
  );
}

/** The signed-in shell: nav bar, the page, footer, and for consumers the ad manager's floating button. */
export function AppLayout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      {user && (
        // The placeholder has the bar's height, so that nothing moves when the bar arrives.
        <Suspense fallback={<div className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white/95" />}>
          <NavBar user={user} />
        </Suspense>
      )}
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
      <Footer />
      <OfflineIndicatorWhenIdle />
      {/* Room under the footer so that the floating button never hides its last line. */}
      {user?.user_type === 'consumer' && <div className="h-16 bg-white sm:h-20" aria-hidden="true" />}
      <WhenIdle adButton={user?.user_type === 'consumer'} />
    </div>
  );
}
