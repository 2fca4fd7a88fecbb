// Restarting keeps every row: start the real server process, write through the API, stop it with
// SIGTERM, start it again on the same data, read everything back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerData, startServerProcess, stopServerProcess } from '../test/server-process';

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> });

describe('restart keeps the data', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ env, cleanup } = await freshServerData('restart'));
  });
  afterAll(() => cleanup?.());

  it('write, stop, start, read: the account, its profile, its session and the seed survive; nothing is seeded twice', async () => {
    const first = await startServerProcess(env);
    const register = await json(
      await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'persiste@exemple.ga', password: 'motdepasse1', full_name: 'Persis Tante', phone: '+241 06 00 00 01', country_region: 'Gabon', user_type: 'consumer' }),
      }),
    );
    expect(register.status).toBe(201);
    const token = register.body.access_token as string;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect((await fetch(`${first.url}/api/users/me/preferences`, { method: 'PUT', headers: auth, body: JSON.stringify({ location_sharing: true }) })).status).toBe(200);
    expect(await stopServerProcess(first)).toBe(0);

    const second = await startServerProcess(env);
    try {
      const me = await json(await fetch(`${second.url}/api/users/me`, { headers: auth }));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: 'persiste@exemple.ga', full_name: 'Persis Tante', preferences: { location_sharing: true } });
      const login = await json(await fetch(`${second.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'persiste@exemple.ga', password: 'motdepasse1' }) }));
      expect(login.status).toBe(200);
      const dashboard = await json(await fetch(`${second.url}/api/dashboard`, { headers: { authorization: `Bearer ${login.body.access_token}` } }));
      expect(dashboard.body.counters.shopping_lists).toBe(0);
      const demo = await json(await fetch(`${second.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@monpanier.ga', password: 'Demo2026!' }) }));
      const demoDashboard = await json(await fetch(`${second.url}/api/dashboard`, { headers: { authorization: `Bearer ${demo.body.access_token}` } }));
      expect(demoDashboard.body.counters.shopping_lists).toBe(1);
    } finally {
      await stopServerProcess(second);
    }
  }, 180_000);
});
