// Issue 27, finding 2: PostgreSQL may drop a connection at any time (a restart, a failover, an
// operator's pg_terminate_backend). The requests that were using it fail with a French 503, the others
// go on, the process never sees an unhandled 'error' (vitest fails the run on one), and the next
// requests open new connections. PostgreSQL only: PGlite has no connection to lose.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../test/harness';
import { testDbKind } from '../test/template-db';

let ctx: TestContext;
let alice: SignedIn;

beforeAll(async () => {
  if (testDbKind() !== 'postgres') return;
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
});

afterAll(async () => {
  await ctx?.close();
});

/** Terminates every backend of the app's database but the caller's own, every `everyMs`, until stopped. */
function terminateBackendsRepeatedly(url: string, everyMs: number) {
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => {});
  let stopped = false;
  let terminated = 0;
  const running = (async () => {
    await admin.connect();
    while (!stopped) {
      const { rows } = await admin.query<{ ok: boolean }>('select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      terminated += rows.filter((r) => r.ok).length;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await admin.end();
  })();
  return {
    stop: async () => {
      stopped = true;
      await running;
      return terminated;
    },
  };
}

describe.runIf(testDbKind() === 'postgres')('a PostgreSQL connection lost under load', () => {
  it('fails only the requests that used it, with a French 503; the process lives and the next requests work', async () => {
    const killer = terminateBackendsRepeatedly(ctx.database.url!, 40);
    const statuses: number[] = [];
    const failures: { code: string; detail: string }[] = [];
    const writer = async (n: number) => {
      for (let i = 0; i < 6; i++) {
        const write = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: bearer(alice.access_token), payload: { name: `Liste ${n}-${i}`, items: [{ name: 'Riz', quantity: 1 }] } });
        const read = await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: bearer(alice.access_token) });
        for (const res of [write, read]) {
          statuses.push(res.statusCode);
          if (res.statusCode >= 500) failures.push(res.json());
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(writer));
    const terminated = await killer.stop();

    expect(terminated).toBeGreaterThan(0);
    expect(new Set(statuses.filter((s) => ![200, 201].includes(s)))).toEqual(new Set(failures.length ? [503] : []));
    for (const failure of failures) expect(failure).toEqual({ code: 'DATABASE_UNAVAILABLE', detail: fr.operations.databaseLost });

    // Afterwards every request works again, on new connections.
    const after = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: bearer(alice.access_token), payload: { name: 'Après la coupure', items: [{ name: 'Sucre', quantity: 2 }] } });
    expect(after.statusCode, after.body).toBe(201);
    const lists = await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: bearer(alice.access_token) });
    expect(lists.statusCode).toBe(200);
    expect(lists.body).toContain('Après la coupure');
  }, 120_000);
});
