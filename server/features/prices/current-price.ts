// Keeps current_prices equal to the consensus (consensus.ts) of each product in each store. Every
// change to an observation that may count (a new accepted one, an approval, a rejection, a
// suspension) calls refreshCurrentPrice in the same transaction, under the product-store lock.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { appSettings, currentPrices, priceObservations, users } from '../../db/schema';
import { queryRows } from '../../platform/sql-rows';
import { notifyPriceDrop } from '../notifications/notifications.service';
import { type Consensus, type Voice, consensusOf, pricesAgree, trustWeight } from './consensus';
import { TRUST } from '#contract/prices';
import { announcedPrice, flagShelfDisagreement } from './announced-price';

/** One writer at a time per product and store: the consensus then sees every earlier observation. */
export async function lockProductStore(tx: Tx, productId: string, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price:${productId}:${storeId}`}))`);
}

type VoiceRow = {
  id: string;
  voice: string;
  price_xaf: number;
  observed_at: Date | string;
  first_seen: Date | string;
  verified: boolean;
  located: boolean;
  probation: boolean;
  reputation: number;
  user_id: string | null;
  confirmed_at: Date | string | null;
};

export type StoredVoice = Voice & { userId: string | null; confirmed: boolean };

/**
 * The voices of a product in a store, as consensus.ts's voicesOf defines them: accepted observations
 * of accounts that are not suspended, from the latest moderator-approved one on, each voice's latest.
 */
export async function voicesIn(db: DbOrTx, productId: string, storeId: string): Promise<StoredVoice[]> {
  const rows = await queryRows<VoiceRow>(
    db,
    sql`with counted as (
          select o.id, coalesce(o.voice_id::text, o.user_id::text, 'seed') as voice, o.price_xaf, o.observed_at,
                 o.verified_at is not null as verified, (o.latitude is not null or o.source = 'seed') as located,
                 (o.probation and o.verified_at is null) as probation,
                 coalesce(u.reputation, 0) as reputation, o.user_id, o.confirmed_at
          from ${priceObservations} o left join ${users} u on u.id = o.user_id
          where o.product_id = ${productId} and o.store_id = ${storeId} and o.status = 'accepted' and u.suspended_at is null
            -- a product or store a moderator removed shows no price (catalogue-removal.service.ts)
            and not exists (select 1 from products hp where hp.id = o.product_id and hp.listing = 'hidden')
            and not exists (select 1 from stores hs where hs.id = o.store_id and hs.listing = 'hidden')
        ),
        recent as (
          select * from counted
          where observed_at >= coalesce((select max(observed_at) from counted where verified), '-infinity'::timestamptz)
        ),
        voices as (
          select distinct on (voice) *, min(observed_at) over (partition by voice) as first_seen
          from recent order by voice, observed_at desc, id desc
        ),
        ranked as (select *, row_number() over (partition by probation order by observed_at desc, id desc) as rank from voices)
        select * from ranked where rank <= ${TRUST.maxVoices} order by observed_at desc, id desc`,
  );
  return rows.map((r) => ({
    observationId: r.id,
    voice: r.voice,
    price: r.price_xaf,
    observedAt: new Date(r.observed_at),
    firstSeenAt: new Date(r.first_seen),
    trust: trustWeight(Number(r.reputation), r.located),
    verified: r.verified,
    probation: r.probation,
    userId: r.user_id,
    confirmed: r.confirmed_at !== null,
  }));
}

export async function shownPrice(db: DbOrTx, productId: string, storeId: string): Promise<number | null> {
  const [row] = await db
    .select({ price: currentPrices.priceXaf })
    .from(currentPrices)
    .where(and(eq(currentPrices.productId, productId), eq(currentPrices.storeId, storeId)));
  return row?.price ?? null;
}

/** `shown`: the price shown afterwards (the consensus, or the store's announced price without one). */
export type PriceChange = { previous: number | null; current: Consensus | null; shown: number | null };

/**
 * Recomputes the shown price from the observations, and the store's announced price beside it; with
 * no consensus, the store's own announced price is what is shown. Price-drop alerts follow the shown
 * price only.
 */
