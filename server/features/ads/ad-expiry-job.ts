// Keeps ads on their paid window, as a scheduled job (once per period across the API instances):
// every few minutes, scheduled ads whose start came become active and running (or paused) ads whose
// end passed expire, their advertiser told with the figures. The advisory lock also keeps a pass run
// by hand from overlapping it. The same pass asks operators about ad payments still pending and
// refunds still due (ad-payments.ts).
import { and, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fr } from '#contract/messages';
import { ads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { registerBackgroundJob } from '../../platform/background-job';
import type { PaymentProviders } from '../../platform/payments/providers';
import { queryRows } from '../../platform/sql-rows';
import { statusesFor } from './ad-lifecycle';
import { notify, reconcileAdPayments } from './ad-payments';
import { statsOfAds } from './ad-stats';
import { transitionAd } from './ads.service';
import { forgetActiveAds } from './banner.service';

const AD_EXPIRY_JOB_LOCK = 725_014;
export const AD_EXPIRY_INTERVAL_MS = 5 * 60_000;
const FIRST_PASS_DELAY_MS = 30_000;
const BATCH = 500;

export type AdExpiryResult = { started: number; expired: number };

/** One pass, unless another process is running one (then null). */
export async function runAdExpiry(deps: AppDeps): Promise<AdExpiryResult | null> {
  const result = await expireAndStart(deps);
  if (result && result.started + result.expired > 0) await forgetActiveAds(deps.db);
  return result;
}

async function expireAndStart(deps: AppDeps): Promise<AdExpiryResult | null> {
  return deps.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${AD_EXPIRY_JOB_LOCK}) as taken`);
    if (!lock?.taken) return null;
    const now = deps.now();
    const toStart = await tx
      .select()
      .from(ads)
      .where(and(inArray(ads.status, statusesFor('start', 'job')), lte(ads.startsAt, now)))
      .limit(BATCH)
      .for('update');
    for (const ad of toStart) await transitionAd(tx, ad, 'start', 'job', now);

    const toExpire = await tx
      .select()
      .from(ads)
      .where(and(inArray(ads.status, statusesFor('expire', 'job')), lte(ads.endsAt, now)))
      .limit(BATCH)
      .for('update');
    const stats = await statsOfAds(tx, toExpire, now);
    const texts = fr.adsApi.expiredNotification;
    for (const ad of toExpire) {
      await transitionAd(tx, ad, 'expire', 'job', now);
      const { impressions, clicks } = stats.get(ad.id)!;
      await notify(tx, ad.advertiserId, texts.title, texts.body(ad.title, impressions, clicks), ad.id, now);
    }
    return { started: toStart.length, expired: toExpire.length };
  });
}

export function registerAdExpiryJob(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  registerBackgroundJob(app, {
    key: 'ad-expiry',
    name: 'tâche des annonces',
    firstPassDelayMs: FIRST_PASS_DELAY_MS,
    intervalMs: AD_EXPIRY_INTERVAL_MS,
    pass: async () => {
      const result = await runAdExpiry(deps);
      if (result && (result.started || result.expired)) app.log.info(result, 'annonces démarrées ou terminées');
      await reconcileAdPayments(deps, providers, app.log);
    },
  });
}
