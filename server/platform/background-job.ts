// A periodic pass of the API (payment reconciliation, outlier scan, ads' expiry and promotions): a
// job of the job queue scheduled every `intervalMs`, so it runs once per period across all
// instances (the slot's key decides), a first time `firstPassDelayMs` after start when its slot has
// not run yet. Errors are logged by the queue under the job's key and retried with back-off.
// Under tests the slots are not enqueued: tests call the pass themselves (or run the job).
import type { FastifyInstance } from 'fastify';

export type BackgroundJob = {
  /** The job's name in the queue (kebab-case, stable: slots are keyed by it). */
  key: string;
  /** What the log says when a pass fails (French, like the other log lines). */
  name: string;
  intervalMs: number;
  firstPassDelayMs?: number;
  pass: () => Promise<unknown>;
  /** Attempts of one slot's pass (2 by default: the next slot comes anyway). */
  maxAttempts?: number;
};

export function registerBackgroundJob(app: FastifyInstance, job: BackgroundJob): void {
  app.jobs.define(
    job.key,
    async () => {
      try {
        await job.pass();
      } catch (error) {
        app.log.error({ err: error }, job.name);
        throw error;
      }
    },
    { maxAttempts: job.maxAttempts ?? 2, backoffMs: Math.min(60_000, job.intervalMs / 4) },
  );
  app.jobs.schedule(job.key, { everyMs: job.intervalMs, firstRunDelayMs: job.firstPassDelayMs });
}
