// Where to go after signing in: back to the page the user asked for (a link to /deliveries, a
// session that expired on /profile?onglet=statistiques), carried in the login page's history state.
// It is only ever a path of this site and of the signed-in user's own space: an address from
// elsewhere ("//evil.example", "https://…", "/\evil") or a page of another role sends them home.
import type { UserType } from '#contract/constants';

/** The history state of the login page: `from` is the page that sent the user there. */
export type ReturnToState = { from?: unknown };

const MAX_LENGTH = 2000;
const SIGNED_OUT_PAGES = ['/login', '/register', '/forgot-password', '/reset-password', '/delivery-agent/login'];
// A made-up origin: anything that resolves elsewhere is not a path of this site.
const SITE = 'https://monpanier.invalid';

const within = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** The space a path of this site belongs to, or null for the signed-out pages. */
function spaceOf(pathname: string): UserType | null {
  if (SIGNED_OUT_PAGES.includes(pathname)) return null;
  if (within(pathname, '/admin')) return 'admin';
  if (within(pathname, '/delivery-agent')) return 'delivery_agent';
  return 'consumer';
}

/**
 * The path (with its query and fragment) to return to after signing in as `userType`, or null when
 * `target` is not a page of this site that this role may open.
 */
export function safeReturnPath(target: unknown, userType: UserType): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return null;
  // Only a path: "//host", "/\host" and control characters (a tab inside "/\t/host") would let a
  // browser read it as another site.
  if (!target.startsWith('/') || target.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  if (spaceOf(url.pathname) !== userType) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page that sent the user to the login page, when it is one to go back to. */
export function returnPathFrom(state: unknown, userType: UserType): string | null {
  return safeReturnPath((state as ReturnToState | null)?.from, userType);
}

/** The history state to give the login page, so that signing in leads back to `location`. */
export function returnToState(location: { pathname: string; search: string; hash?: string }): ReturnToState {
  return { from: `${location.pathname}${location.search}${location.hash ?? ''}` };
}
