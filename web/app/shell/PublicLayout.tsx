import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { AppLayout } from './AppLayout';
import { Footer } from './Footer';

/** Pages open to visitors: the app shell when someone is signed in, a plain page otherwise. */
export function PublicLayout() {
  const { user, status } = useSession();
  if (user && status === 'authenticated') return <AppLayout />;
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
