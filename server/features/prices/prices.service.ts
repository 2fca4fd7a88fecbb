// Price observations and the current price derived from them.
//
// THE CURRENT PRICE RULE. The current price of a product in a store is the price of its most recent
// ACCEPTED observation (latest observed_at). Held observations (see trust.ts) are never used. It is
// kept in current_prices, refreshed in the same transaction as each accepted observation, so reads
// never scan the history (ARCHITECTURE.md "Scaling out"); an observation older than the one in force
// never replaces it.
//
// Identical submissions (same user, product, store and price) within a minute are counted once: the
// second one answers the first observation and writes nothing.
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { TRUST, type ContributionResponse, type ContributionSchema, type PriceHistory, type PriceObservation } from '#contract/prices';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { currentPrices, priceObservations, products, stores } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { haversineKm, type LatLng } from '../../platform/geo';
import { decodeBase64Image, type ImageVariant, storeImage } from '../../platform/images';
import { isUuid } from '../../platform/ids';
import { catalogueCache } from '../products/catalogue-cache';
import { notifyPriceDrop } from '../notifications/notifications.service';
import { findStore, type StoreRow } from '../stores/stores.service';
import { assessObservation } from './trust';

const DAY_MS = 24 * 60 * 60 * 1000;
const PHOTO_VARIANTS: ImageVariant[] = [
  { suffix: '.webp', width: 1280, fit: 'inside' },
  { suffix: '-thumb.webp', width: 320, height: 320, fit: 'cover' },
];

export type ObservationSource = 'contribution' | 'product_form';
type ObservationRow = typeof priceObservations.$inferSelect;

export type NewObservation = {
  productId: string;
  store: StoreRow;
  userId: string;
  price: number;
  source: ObservationSource;
  /** Where the contributor stood; the product forms have none, so only the price rule applies. */
  position?: LatLng | null;
  photoUrl?: string | null;
  now: Date;
};

export type RecordedObservation = { observation: ObservationRow; duplicate: boolean; currentPrice: number | null };

function toApiObservation(row: ObservationRow): PriceObservation {
  return {
    id: row.id,
    product_id: row.productId,
    store_id: row.storeId,
    price: row.priceXaf,
    status: row.status === 'held' ? 'held' : 'accepted',
    review_reason: row.reviewReason,
    photo_url: row.photoUrl,
    observed_at: row.observedAt.toISOString(),
  };
}

async function currentPriceOf(tx: Tx, productId: string, storeId: string): Promise<number | null> {
  const [row] = await tx
    .select({ price: currentPrices.priceXaf })
    .from(currentPrices)
    .where(and(eq(currentPrices.productId, productId), eq(currentPrices.storeId, storeId)));
  return row?.price ?? null;
}

/** Records one observation inside the caller's transaction, applying the trust and duplicate rules. */
export async function recordObservation(tx: Tx, input: NewObservation): Promise<RecordedObservation> {
  const { productId, store, now } = input;
  // One writer at a time per product and store: the median, the duplicate check and the current
  // price then see every earlier observation.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price:${productId}:${store.id}`}))`);

  const [repeated] = await tx
    .select()
    .from(priceObservations)
    .where(
      and(
        eq(priceObservations.userId, input.userId),
        gte(priceObservations.createdAt, new Date(now.getTime() - TRUST.duplicateWindowMs)),
        eq(priceObservations.productId, productId),
        eq(priceObservations.storeId, store.id),
        eq(priceObservations.priceXaf, input.price),
        eq(priceObservations.source, input.source),
      ),
    )
    .orderBy(desc(priceObservations.createdAt))
    .limit(1);
  if (repeated) return { observation: repeated, duplicate: true, currentPrice: await currentPriceOf(tx, productId, store.id) };

  const recent = await tx
    .select({ price: priceObservations.priceXaf })
    .from(priceObservations)
    .where(
      and(
        eq(priceObservations.productId, productId),
        eq(priceObservations.storeId, store.id),
        eq(priceObservations.status, 'accepted'),
        gte(priceObservations.observedAt, new Date(now.getTime() - TRUST.medianWindowDays * DAY_MS)),
      ),
    )
    .orderBy(desc(priceObservations.observedAt))
    .limit(TRUST.medianMaxObservations);
  const verdict = assessObservation({
    price: input.price,
    distanceKm: input.position ? haversineKm(input.position, store) : null,
    recentPrices: recent.map((r) => r.price),
  });

  let previous: number | null = null;
  const [observation] = await tx
    .insert(priceObservations)
    .values({
      productId,
      storeId: store.id,
      userId: input.userId,
      priceXaf: input.price,
      latitude: input.position?.latitude ?? null,
      longitude: input.position?.longitude ?? null,
      photoUrl: input.photoUrl ?? null,
      source: input.source,
      status: verdict.status,
      reviewReason: verdict.reason,
      observedAt: now,
      createdAt: now,
    })
    .returning();

  if (verdict.status === 'accepted') {
    previous = await currentPriceOf(tx, productId, store.id);
    await tx
      .insert(currentPrices)
      .values({ productId, storeId: store.id, priceXaf: input.price, observationId: observation.id, observedAt: now })
      .onConflictDoUpdate({
        target: [currentPrices.productId, currentPrices.storeId],
        set: { priceXaf: sql`excluded.price_xaf`, observationId: sql`excluded.observation_id`, observedAt: sql`excluded.observed_at` },
        setWhere: sql`${currentPrices.observedAt} <= excluded.observed_at`,
      });
  }
  const currentPrice = await currentPriceOf(tx, productId, store.id);
  // A cheaper current price is news for everyone who has this product on a list (price_alert).
  if (previous !== null && currentPrice !== null && currentPrice < previous) {
    await notifyPriceDrop(tx, { productId, storeId: store.id, previousXaf: previous, newXaf: currentPrice }, now);
  }
  return { observation, duplicate: false, currentPrice };
}

