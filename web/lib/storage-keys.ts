// Browser-stored session items (spec part 1 section 3). Token and user also have a brand-prefixed copy.
export const STORAGE_KEYS = {
  token: 'token',
  brandToken: 'monpanier_token',
  user: 'user',
  brandUser: 'monpanier_user',
  sessionActive: 'session_active',
  sessionExpires: 'session_expires',
  lastActivity: 'last_activity',
  lastSessionRefresh: 'last_session_refresh',
  promoVisible: 'monpanier_promo_visible',
} as const;

const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.brandToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.brandUser,
  STORAGE_KEYS.sessionActive,
  STORAGE_KEYS.sessionExpires,
  STORAGE_KEYS.lastActivity,
  STORAGE_KEYS.lastSessionRefresh,
];

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the session still works for this page.
  }
}

export function clearSessionStorage(): void {
  for (const key of SESSION_KEYS) {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
  }
}
