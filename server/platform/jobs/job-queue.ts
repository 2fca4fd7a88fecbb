// The one job queue of the API (issue 16): background work that runs once across instances.
//
// Why our own table and not pg-boss: pg-boss 10+ needs Node 22 and we run on Node 20; and the need
// is small (a few job kinds, low volume). The `jobs` table gives what matters with the same SQL on
// PostgreSQL and on the embedded PGlite (where it is simply the in-process queue):
// - run once: a worker takes due rows with FOR UPDATE SKIP LOCKED, so concurrent workers of any
//   number of processes never take the same row;
// - survives restarts: a taken job holds a lease that its worker renews while it runs; a process
//   that dies lets its lease expire, and any worker takes the job again (so a handler must be safe
//   to run again after a crash: ours claim their rows or are plain passes);
// - retries: a job that throws waits an exponential back-off, up to its max attempts, then stays
//   'failed' (logged, kept a week);
// - periodic passes: schedule(name, everyMs) enqueues one job per time slot, keyed by its name and
//   slot (once_key), so the pass runs once per period whatever the number of instances;
// - kicks: enqueue(name, …, { waiting: true }) keeps at most one such job waiting (an outbox kick
//   after every write costs one cheap upsert, and a kick on any instance is enough).
// Workers poll every `pollMs`, and wake at once on an enqueue in this process or, on PostgreSQL, on
// the NOTIFY of an enqueue in another (platform/pg-listener.ts).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { type Claim, claimJobs, completeJob, deleteFinishedJobs, failAbandonedJobs, failJob, insertJob, type JobRow, renewLeases } from './job-store';
import { retryDelayMs, slotKey, slotStart } from './schedule';

type Log = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type JobContext = { id: number; payload: unknown; attempt: number };
export type JobHandler = (job: JobContext) => Promise<unknown>;

export type JobDefinition = {
  /** Attempts before the job stays 'failed' (5 by default). */
  maxAttempts?: number;
  /** The first retry's wait; each next one doubles (10 s by default, at most maxBackoffMs). */
  backoffMs?: number;
  maxBackoffMs?: number;
};

export type ScheduleOptions = {
  everyMs: number;
  /** What each slot's job is given (nothing by default). */
  payload?: unknown;
  /** The first slot this process enqueues waits this long after start (later slots start on time). */
  firstRunDelayMs?: number;
};

export type EnqueueOptions = {
  runAt?: Date;
  /** At most one such job of this name waits: another enqueue only brings its time forward. */
  waiting?: boolean;
  /** A key unique while the job is kept: enqueuing it again adds nothing. */
  onceKey?: string;
  /** Inside a transaction: the job exists (and other processes hear of it) when it commits. */
  db?: DbOrTx;
};

export type JobQueue = {
  workerId: string;
  define: (name: string, handler: JobHandler, definition?: JobDefinition) => void;
  schedule: (name: string, options: ScheduleOptions) => void;
  /** Adds a job; answers whether a row was added (or brought forward). */
  enqueue: (name: string, payload?: unknown, options?: EnqueueOptions) => Promise<boolean>;
  /** Starts polling (and, unless disabled, enqueuing the periodic passes). */
  start: () => void;
  /** Polls soon: a job may be waiting. */
  wake: () => void;
  /** Enqueues the current slot of each periodic pass not yet enqueued by this process. */
  enqueueDueSlots: () => Promise<void>;
  /** Runs every due job now and answers how many ran (tests; the worker need not be started). */
  runDue: () => Promise<number>;
  /**
   * Takes no more jobs and waits for the running ones, at most `graceMs`; answers how many were
   * still running then (their leases expire and another instance takes them again).
   */
  stop: (graceMs?: number) => Promise<number>;
  /** How many jobs this process is running now. */
  running: () => number;
  /** Calls `listener` with the name of each job this process finishes successfully. */
  onJobFinished: (listener: (name: string) => void) => void;
};

export type JobQueueOptions = {
  db: Db;
  now: () => Date;
  log: Log;
  pollMs?: number;
  leaseMs?: number;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** Whether start() enqueues the periodic passes (off under tests: they call the passes). */
  schedules?: boolean;
  workerId?: string;
};

