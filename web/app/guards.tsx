// Route guards (spec part 1 section 2): unauthenticated → /login (agent screens → agent login),
// which leads back to the page asked for once signed in; signed-in on /login or /register → that
// page or their home; an agent only gets the agent screens and a moderator only the moderation
// space (/admin).
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { fr } from '#contract/messages';
import { returnToState } from '../lib/return-to';
import { homePathFor, pathAfterSignIn, useSession } from '../lib/session';
import { PageLoader } from '../ui/Spinner';

/**
 * The session as the guards read it. When the start-up check ends (or the user signs in or out) a
 * guard swaps the loader for a whole page; read at once, that mount is one long task (a session
 * change renders synchronously), which on a cheap phone freezes the screen for a few hundred
 * milliseconds. Deferred, React renders the page in slices and the phone stays responsive.
 */
function useGuardSession() {
  return useDeferredValue(useSession());
}

function Waiting() {
  const { status } = useGuardSession();
  return <PageLoader label={status === 'loggingOut' ? fr.auth.loggingOut : fr.common.loading} />;
}

export function RequireConsumer({ children }: { children: ReactNode }) {
  const { status, user } = useGuardSession();
  const location = useLocation();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/login" replace state={returnToState(location)} />;
  if (user.user_type !== 'consumer') return <Navigate to={homePathFor(user)} replace />;
  return <>{children}</>;
}

export function RequireAgent({ children }: { children: ReactNode }) {
  const { status, user } = useGuardSession();
  const location = useLocation();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/delivery-agent/login" replace state={returnToState(location)} />;
  if (user.user_type !== 'delivery_agent') return <Navigate to={homePathFor(user)} replace />;
  return <>{children}</>;
}

/** The moderation space: moderators only; anyone else signed in goes to their own home. */
export function RequireModerator({ children }: { children: ReactNode }) {
  const { status, user } = useGuardSession();
  const location = useLocation();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/login" replace state={returnToState(location)} />;
  if (user.user_type !== 'admin') return <Navigate to={homePathFor(user)} replace />;
  return <>{children}</>;
}

/**
 * Login and register pages: a signed-in user is sent to the page that led there, or home. The
 * login form navigates to the same place, so whichever runs first, the user lands where they asked.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useGuardSession();
  const location = useLocation();
  if (status === 'loading') return <Waiting />;
  if (user && status === 'authenticated') return <Navigate to={pathAfterSignIn(user, location.state)} replace />;
  return <>{children}</>;
}

/** Public pages that also work signed in (demo, legal). Agents and moderators are kept to their space. */
export function PublicPage({ children }: { children: ReactNode }) {
  const { status, user } = useGuardSession();
  if (status === 'loading') return <Waiting />;
  if (user && user.user_type !== 'consumer') return <Navigate to={homePathFor(user)} replace />;
  return <>{children}</>;
}

/** Unknown addresses: login when signed out, their home for agents and moderators, a 404 page for consumers. */
export function UnknownRoute({ children }: { children: ReactNode }) {
  const { status, user } = useGuardSession();
  if (status === 'loading' || status === 'loggingOut') return <Waiting />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.user_type !== 'consumer') return <Navigate to={homePathFor(user)} replace />;
  return <>{children}</>;
}
