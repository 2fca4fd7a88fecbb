// The loop behind a transactional outbox (web push, mail): passes that claim and handle batches
// until none is left. It runs as a job of the job queue (platform/jobs): kick() after a write
// enqueues the outbox's job — at most one waits, so a kick on any instance is enough, and the
// instance whose worker takes it drains the rows (each row is claimed once, with SKIP LOCKED) —
// and a periodic pass of the same job is the safety net (a process that died between its commit and
// its kick). Other jobs (the periodic passes) may write rows too: each one that finishes kicks the
// outboxes. flush() runs passes here and now: it is the job's handler, and tests call it. A flush
// asked during a pass asks for one more pass, so nothing written meanwhile waits.
import type { JobQueue } from './jobs/job-queue';

export type OutboxLoop = {
  /** Asks for a pass soon, on whichever instance; cheap to call after every write. */
  kick: () => void;
  /** Runs passes here until nothing is left and resolves with how many rows were handled. */
  flush: () => Promise<number>;
  stop: () => Promise<void>;
};

export type OutboxLoopOptions = {
  /** The outbox's job in the queue. */
  name: string;
  jobs: JobQueue;
  /** Claims and handles one batch; answers how many rows it took (0 ends the pass). */
  runBatch: () => Promise<number>;
  /** The safety net's period. */
  sweepEveryMs: number;
  /** Before each safety-net pass (e.g. offering again the claims of a process that died). */
  beforeSweep?: () => Promise<unknown>;
  /** After a pass: when rows wait for a later time (retries, quiet hours), the next pass then. */
  nextDue?: () => Promise<Date | null>;
  /** A kick that could not be enqueued (the safety net will pass). */
  onError?: (error: unknown) => void;
};

type OutboxJob = { sweep?: boolean };

/** The outboxes' own jobs: finishing one kicks no outbox (or two outboxes would kick each other forever). */
const outboxJobs = new Set<string>();

export function createOutboxLoop(options: OutboxLoopOptions): OutboxLoop {
  const { jobs, name } = options;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  const runPasses = async (): Promise<number> => {
    let handled = 0;
    do {
      again = false;
      for (;;) {
        const taken = await options.runBatch();
        if (taken === 0) break;
        handled += taken;
      }
    } while (again && !stopped);
    return handled;
  };

  const flush = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = runPasses().finally(() => {
      running = null;
    });
    return running;
  };

  jobs.define(
    name,
    async (job) => {
      if ((job.payload as OutboxJob).sweep) await options.beforeSweep?.();
      await flush();
      const next = await options.nextDue?.();
      if (next) await jobs.enqueue(name, {}, { waiting: true, runAt: next });
    },
    { maxAttempts: 3, backoffMs: 5000 },
  );
  jobs.schedule(name, { everyMs: options.sweepEveryMs, payload: { sweep: true } satisfies OutboxJob });
  outboxJobs.add(name);

  const kick = () => {
    if (stopped) return;
    jobs.enqueue(name, {}, { waiting: true }).catch((error) => options.onError?.(error));
  };
  jobs.onJobFinished((finished) => {
    if (!outboxJobs.has(finished)) kick();
  });

  return {
    kick,
    flush,
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}
