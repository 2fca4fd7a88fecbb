// The browser side of a session (spec part 1 section 4), on top of the real server session:
// restore from storage, validate, refresh within the grace hour, activity-triggered refresh,
// proactive refresh before API calls, 401 → sign out, logout with a toast and a delayed redirect.
import { useSyncExternalStore } from 'react';
import { SESSION } from '#contract/constants';
import { fr } from '#contract/messages';
import type { LoginResponse, SessionUser } from '#contract/users';
import { notifyError, notifySuccess } from './notify';
import { pendingPhoneCode } from './pending-phone-code';
import { returnPathFrom, returnToState } from './return-to';
import { STORAGE_KEYS, clearSessionStorage, readStorage, writeStorage } from './storage-keys';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'loggingOut';
export type SessionState = { status: SessionStatus; user: SessionUser | null; token: string | null; expiresAt: number | null };

// Start-up timings of the specification: restore after ~100 ms, validate ~100 ms later, loading ends ~500 ms after.
const RESTORE_DELAY_MS = 100;
const VALIDATE_DELAY_MS = 100;
const LOADING_TAIL_MS = 500;
const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart'] as const;

let state: SessionState = { status: 'loading', user: null, token: null, expiresAt: null };
const listeners = new Set<() => void>();
let navigate: (to: string, state?: unknown) => void = (to) => window.location.assign(to);
let refreshInFlight: Promise<boolean> | null = null;
let activityTimer: ReturnType<typeof setTimeout> | undefined;
let heartbeat: ReturnType<typeof setInterval> | undefined;
let lastActivityWrite = 0;

