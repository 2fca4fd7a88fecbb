// The start-up check reads the user back from the server (confirmWithServer → updateUser): when
// nothing changed, the session must not change either — every screen reading it would render again
// while the first page renders.
import { describe, expect, it, vi } from 'vitest';
import type { LoginResponse, SessionUser } from '#contract/users';

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});
vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { pathname: '/dashboard', assign: () => undefined } }));

const { sessionStore, signIn, updateUser } = await import('./session');

const user = { id: 'u1', email: 'awa@exemple.ga', full_name: 'Awa', user_type: 'consumer', preferences: { contribute_in_store: false } } as unknown as SessionUser;
const login: LoginResponse = { access_token: 'token', token_type: 'bearer', expires_at: new Date(Date.now() + 3_600_000).toISOString(), user };

describe('updateUser', () => {
  it('keeps the session as it is when the server sends the same user, and changes it when the user changed', () => {
    signIn(login);
    const before = sessionStore.get();
    const changes = vi.fn();
    const stop = sessionStore.subscribe(changes);

    updateUser(structuredClone(user));
    expect(changes).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBe(before);

    updateUser({ full_name: 'Awa Nguema' });
    expect(changes).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().user?.full_name).toBe('Awa Nguema');
    stop();
  });
});
