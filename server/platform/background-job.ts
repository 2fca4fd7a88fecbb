// A pass run in the background of the API process: a first pass after `firstPassDelayMs` (when
// given), then one every `intervalMs`, never two at once in this process, errors logged under the
// job's name. Not under tests: they call the pass themselves.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';

export type BackgroundJob = {
  /** What the log says when a pass fails (French, like the other log lines). */
  name: string;
  intervalMs: number;
  firstPassDelayMs?: number;
  pass: () => Promise<unknown>;
};

export function registerBackgroundJob(app: FastifyInstance, deps: AppDeps, job: BackgroundJob): void {
  if (deps.config.env === 'test') return;
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  const runOnce = async () => {
    if (running) return;
    running = true;
    try {
      await job.pass();
    } catch (error) {
      app.log.error({ err: error }, job.name);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    if (job.firstPassDelayMs !== undefined) timers.push(setTimeout(() => void runOnce(), job.firstPassDelayMs));
    timers.push(setInterval(() => void runOnce(), job.intervalMs));
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    // clearTimeout clears both kinds of timer.
    for (const timer of timers) clearTimeout(timer);
  });
}