function setState(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** Lets the router do in-app navigation (with a history state) for redirects that start outside React. */
export function setNavigator(fn: (to: string, state?: unknown) => void) {
  navigate = fn;
}

export function loginPathFor(user: Pick<SessionUser, 'user_type'> | null): string {
  return user?.user_type === 'delivery_agent' ? '/delivery-agent/login' : '/login';
}

const HOME_PATHS: Record<SessionUser['user_type'], string> = { consumer: '/dashboard', delivery_agent: '/delivery-agent/dashboard', admin: '/admin' };

export function homePathFor(user: Pick<SessionUser, 'user_type'> | null): string {
  return user ? HOME_PATHS[user.user_type] : '/dashboard';
}

/**
 * After signing in: the page the login page was sent from (`state.from`) when it is allowed, else home;
 * right after registering, a consumer types the SMS code first (/verify-phone), then goes there.
 */
export function pathAfterSignIn(user: Pick<SessionUser, 'user_type'> & { phone_verified?: boolean }, loginState: unknown): string {
  const target = returnPathFrom(loginState, user.user_type) ?? homePathFor(user);
  if (user.user_type === 'consumer' && user.phone_verified === false && pendingPhoneCode.peek()) return `/verify-phone?next=${encodeURIComponent(target)}`;
  return target;
}

// ---------------------------------------------------------------- storage

function persist(token: string, user: SessionUser, expiresAt: string) {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.brandToken, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  writeStorage(STORAGE_KEYS.brandUser, JSON.stringify(user));
  writeStorage(STORAGE_KEYS.sessionActive, 'true');
  writeStorage(STORAGE_KEYS.sessionExpires, expiresAt);
  writeStorage(STORAGE_KEYS.lastActivity, new Date().toISOString());
}

function readStoredUser(): SessionUser | null {
  const raw = readStorage(STORAGE_KEYS.user) ?? readStorage(STORAGE_KEYS.brandUser);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

const timeOf = (key: string) => {
  const value = readStorage(key);
  const time = value ? new Date(value).getTime() : Number.NaN;
  return Number.isNaN(time) ? null : time;
};

// ---------------------------------------------------------------- start-up

/** Runs the start-up sequence once; returns a cleanup for the timers and listeners. */
export function startSession(): () => void {
  const timers = [
    setTimeout(() => {
      restore();
      timers.push(
        setTimeout(() => {
          void validate().finally(() => {
            timers.push(setTimeout(finishLoading, LOADING_TAIL_MS));
          });
        }, VALIDATE_DELAY_MS),
      );
    }, RESTORE_DELAY_MS),
  ];
  return () => {
    timers.forEach(clearTimeout);
    stopTracking();
  };
}

// A call made in the first instants of the app (a page that loads its data at once) waits for the
// stored session to be read, so that it is sent signed in: what the server answers may depend on who
// asks (a newcomer's own products waiting for confirmation).
let markRestored: () => void = () => {};
const restored = new Promise<void>((resolve) => (markRestored = resolve));
/** Resolves once the stored session has been read (at once when it already was or nothing will read it). */
export const whenSessionRestored = (maxWaitMs = 1000): Promise<void> =>
  state.status !== 'loading' ? Promise.resolve() : Promise.race([restored, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);

function restore() {
  markRestored();
  const token = readStorage(STORAGE_KEYS.token) ?? readStorage(STORAGE_KEYS.brandToken);
  const user = readStoredUser();
  if (token && user) setState({ token, user, expiresAt: timeOf(STORAGE_KEYS.sessionExpires) });
}

/** Invalid without token, user or session_active; logged out past the grace hour; refreshed within it. */
async function validate(): Promise<boolean> {
  const active = readStorage(STORAGE_KEYS.sessionActive) === 'true';
  if (!state.token || !state.user || !active) {
    endSession();
    return false;
  }
  const expiresAt = timeOf(STORAGE_KEYS.sessionExpires) ?? 0;
  const now = Date.now();
  if (now > expiresAt + SESSION.graceMs) {
    endSession();
    return false;
  }
  if (now > expiresAt) return refresh({ force: true });
  return true;
}

function finishLoading() {
  if (state.status !== 'loading') return;
  if (state.token && state.user) {
    setState({ status: 'authenticated' });
    startTracking();
    void confirmWithServer();
  } else {
    setState({ status: 'anonymous' });
  }
}

// The stored session might have been revoked elsewhere (logout on another device, password change).
async function confirmWithServer() {
  const token = state.token;
  if (!token) return;
  try {
    const res = await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    if (res.status === 401) return handleUnauthorized();
    if (res.ok) updateUser((await res.json()) as SessionUser);
  } catch {
    // Offline: keep the local session, the next call will tell.
  }
}

// ---------------------------------------------------------------- sign-in, refresh

export function signIn(response: LoginResponse) {
  persist(response.access_token, response.user, response.expires_at);
  writeStorage(STORAGE_KEYS.lastSessionRefresh, new Date().toISOString());
  setState({ status: 'authenticated', token: response.access_token, user: response.user, expiresAt: new Date(response.expires_at).getTime() });
  startTracking();
}

export function updateUser(user: Partial<SessionUser>) {
  if (!state.user) return;
  const merged = { ...state.user, ...user };
  // The start-up check usually reads back the same user: no change, no re-render of every screen
  // that reads the session (it would come while the first page renders, and redo its render).
  if (JSON.stringify(merged) === JSON.stringify(state.user)) return;
  writeStorage(STORAGE_KEYS.user, JSON.stringify(merged));
  writeStorage(STORAGE_KEYS.brandUser, JSON.stringify(merged));
  setState({ user: merged });
}

/**
 * Sets the expiry 24 h ahead on the server. Under 5 minutes after the last refresh only the last
 * activity is updated. Fails without a user or token; a 401 ends the session.
 */
export function refresh({ force = false } = {}): Promise<boolean> {
  if (!state.user || !state.token) return Promise.resolve(false);
  const last = timeOf(STORAGE_KEYS.lastSessionRefresh);
  if (!force && last !== null && Date.now() - last < SESSION.refreshThrottleMs) {
    writeStorage(STORAGE_KEYS.lastActivity, new Date().toISOString());
    return Promise.resolve(true);
  }
  refreshInFlight ??= (async () => {
    try {
      const res = await fetch('/api/auth/refresh', { method: 'POST', headers: { authorization: `Bearer ${state.token}` } });
      if (res.status === 401) {
        handleUnauthorized();
        return false;
      }
      if (!res.ok) return false;
      const body = (await res.json()) as LoginResponse;
      persist(body.access_token, body.user, body.expires_at);
      writeStorage(STORAGE_KEYS.lastSessionRefresh, new Date().toISOString());
      setState({ token: body.access_token, user: body.user, expiresAt: new Date(body.expires_at).getTime() });
      return true;
    } catch {
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/** Before an authenticated call: refresh first when the expiry is within the hour. */
export async function ensureFreshSession(): Promise<string | null> {
  await whenSessionRestored();
  if (state.token && state.expiresAt !== null && state.expiresAt - Date.now() < SESSION.proactiveRefreshWindowMs) {
    await refresh();
  }
  return state.token;
}

// ---------------------------------------------------------------- activity and heartbeat

function onActivity() {
  const now = Date.now();
  if (now - lastActivityWrite > 1000) {
    lastActivityWrite = now;
    writeStorage(STORAGE_KEYS.lastActivity, new Date(now).toISOString());
  }
  activityTimer ??= setTimeout(() => {
    activityTimer = undefined;
    void validate().then((valid) => valid && refresh());
  }, SESSION.activityCheckDelayMs);
}

function startTracking() {
  stopTracking();
  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
  // The heartbeat notices an expiry while the user is idle.
  heartbeat = setInterval(() => {
    if (state.status !== 'authenticated') return;
    const expiresAt = state.expiresAt ?? 0;
    if (Date.now() > expiresAt + SESSION.graceMs) handleUnauthorized();
    else if (expiresAt - Date.now() < SESSION.proactiveRefreshWindowMs) void refresh();
  }, SESSION.heartbeatMs);
}

function stopTracking() {
  for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
  if (activityTimer) clearTimeout(activityTimer);
  activityTimer = undefined;
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = undefined;
}

// ---------------------------------------------------------------- sign-out

function endSession() {
  clearSessionStorage();
  stopTracking();
  setState({ status: state.status === 'loading' ? 'loading' : 'anonymous', token: null, user: null, expiresAt: null });
}

/** A 401 from an authenticated call: sign out and go to the login page of the user's kind, which leads back here. */
export function handleUnauthorized() {
  if (state.status === 'loggingOut' || (!state.token && state.status === 'anonymous')) return;
  const loginPath = loginPathFor(state.user);
  const wasSignedIn = state.status === 'authenticated';
  endSession();
  setState({ status: 'anonymous' });
  if (wasSignedIn) notifyError(fr.auth.sessionExpired);
  if (window.location.pathname !== loginPath) navigate(loginPath, returnToState(window.location));
}

/** Ends the server session, clears storage, shows 'Déconnexion réussie' and redirects after 1 s. */
export async function logout(): Promise<void> {
  const { token, user } = state;
  const loginPath = loginPathFor(user);
  setState({ status: 'loggingOut' });
  stopTracking();
  clearSessionStorage();
  if (token) {
    await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
  }
  notifySuccess(fr.auth.logoutSuccess);
  setTimeout(() => {
    setState({ status: 'anonymous', token: null, user: null, expiresAt: null });
    navigate(loginPath);
  }, SESSION.logoutRedirectDelayMs);
}
