// Stopping an instance without dropping work (SIGTERM, then app.close()). drain() first: /api/ready
// answers 503 from that moment, so load balancers stop sending new requests here, while the
// requests already sent are still served; the job queue takes no more jobs and the running ones
// finish, within a bound (a job still running then keeps its lease until it expires, and another
// instance takes it again). Then app.close() stops listening and waits for the requests in flight.
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './jobs/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export type Lifecycle = {
  draining: () => boolean;
  /** Answers how many jobs were still running at the bound; the same promise on a second call. */
  drain: (jobsWithinMs: number) => Promise<number>;
};

/** When the app is closed without a drain first (tests): the running jobs' bound. */
const CLOSE_JOBS_WITHIN_MS = 10_000;
/** On SIGTERM: how long the running jobs may take, then the whole stop (under a usual 30 s grace). */
export const SIGNAL_JOBS_WITHIN_MS = 15_000;
export const SIGNAL_STOP_LIMIT_MS = 25_000;

export function registerLifecycle(app: FastifyInstance, jobs: JobQueue): Lifecycle {
  let drained: Promise<number> | null = null;
  const lifecycle: Lifecycle = {
    draining: () => drained !== null,
    drain(jobsWithinMs) {
      drained ??= jobs.stop(jobsWithinMs).then((left) => {
        if (left > 0) app.log.warn({ left }, 'arrêt : tâches encore en cours, reprises par une autre instance à la fin de leur bail');
        return left;
      });
      return drained;
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => {
    await lifecycle.drain(CLOSE_JOBS_WITHIN_MS);
  });
  return lifecycle;
}

/**
 * SIGTERM or SIGINT: drain (ready 503, jobs finish), close the app (requests in flight finish), run
 * `after` (close the database), exit 0. Whatever hangs, the process exits 1 after the limit.
 */
export function stopOnSignals(app: FastifyInstance, after: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'arrêt en cours');
    setTimeout(() => {
      app.log.error({ limitMs: SIGNAL_STOP_LIMIT_MS }, 'arrêt forcé : des requêtes ou des tâches ne se terminent pas');
      process.exit(1);
    }, SIGNAL_STOP_LIMIT_MS).unref();
    await app.lifecycle.drain(SIGNAL_JOBS_WITHIN_MS);
    await app.close();
    await after();
    process.exit(0);
  };
  const onSignal = (signal: string) =>
    stop(signal).catch((error) => {
      app.log.error({ err: error }, 'arrêt interrompu par une erreur');
      process.exit(1);
    });
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
