// "Signaler ce prix", and the outlier job that flags like a careful user would. A flag puts the
// flagged observation in the moderators' "prix signalés" queue until a moderator decides on it.
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fr } from '#contract/messages';
import { TRUST, type FlagResponse, type FlagSchema } from '#contract/prices';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { priceFlags, priceObservations } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { queryRows } from '../../platform/sql-rows';
import { isUniqueViolation } from '../auth/auth.service';

const DAY_MS = 86_400_000;

/** POST /api/prices/{observation_id}/flag. */
export async function flagPrice(deps: AppDeps, principal: Principal, observationId: string, input: z.output<typeof FlagSchema>): Promise<FlagResponse> {
  const [observation] = isUuid(observationId)
    ? await deps.db.select({ status: priceObservations.status }).from(priceObservations).where(eq(priceObservations.id, observationId))
    : [];
  if (!observation) throw new AppError('OBSERVATION_NOT_FOUND');
  if (observation.status !== 'accepted') throw new AppError('OBSERVATION_NOT_FLAGGABLE');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Count-and-insert under the user's lock: a burst of parallel flags cannot pass the daily limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`flags:${principal.userId}`}))`);
    const [{ today }] = await tx
      .select({ today: count() })
      .from(priceFlags)
      .where(and(eq(priceFlags.userId, principal.userId), gte(priceFlags.createdAt, new Date(now.getTime() - DAY_MS))));
    if (today >= TRUST.maxFlagsPerUserPerDay) throw new AppError('TOO_MANY_FLAGS');
    try {
      await tx.insert(priceFlags).values({ observationId, userId: principal.userId, reason: input.reason, comment: input.comment ?? null, createdAt: now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ALREADY_FLAGGED');
      throw error;
    }
  });
  return { success: true, message: fr.moderation.flagged };
}

/**
 * Flags every shown price outside [1/3, 3] × the product's median across stores (products priced in
 * at least 3 stores), as Open Prices does nightly. A price a moderator has approved, or whose outlier
 * flag a moderator already resolved, is not flagged again. Returns how many flags it added.
 */
export async function flagCrossStoreOutliers(db: DbOrTx, now: Date): Promise<number> {
  const factor = TRUST.crossStoreOutlierFactor;
  const added = await queryRows<{ id: string }>(
    db,
    sql`
    with medians as (
      select product_id, percentile_cont(0.5) within group (order by price_xaf) as median
      from current_prices group by product_id having count(*) >= 3
    )
    insert into ${priceFlags} (observation_id, user_id, reason, created_at)
    select cp.observation_id, null, 'outlier', ${now}
    from current_prices cp
    join medians m on m.product_id = cp.product_id
    join ${priceObservations} o on o.id = cp.observation_id
    where (cp.price_xaf > m.median * ${factor} or cp.price_xaf * ${factor} < m.median)
      and o.verified_at is null
      and not exists (select 1 from ${priceFlags} f where f.observation_id = cp.observation_id and f.user_id is null)
    on conflict do nothing
    returning id`,
  );
  return added.length;
}

/** Open flags of an observation: it is in the queue while it has any. */
export async function resolveFlags(db: DbOrTx, observationId: string, now: Date): Promise<number> {
  const resolved = await db
    .update(priceFlags)
    .set({ status: 'resolved', resolvedAt: now })
    .where(and(eq(priceFlags.observationId, observationId), eq(priceFlags.status, 'open')))
    .returning({ id: priceFlags.id });
  return resolved.length;
}
