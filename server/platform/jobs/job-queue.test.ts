// The job queue on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): two
// workers — on PostgreSQL, two connection pools, as two processes would have — share one `jobs`
// table. Each test uses job names of its own; the app of the test context runs its own queue beside.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import type { Db } from '../../db/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { queryRows } from '../sql-rows';
import { createJobQueue, type JobQueue } from './job-queue';
import { slotKey, slotStart } from './schedule';

let ctx: TestContext;
let otherDb: Db;
let closeOther: () => Promise<void> = async () => {};

beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.database.kind === 'postgres') {
    const second = await openDatabase({ kind: 'postgres', url: ctx.database.url!, poolSize: 3 });
    otherDb = second.db;
    closeOther = second.close;
  } else {
    otherDb = ctx.db; // PGlite is one process: the two workers share its one connection
  }
});
afterAll(async () => {
  await closeOther();
  await ctx.close();
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** The queues' clock: still unless a test moves it (the app's test clock runs with real time). */
let time = Date.parse('2026-11-27T08:00:00Z');
const clock = { now: () => new Date(time), advance: (ms: number) => void (time += ms) };
let names = 0;
const uniqueName = (what: string) => `test-${what}-${++names}-${Math.random().toString(36).slice(2, 7)}`;

function queue(db: Db, workerId: string, options: { leaseMs?: number; schedules?: boolean } = {}): JobQueue {
  return createJobQueue({ db, now: clock.now, log: silent, workerId, schedules: options.schedules ?? false, leaseMs: options.leaseMs, pollMs: 20 });
}

type JobState = { status: string; attempts: number; run_at: Date | string; locked_by: string | null };
const rowsOf = (name: string) => queryRows<JobState>(ctx.db, sql`select status, attempts, run_at, locked_by from jobs where name = ${name} order by id`);

/** A promise and the function that settles it: the test awaits what a handler does. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('job queue', () => {
  it('runs each job once with two workers taking jobs at the same time, and a job enqueued by both once', async () => {
    const name = uniqueName('once');
    const runs = new Map<string, string[]>();
    const total = 31;
    const allDone = signal();
    // Each worker's jobs wait until the other has started one too: both must be taking jobs at once.
    const startedBy = { a: signal(), b: signal() };
    const handler = (worker: 'a' | 'b') => async (job: { payload: unknown }) => {
      startedBy[worker].resolve();
      await startedBy[worker === 'a' ? 'b' : 'a'].promise;
      const key = (job.payload as { key: string }).key;
      runs.set(key, [...(runs.get(key) ?? []), worker]);
      if ([...runs.values()].reduce((n, r) => n + r.length, 0) >= total) allDone.resolve();
    };
    const a = queue(ctx.db, 'worker-a');
    const b = queue(otherDb, 'worker-b');
    a.define(name, handler('a'));
    b.define(name, handler('b'));
    for (let i = 0; i < 15; i++) {
      await a.enqueue(name, { key: `a${i}` });
      await b.enqueue(name, { key: `b${i}` });
    }
    // The same job asked by both instances (one key while it is kept).
    expect(await a.enqueue(name, { key: 'both' }, { onceKey: `${name}:both` })).toBe(true);
    expect(await b.enqueue(name, { key: 'both' }, { onceKey: `${name}:both` })).toBe(false);

    a.start();
    b.start();
    await allDone.promise;
    await Promise.all([a.stop(5000), b.stop(5000)]);

    expect(runs.size).toBe(total);
    for (const [key, workers] of runs) expect(workers, key).toHaveLength(1);
    // Both workers took some (the point of two), and nothing is left but the kept once-key row.
    const byWorker = [...runs.values()].flat();
    expect(byWorker).toContain('a');
    expect(byWorker).toContain('b');
    expect((await rowsOf(name)).map((r) => r.status)).toEqual(['done']);
  });

  it('keeps at most one waiting job per waiting key, and a kick during a run adds the next run', async () => {
    const name = uniqueName('waiting');
    const a = queue(ctx.db, 'worker-a');
    const started = signal();
    const release = signal();
    let runs = 0;
    a.define(name, async () => {
      runs += 1;
      if (runs === 1) {
        started.resolve();
        await release.promise;
      }
    });
    expect(await a.enqueue(name, {}, { waiting: true })).toBe(true);
    expect(await a.enqueue(name, {}, { waiting: true })).toBe(false);
    expect(await rowsOf(name)).toHaveLength(1);

    const first = a.runDue();
    await started.promise;
    // The first run has its rows in hand: a write now must get a run of its own.
    expect(await a.enqueue(name, {}, { waiting: true })).toBe(true);
    release.resolve();
    expect(await first).toBe(2); // runDue runs until nothing is due: the second run too
    expect(runs).toBe(2);
    expect(await rowsOf(name)).toHaveLength(0);
  });

  it('retries a failing job after an exponential back-off, up to its max attempts', async () => {
    const name = uniqueName('retry');
    const a = queue(ctx.db, 'worker-a');
    let calls = 0;
    a.define(
      name,
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`panne ${calls}`);
      },
      { backoffMs: 1000, maxAttempts: 5 },
    );
    await a.enqueue(name);
    expect(await a.runDue()).toBe(1); // attempt 1 fails: next in 1 s
    expect((await rowsOf(name))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    clock.advance(999);
    expect(await a.runDue()).toBe(0);
    clock.advance(1);
    expect(await a.runDue()).toBe(1); // attempt 2 fails: next in 2 s
    clock.advance(1999);
    expect(await a.runDue()).toBe(0);
    clock.advance(1);
    expect(await a.runDue()).toBe(1); // attempt 3 succeeds
    expect(calls).toBe(3);
    expect(await rowsOf(name)).toHaveLength(0);

    const hopeless = uniqueName('hopeless');
    let tries = 0;
    a.define(
      hopeless,
      async () => {
        tries += 1;
        throw new Error('toujours en panne');
      },
      { backoffMs: 10, maxAttempts: 2 },
    );
    await a.enqueue(hopeless);
    await a.runDue();
    clock.advance(10);
    await a.runDue();
    clock.advance(60_000);
    expect(await a.runDue()).toBe(0);
    expect(tries).toBe(2);
    expect((await rowsOf(hopeless))[0]).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('gives the job of a worker that died to another when its lease expires, and the dead one can change nothing after', async () => {
    const name = uniqueName('lease');
    const started = signal();
    const never = signal();
    const dying = queue(ctx.db, 'worker-dying', { leaseMs: 30_000 });
    dying.define(name, async () => {
      started.resolve();
      await never.promise; // stands for a process killed in the middle of the job: no end, no lease renewal
    });
    const survivor = queue(otherDb, 'worker-survivor', { leaseMs: 30_000 });
    let finishedBySurvivor = 0;
    survivor.define(name, async () => {
      finishedBySurvivor += 1;
    });
    await dying.enqueue(name);
    const dyingRun = dying.runDue();
    await started.promise;
    expect((await rowsOf(name))[0]).toMatchObject({ status: 'running', locked_by: 'worker-dying', attempts: 1 });

    expect(await survivor.runDue()).toBe(0); // the lease still holds
    clock.advance(30_000);
    expect(await survivor.runDue()).toBe(1);
    expect(finishedBySurvivor).toBe(1);
    expect(await rowsOf(name)).toHaveLength(0);

    // The "dead" worker wakes up: its late end changes nothing (the job is someone else's now).
    never.resolve();
    await dyingRun;
    expect(await rowsOf(name)).toHaveLength(0);
  });

  it('fails a job whose worker died on each of its attempts', async () => {
    const name = uniqueName('crashing');
    const a = queue(ctx.db, 'worker-a', { leaseMs: 1000 });
    a.define(name, async () => {}, { maxAttempts: 1 });
    // A row as a worker that died on the last attempt leaves it.
    await ctx.db.execute(
      sql`insert into jobs (name, status, attempts, max_attempts, locked_by, locked_until) values (${name}, 'running', 1, 1, 'worker-gone', ${clock.now()})`,
    );
    clock.advance(1);
    expect(await a.runDue()).toBe(0);
    expect((await rowsOf(name))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('runs a periodic pass once per slot with two instances, the first slot after its start delay', async () => {
    const name = uniqueName('periodic');
    const everyMs = 60_000;
    const runs: string[] = [];
    const a = queue(ctx.db, 'instance-a', { schedules: true });
    const b = queue(otherDb, 'instance-b', { schedules: true });
    for (const [instance, q] of [['a', a], ['b', b]] as const) {
      q.define(name, async () => void runs.push(instance));
      q.schedule(name, { everyMs, firstRunDelayMs: 5000 });
    }
    // Both instances start within the same slot: one job, not before the delay.
    await Promise.all([a.enqueueDueSlots(), b.enqueueDueSlots()]);
    expect(await rowsOf(name)).toHaveLength(1);
    expect((await Promise.all([a.runDue(), b.runDue()])).reduce((x, y) => x + y)).toBe(0);
    clock.advance(5000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(1);

    // Later in the same slot: nothing more.
    await Promise.all([a.enqueueDueSlots(), b.enqueueDueSlots()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(1);

    // The next slots: one run each, whichever instance takes it.
    for (let slot = 2; slot <= 3; slot++) {
      clock.advance(everyMs);
      await Promise.all([a.enqueueDueSlots(), b.enqueueDueSlots()]);
      await Promise.all([a.runDue(), b.runDue()]);
      expect(runs).toHaveLength(slot);
    }
    const kept = await queryRows<{ once_key: string }>(ctx.db, sql`select once_key from jobs where name = ${name} order by id`);
    expect(kept.map((k) => k.once_key).at(-1)).toBe(slotKey(name, slotStart(clock.now(), everyMs)));
  });

  it('stop() waits for the running job within its bound and takes no new one', async () => {
    const name = uniqueName('drain');
    const a = queue(ctx.db, 'worker-a');
    const started = signal();
    const release = signal();
    let finished = 0;
    a.define(name, async () => {
      started.resolve();
      await release.promise;
      finished += 1;
    });
    await a.enqueue(name);
    a.start();
    await started.promise;
    const stopping = a.stop(10_000);
    await a.enqueue(name); // asked while stopping: left for another instance
    release.resolve();
    expect(await stopping).toBe(0);
    expect(finished).toBe(1);
    expect((await rowsOf(name)).map((r) => r.status)).toEqual(['queued']);

    // A job that outlives the bound is left running (its lease lets another instance take it).
    const stuck = uniqueName('stuck');
    const b = queue(ctx.db, 'worker-b');
    const stuckStarted = signal();
    b.define(stuck, async () => {
      stuckStarted.resolve();
      await new Promise(() => {});
    });
    await b.enqueue(stuck);
    b.start();
    await stuckStarted.promise;
    expect(await b.stop(50)).toBe(1);
    expect((await rowsOf(stuck))[0]).toMatchObject({ status: 'running', locked_by: 'worker-b' });
  });
});
