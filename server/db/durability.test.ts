// A killed server (SIGKILL: no shutdown, nothing flushed on the way out) loses no write it
// acknowledged. The real server process on a fresh database creates shopping lists through the API,
// several requests in flight; it is killed right after one of its answers, then started again on
// the same data: every list whose creation was answered 201 is there. On the embedded database the
// cluster comes from a build template, as after `npm start` (server/db/pglite-template.ts), with the
// memory settings of server/db/client.ts: they must keep this true (issue 17).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerData, type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { testDbKind } from '../test/template-db';
import { buildPgliteTemplate } from './pglite-template';

const LISTS = 60;
const IN_FLIGHT = 6;
const KILL_AFTER = 20;

type Outcome = { acknowledged: string[]; refused: string[]; cut: number; cutBeforeKill: number };

/** Creates LISTS lists, IN_FLIGHT at a time, and kills the server with SIGKILL once KILL_AFTER are acknowledged. */
async function writeUntilKilled(server: ServerProcess, token: string): Promise<Outcome> {
  const outcome: Outcome = { acknowledged: [], refused: [], cut: 0, cutBeforeKill: 0 };
  let next = 0;
  let killed = false;
  const create = async (name: string) => {
    try {
      const response = await fetch(`${server.url}/api/shopping-lists`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, items: [{ product_id: null, item_name: 'Pain', quantity: 1, is_manual_item: true }] }),
      });
      if (response.status !== 201) outcome.refused.push(`${name}: ${response.status}`);
      else outcome.acknowledged.push(name);
    } catch {
      // No answer: the process died with this request in flight (or before it was sent).
      outcome.cut += 1;
      if (!killed) outcome.cutBeforeKill += 1;
    }
    if (!killed && outcome.acknowledged.length >= KILL_AFTER) {
      killed = true;
      server.process.kill('SIGKILL');
    }
  };
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < LISTS) await create(`Liste tuée ${++next}`);
    }),
  );
  return outcome;
}

describe('kill -9 loses no acknowledged write', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let templateRoot: string | undefined;

  beforeAll(async () => {
    ({ env, cleanup } = await freshServerData('killed'));
    if (testDbKind() === 'pglite') {
      templateRoot = await mkdtemp(path.join(os.tmpdir(), 'monpanier-pglite-template-'));
      await buildPgliteTemplate(templateRoot);
      env.PGLITE_TEMPLATE_DIR = templateRoot;
    }
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
    if (templateRoot) await rm(templateRoot, { recursive: true, force: true });
  });

  it('every list answered 201 before the SIGKILL is there after the restart; the session too', async () => {
    const first = await startServerProcess(env);
    const register = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tue@exemple.ga', password: 'motdepasse1', full_name: 'Kil Neuf', phone: '+241 06 00 00 09', country_region: 'Gabon', user_type: 'consumer' }),
    });
    expect(register.status).toBe(201);
    const token = ((await register.json()) as { access_token: string }).access_token;

    const outcome = await writeUntilKilled(first, token);
    expect(await stopServerProcess(first, 'SIGKILL')).toBeNull(); // killed, not exited
    expect(outcome.refused).toEqual([]);
    expect(outcome.cutBeforeKill).toBe(0);
    expect(outcome.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(outcome.cut).toBeGreaterThan(0); // the kill came with writes still to send or in flight

    const second = await startServerProcess(env);
    try {
      const response = await fetch(`${second.url}/api/shopping-lists`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const names = ((await response.json()) as { name: string }[]).map((list) => list.name);
      expect(names).toEqual(expect.arrayContaining(outcome.acknowledged));
    } finally {
      await stopServerProcess(second);
    }
  }, 180_000);
});
