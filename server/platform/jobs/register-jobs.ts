// The app's job queue: created with the app (features define their jobs on it), started when the
// app is ready, woken by other processes' enqueues (PostgreSQL NOTIFY, heard by the shared
// listener), and stopped before the app closes (platform/lifecycle.ts).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { DatabaseEvents } from '../pg-listener';
import { createJobQueue, type JobQueue } from './job-queue';
import { JOBS_CHANNEL } from './job-store';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** Settings only tests and benchmarks change. */
export type JobQueueSettings = {
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  /** Whether the periodic passes are enqueued: by default everywhere but under tests (they run passes themselves). */
  schedules?: boolean;
};

export function registerJobQueue(app: FastifyInstance, deps: AppDeps, events: DatabaseEvents, settings: JobQueueSettings = {}): JobQueue {
  const jobs = createJobQueue({
    db: deps.db,
    now: deps.now,
    log: app.log,
    pollMs: settings.pollMs,
    leaseMs: settings.leaseMs,
    concurrency: settings.concurrency,
    schedules: settings.schedules ?? deps.config.env !== 'test',
  });
  app.decorate('jobs', jobs);
  const unsubscribe = [events.on(JOBS_CHANNEL, () => jobs.wake()), events.onStateChange((live) => live && jobs.wake())];
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });
  return jobs;
}