async function assertProductExists(deps: AppDeps, id: string): Promise<void> {
  const [row] = isUuid(id) ? await deps.db.select({ id: products.id }).from(products).where(eq(products.id, id)) : [];
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
}

/** POST /api/prices/contribute. */
export async function contribute(
  deps: AppDeps,
  principal: Principal,
  input: z.output<typeof ContributionSchema>,
): Promise<ContributionResponse> {
  await assertProductExists(deps, input.product_id);
  const store = await findStore(deps.db, input.store_id);
  let photoUrl: string | null = null;
  if (input.image_base64) {
    const bytes = decodeBase64Image(input.image_base64, IMAGE_MAX_BYTES, 'IMAGE_TOO_LARGE');
    [photoUrl] = await storeImage(deps.storage, 'prices', bytes, PHOTO_VARIANTS);
  }
  const recorded = await deps.db.transaction((tx) =>
    recordObservation(tx, {
      productId: input.product_id,
      store,
      userId: principal.userId,
      price: input.price,
      source: 'contribution',
      position: { latitude: input.latitude, longitude: input.longitude },
      photoUrl,
      now: deps.now(),
    }),
  );
  if (!recorded.duplicate) catalogueCache(deps.db).clear();
  const { observation, duplicate, currentPrice } = recorded;
  const message = duplicate ? fr.contribute.duplicate : observation.status === 'held' ? fr.contribute.held : fr.contribute.success;
  return { success: true, observation: toApiObservation(observation), current_price: currentPrice, duplicate, message };
}

const HISTORY_MAX_POINTS = 5000;

/** GET /api/products/{id}/price-history: accepted prices over the last `days`, one series per store. */
export async function priceHistory(deps: AppDeps, productId: string, days: number): Promise<PriceHistory> {
  await assertProductExists(deps, productId);
  const since = new Date(deps.now().getTime() - days * DAY_MS);
  const rows = await deps.db
    .select({ storeId: priceObservations.storeId, storeName: stores.name, observedAt: priceObservations.observedAt, price: priceObservations.priceXaf })
    .from(priceObservations)
    .innerJoin(stores, eq(stores.id, priceObservations.storeId))
    .where(and(eq(priceObservations.productId, productId), eq(priceObservations.status, 'accepted'), gte(priceObservations.observedAt, since)))
    .orderBy(asc(priceObservations.observedAt))
    .limit(HISTORY_MAX_POINTS);
  const series = new Map<string, PriceHistory['series'][number]>();
  for (const row of rows) {
    let entry = series.get(row.storeId);
    if (!entry) series.set(row.storeId, (entry = { store_id: row.storeId, store_name: row.storeName, points: [] }));
    entry.points.push({ observed_at: row.observedAt.toISOString(), price: row.price });
  }
  return {
    product_id: productId,
    currency: 'XAF',
    series: [...series.values()].sort((a, b) => a.store_name.localeCompare(b.store_name, 'fr')),
  };
}
