import { Outlet } from 'react-router';
import { AdFloatingButton } from '../../features/ads/AdFloatingButton';
import { useSession } from '../../lib/session';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** The signed-in shell: nav bar, the page, footer, and for consumers the ad manager's floating button. */
export function AppLayout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      {user && <NavBar user={user} />}
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
      <Footer />
      {user?.user_type === 'consumer' && (
        <>
          {/* Room under the footer so that the floating button never hides its last line. */}
          <div className="h-16 bg-white sm:h-20" aria-hidden="true" />
          <AdFloatingButton />
        </>
      )}
    </div>
  );
}
