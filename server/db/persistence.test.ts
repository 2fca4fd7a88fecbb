// Restarting keeps every row: start the real server process, write through the API, stop it with
// SIGTERM, start it again on the same data, read everything back.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropDatabase, requireTestDatabaseUrl, testDbKind, uniqueName, withAdminClient } from '../test/template-db';

type Server = { url: string; process: ChildProcess };

function startServer(env: Record<string, string>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /écoute sur (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve({ url: match[1], process: child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`le serveur s'est arrêté (code ${code}) :\n${output}`)));
  });
}

function stopServer(server: Server): Promise<number | null> {
  return new Promise((resolve) => {
    server.process.removeAllListeners('exit');
    server.process.on('exit', (code) => resolve(code));
    server.process.kill('SIGTERM');
  });
}

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> });

describe('restart keeps the data', () => {
  const env: Record<string, string> = {};
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const name = uniqueName('mp_restart');
      await withAdminClient((c) => c.query(`create database ${name}`));
      env.DATABASE_URL = databaseUrl(requireTestDatabaseUrl(), name);
      env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'monpanier-restart-'));
      cleanup = async () => {
        await dropDatabase(name);
        await rm(env.DATA_DIR, { recursive: true, force: true });
      };
    } else {
      env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'monpanier-restart-'));
      cleanup = () => rm(env.DATA_DIR, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  it('write, stop, start, read: the account, its profile, its session and the seed survive; nothing is seeded twice', async () => {
    const first = await startServer(env);
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
    expect(await stopServer(first)).toBe(0);

    const second = await startServer(env);
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
      await stopServer(second);
    }
  }, 180_000);
});