export async function refreshCurrentPrice(tx: Tx, productId: string, storeId: string, now: Date): Promise<PriceChange> {
  const [before] = await tx
    .select({ price: currentPrices.priceXaf, shelfDiffers: currentPrices.shelfDiffers })
    .from(currentPrices)
    .where(and(eq(currentPrices.productId, productId), eq(currentPrices.storeId, storeId)));
  const previous = before?.price ?? null;
  const current = consensusOf(await voicesIn(tx, productId, storeId));
  const announced = await announcedPrice(tx, productId, storeId, now);
  if (!current && !announced) {
    await tx.delete(currentPrices).where(and(eq(currentPrices.productId, productId), eq(currentPrices.storeId, storeId)));
    return { previous, current, shown: null };
  }
  const store = {
    announcedPriceXaf: announced?.price ?? null,
    announcedAt: announced?.announcedAt ?? null,
    shelfDiffers: announced?.shelfDiffers ?? false,
  };
  const values = current
    ? { priceXaf: current.price, observationId: current.observationId, observedAt: current.observedAt, contributorCount: current.contributorCount, verified: current.verified, ...store }
    : { priceXaf: announced!.price, observationId: announced!.observationId, observedAt: announced!.announcedAt, contributorCount: 1, verified: false, ...store };
  await tx
    .insert(currentPrices)
    .values({ productId, storeId, ...values })
    .onConflictDoUpdate({ target: [currentPrices.productId, currentPrices.storeId], set: values });
  if (announced?.shelfDiffers && !before?.shelfDiffers) await flagShelfDisagreement(tx, announced.observationId, now);
  if (previous !== null && values.priceXaf < previous) {
    await notifyPriceDrop(tx, { productId, storeId, previousXaf: previous, newXaf: values.priceXaf }, now);
  }
  return { previous, current, shown: values.priceXaf };
}

/**
 * Reputation from agreement: when a new observation agrees with other voices' latest observations,
 * each of those observations (and the new one) earns its contributor a point, once per observation
 * — unless both are new voices (probation).
 */
export async function rewardAgreement(
  tx: Tx,
  observation: { id: string; voice: string; price: number; probation: boolean },
  voices: StoredVoice[],
  now: Date,
): Promise<void> {
  // New voices agreeing among themselves earn nothing (a burst of fresh phones farming reputation):
  // only an established voice's agreement counts, whichever of the two came first.
  const agreeing = voices.filter(
    (v) => v.voice !== observation.voice && pricesAgree(v.price, observation.price) && (!observation.probation || !v.probation || v.verified),
  );
  if (agreeing.length === 0) return;
  const newlyConfirmed = agreeing.filter((v) => !v.confirmed).map((v) => ({ id: v.observationId, userId: v.userId }));
  newlyConfirmed.push({ id: observation.id, userId: null });
  const confirmed = await tx
    .update(priceObservations)
    .set({ confirmedAt: now })
    .where(and(inArray(priceObservations.id, newlyConfirmed.map((o) => o.id)), sql`${priceObservations.confirmedAt} is null`))
    .returning({ userId: priceObservations.userId });
  const points = new Map<string, number>();
  for (const { userId } of confirmed) if (userId) points.set(userId, (points.get(userId) ?? 0) + TRUST.reputationConfirmed);
  for (const [userId, gain] of points) await changeReputation(tx, userId, gain);
}

export async function changeReputation(tx: DbOrTx, userId: string, delta: number): Promise<void> {
  await tx.update(users).set({ reputation: sql`${users.reputation} + ${delta}` }).where(eq(users.id, userId));
}

const RULE_KEY = 'shown_price_rule';
const RULE_VERSION = 'consensus-1';

/**
 * Once per database: the shown prices of every product and store that users contributed to are
 * recomputed with the consensus rule (databases created before it showed the latest observation).
 * Returns how many were recomputed, or null when it was already done.
 */
export async function adoptConsensusRule(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${RULE_KEY}))`);
    const [done] = await tx.select().from(appSettings).where(eq(appSettings.key, RULE_KEY));
    if (done?.value === RULE_VERSION) return null;
    const pairs = await tx
      .selectDistinct({ productId: priceObservations.productId, storeId: priceObservations.storeId })
      .from(priceObservations)
      .where(sql`${priceObservations.userId} is not null`)
      .orderBy(priceObservations.productId, priceObservations.storeId);
    for (const { productId, storeId } of pairs) {
      await lockProductStore(tx, productId, storeId);
      await refreshCurrentPrice(tx, productId, storeId, now);
    }
    await tx
      .insert(appSettings)
      .values({ key: RULE_KEY, value: RULE_VERSION })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: RULE_VERSION } });
    return pairs.length;
  });
}