const DEFAULTS = { pollMs: 1000, leaseMs: 30_000, concurrency: 4, maxAttempts: 5, backoffMs: 10_000, maxBackoffMs: 60 * 60_000 };
const DAY_MS = 24 * 60 * 60_000;
const CLEANUP_JOB = 'jobs-cleanup';
/** A failed job stays this long for whoever looks into it. */
const FAILED_KEPT_MS = 7 * DAY_MS;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, now, log } = options;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const handlers = new Map<string, { handler: JobHandler; definition: Required<JobDefinition> }>();
  const schedules = new Map<string, ScheduleOptions & { lastSlot?: number }>();
  const inFlight = new Map<number, { claim: Claim; done: Promise<void> }>();
  const finishedListeners = new Set<(name: string) => void>();
  let started = false;
  let stopped = false;
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  let failing = false;
  const timers: NodeJS.Timeout[] = [];

  const define: JobQueue['define'] = (name, handler, definition = {}) => {
    handlers.set(name, {
      handler,
      definition: {
        maxAttempts: definition.maxAttempts ?? DEFAULTS.maxAttempts,
        backoffMs: definition.backoffMs ?? DEFAULTS.backoffMs,
        maxBackoffMs: definition.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
      },
    });
  };

  const enqueue: JobQueue['enqueue'] = async (name, payload = {}, enqueueOptions = {}) => {
    const maxAttempts = handlers.get(name)?.definition.maxAttempts ?? DEFAULTS.maxAttempts;
    const added = await insertJob(enqueueOptions.db ?? db, {
      name,
      payload,
      runAt: enqueueOptions.runAt ?? now(),
      maxAttempts,
      waitingKey: enqueueOptions.waiting ? name : undefined,
      onceKey: enqueueOptions.onceKey,
    });
    if (added) wake();
    return added;
  };

  const enqueueDueSlots = async () => {
    if (options.schedules === false) return;
    const time = now();
    for (const [name, schedule] of schedules) {
      const start = slotStart(time, schedule.everyMs);
      if (schedule.lastSlot === start.getTime()) continue;
      const first = schedule.lastSlot === undefined;
      const runAt = first && schedule.firstRunDelayMs ? new Date(time.getTime() + schedule.firstRunDelayMs) : start;
      await enqueue(name, schedule.payload ?? {}, { onceKey: slotKey(name, start), runAt });
      schedule.lastSlot = start.getTime();
    }
  };

  const runJob = (row: JobRow): Promise<void> => {
    const claim: Claim = { id: row.id, workerId, attempt: row.attempts };
    const done = (async () => {
      const known = handlers.get(row.name)!;
      try {
        await known.handler({ id: row.id, payload: row.payload, attempt: row.attempts });
        await completeJob(db, claim, now());
        for (const listener of finishedListeners) listener(row.name);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const { backoffMs, maxBackoffMs } = known.definition;
        const retryAt = new Date(now().getTime() + retryDelayMs(row.attempts, backoffMs, maxBackoffMs));
        const outcome = await failJob(db, claim, message, retryAt, now()).catch(() => 'lost' as const);
        const details = { err: error, job: row.name, id: row.id, attempt: row.attempts, maxAttempts: row.max_attempts };
        if (outcome === 'failed') log.error(details, 'tâche abandonnée après son dernier essai');
        else log.warn({ ...details, retryAt }, 'tâche en échec, nouvel essai plus tard');
      }
    })().finally(() => {
      inFlight.delete(row.id);
      if (started) wake();
    });
    inFlight.set(row.id, { claim, done });
    return done;
  };

  /** Claims what this process has room for and starts it; answers the jobs started. */
  const claimAndStart = async (): Promise<Promise<void>[]> => {
    const abandoned = await failAbandonedJobs(db, now());
    for (const job of abandoned) log.error({ job: job.name, id: job.id, attempts: job.attempts }, 'tâche abandonnée : son processus s’est arrêté à chaque essai');
    const rows = await claimJobs(db, [...handlers.keys()], workerId, concurrency - inFlight.size, now(), leaseMs);
    return rows.map(runJob);
  };

  /** One look at the table: the periodic passes due, then what this process has room for. */
  const pollStep = async () => {
    await enqueueDueSlots();
    if (inFlight.size >= concurrency) return; // a job that ends wakes the worker again
    const startedJobs = await claimAndStart();
    if (startedJobs.length > 0 && inFlight.size < concurrency) pollAgain = true; // maybe more waiting
  };

  function wake(): void {
    if (!started || stopped) return;
    pollAgain = true;
    if (polling) return;
    polling = (async () => {
      while (pollAgain && !stopped) {
        pollAgain = false;
        await pollStep();
      }
    })()
      .then(() => {
        if (failing) log.info({}, 'file des tâches : base de données de nouveau joignable');
        failing = false;
      })
      .catch((error) => {
        if (!failing) log.error({ err: error }, 'file des tâches : lecture impossible (nouvel essai à chaque intervalle)');
        failing = true;
        pollAgain = false; // the interval tries again, not a tight loop
      })
      .finally(() => {
        polling = null;
        if (pollAgain) wake(); // woken between the last look and now
      });
  }

  const heartbeat = async () => {
    const claims = [...inFlight.values()].map((f) => f.claim);
    if (claims.length === 0) return;
    const held = new Set(await renewLeases(db, claims, now(), leaseMs));
    for (const claim of claims) {
      if (!held.has(claim.id) && inFlight.has(claim.id)) log.warn({ id: claim.id }, 'tâche : bail perdu (une autre instance a pu la reprendre)');
    }
  };

  // Finished jobs are forgotten; a slot's key is kept past its slot so that it never runs twice.
  define(CLEANUP_JOB, async () => {
    const longest = Math.max(0, ...[...schedules.values()].map((s) => s.everyMs));
    const time = now().getTime();
    await deleteFinishedJobs(db, new Date(time - Math.max(DAY_MS, 2 * longest)), new Date(time - FAILED_KEPT_MS));
  });
  schedules.set(CLEANUP_JOB, { everyMs: 60 * 60_000, firstRunDelayMs: 5 * 60_000 });

  return {
    workerId,
    define,
    schedule(name, schedule) {
      if (!handlers.has(name)) throw new Error(`tâche périodique sans traitement : ${name}`);
      schedules.set(name, { ...schedule });
    },
    enqueue,
    start() {
      if (started) return;
      started = true;
      timers.push(setInterval(wake, pollMs), setInterval(() => heartbeat().catch((error) => log.warn({ err: error }, 'tâche : bail non renouvelé')), Math.max(100, leaseMs / 3)));
      for (const timer of timers) timer.unref();
      wake();
    },
    wake,
    enqueueDueSlots,
    async runDue() {
      let ran = 0;
      for (;;) {
        const batch = await claimAndStart();
        if (batch.length === 0) return ran;
        await Promise.all(batch);
        ran += batch.length;
      }
    },
    async stop(graceMs = 0) {
      stopped = true;
      clearInterval(timers[0]);
      await polling;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all([...inFlight.values()].map((f) => f.done)), grace]);
      clearTimeout(timer);
      for (const t of timers) clearInterval(t);
      return inFlight.size;
    },
    running: () => inFlight.size,
    onJobFinished: (listener) => void finishedListeners.add(listener),
  };
}
