// Runs the cross-store outlier scan (price-flags.ts) as a scheduled job: once every
// OUTLIER_SCAN_INTERVAL_MINUTES across the API instances (a first pass a minute after start if the
// period's has not run). The advisory lock also keeps a pass started by hand from overlapping it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerBackgroundJob } from '../../platform/background-job';
import { queryRows } from '../../platform/sql-rows';
import { flagCrossStoreOutliers } from './price-flags';

const OUTLIER_JOB_LOCK = 725_010;
const FIRST_PASS_DELAY_MS = 60_000;

/** One pass, unless another process is running one. Returns the flags added, or null when skipped. */
export async function runOutlierScan(deps: AppDeps): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${OUTLIER_JOB_LOCK}) as taken`);
    if (!lock?.taken) return null;
    return flagCrossStoreOutliers(tx, deps.now());
  });
}

export function registerOutlierJob(app: FastifyInstance, deps: AppDeps): void {
  const minutes = deps.config.outlierScanIntervalMinutes;
  if (minutes === 0) return;
  registerBackgroundJob(app, {
    key: 'price-outlier-scan',
    name: 'détection des prix hors norme',
    firstPassDelayMs: FIRST_PASS_DELAY_MS,
    intervalMs: minutes * 60_000,
    pass: async () => {
      const added = await runOutlierScan(deps);
      if (added) app.log.info({ added }, 'prix hors norme signalés');
    },
  });
}
