// Route guards (spec part 1 section 2): unauthenticated → /login (agent screens → agent login);
// signed-in on /login or /register → their home; an agent only gets the agent screens.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fr } from '#contract/messages';
import { homePathFor, useSession } from '../lib/session';
import { PageLoader } from '../ui/Spinner';

function Waiting() {
  const { status } = useSession();
  return <PageLoader label={status === 'loggingOut' ? fr.auth.loggingOut : fr.common.loading} />;
}

export function RequireConsumer({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (user.user_type === 'delivery_agent') return <Navigate to="/delivery-agent/dashboard" replace />;
  return <>{children}</>;
}

export function RequireAgent({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/delivery-agent/login" replace />;
  if (user.user_type !== 'delivery_agent') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** Login and register pages: a signed-in user is sent home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <Waiting />;
  if (user && status === 'authenticated') return <Navigate to={homePathFor(user)} replace />;
  return <>{children}</>;
}

/** Public pages that also work signed in (demo, legal). An agent is still kept to the agent space. */
export function PublicPage({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <Waiting />;
  if (user?.user_type === 'delivery_agent') return <Navigate to="/delivery-agent/dashboard" replace />;
  return <>{children}</>;
}

/** Unknown addresses: login when signed out, the agent dashboard for agents, a 404 page for consumers. */
export function UnknownRoute({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.user_type === 'delivery_agent') return <Navigate to="/delivery-agent/dashboard" replace />;
  return <>{children}</>;
}
