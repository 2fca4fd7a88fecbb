// Price observations: the one path every price takes into the system (the contribution page, the
// product dialogs and quick add all call recordObservation), and the price history.
//
// An observation is checked (trust.ts: held for a moderator when the contributor was far from the
// store or the price is wildly off the shown one), rate-limited per user, stored with the
// contributor's voice, and then the shown price is recomputed as the consensus of every voice
// (consensus.ts, current-price.ts). Identical submissions (same user, product, store and price)
// within a minute are counted once: the second one answers the first observation and writes nothing.
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { TRUST, type ContributionResponse, type ContributionSchema, type PriceHistory, type PriceObservation } from '#contract/prices';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { priceObservations, stores } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { haversineKm, type LatLng } from '../../platform/geo';
import { decodeBase64Image, type ImageVariant, storeImage } from '../../platform/images';
import { isUuid } from '../../platform/ids';
import { catalogueChanged } from '../products/catalogue-cache';
import { findStore, type StoreRow } from '../stores/stores.service';
import { pricesAgree } from './consensus';
import { lockProductStore, refreshCurrentPrice, rewardAgreement, shownPrice, voicesIn } from './current-price';
import { corroborateEarlier } from './probation';
import { entryOf, visibleTo } from '../products/catalogue-listing';
import { speakerOf } from '../auth/people';
import { assessObservation } from './trust';

const DAY_MS = 24 * 60 * 60 * 1000;
const PHOTO_VARIANTS: ImageVariant[] = [
  { suffix: '.webp', width: 1280, fit: 'inside' },
  { suffix: '-thumb.webp', width: 320, height: 320, fit: 'cover' },
];

/** 'store': a merchant's published price list (its store's announced prices, issue 29). */
export type ObservationSource = 'contribution' | 'receipt' | 'product_form' | 'store';
/** The sources of what a shopper contributed (their stats count these). */
export const CONTRIBUTED_SOURCES: ObservationSource[] = ['contribution', 'receipt'];
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
  /** The address the request came from (evidence for moderators). */
  ip?: string | null;
  now: Date;
  /** When the price was seen, if not now (a till receipt's date); never later than `now`. */
  observedAt?: Date;
};

export type RecordedObservation = {
  observation: ObservationRow;
  duplicate: boolean;
  /** The price shown for the product in the store afterwards (null if none). */
  currentPrice: number | null;
  /** Accepted, but the shown price is not (yet) this one: it waits for another contributor to agree. */
  awaitingConfirmation: boolean;
};

function toApiObservation(row: ObservationRow): PriceObservation {
  return {
    id: row.id,
    product_id: row.productId,
    store_id: row.storeId,
    price: row.priceXaf,
    status: row.status === 'held' ? 'held' : row.status === 'rejected' ? 'rejected' : 'accepted',
    review_reason: row.reviewReason,
    photo_url: row.photoUrl,
    observed_at: row.observedAt.toISOString(),
  };
}

/**
 * Per person (every account of one verified phone together): a few prices per product and store,
 * and a daily total (counted over the last 24 hours).
 */
async function assertWithinLimits(tx: Tx, input: NewObservation, voice: string): Promise<void> {
  const since = new Date(input.now.getTime() - DAY_MS);
  const [counts] = await tx
    .select({
      total: count(),
      sameItem: sql<number>`count(*) filter (where ${priceObservations.productId} = ${input.productId} and ${priceObservations.storeId} = ${input.store.id})`.mapWith(Number),
    })
    .from(priceObservations)
    .where(and(sql`${priceObservations.voiceId} = ${voice}`, gte(priceObservations.createdAt, since)));
  if (counts.sameItem >= TRUST.maxPerItemPerDay) throw new AppError('TOO_MANY_PRICES_FOR_ITEM');
  // A store's own list is published whole (up to PRICE_LIST_MAX_ROWS lines) by its approved merchant.
  if (input.source !== 'store' && counts.total >= TRUST.maxPerUserPerDay) throw new AppError('TOO_MANY_PRICES_TODAY');
}

/** Records one observation inside the caller's transaction, applying the trust, limit and duplicate rules. */
export async function recordObservation(tx: Tx, input: NewObservation): Promise<RecordedObservation> {
  const { productId, store, now } = input;
  const speaker = await speakerOf(tx, input.userId);
  const voice = speaker.voice;
  // The person's lock makes the daily count exact under concurrent requests (from any of their
  // accounts); the product-store lock makes the consensus see every earlier observation. Always
  // taken in this order.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`observations:${voice}`}))`);
  await lockProductStore(tx, productId, store.id);

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
  if (repeated) {
    const currentPrice = await shownPrice(tx, productId, store.id);
    return { observation: repeated, duplicate: true, currentPrice, awaitingConfirmation: awaiting(repeated, currentPrice) };
  }
  await assertWithinLimits(tx, input, voice);

  const verdict = assessObservation({
    price: input.price,
    distanceKm: input.position ? haversineKm(input.position, store) : null,
    shownPrice: await shownPrice(tx, productId, store.id),
  });
  const [observation] = await tx
    .insert(priceObservations)
    .values({
      productId,
      storeId: store.id,
      userId: input.userId,
      voiceId: voice,
      priceXaf: input.price,
      latitude: input.position?.latitude ?? null,
      longitude: input.position?.longitude ?? null,
      photoUrl: input.photoUrl ?? null,
      ip: input.ip ?? null,
      source: input.source,
      status: verdict.status,
      reviewReason: verdict.reason,
      probation: speaker.onProbation,
      observedAt: input.observedAt && input.observedAt < now ? input.observedAt : now,
      createdAt: now,
    })
    .returning();

  if (verdict.status === 'held') {
    const currentPrice = await shownPrice(tx, productId, store.id);
    return { observation, duplicate: false, currentPrice, awaitingConfirmation: false };
  }
  await rewardAgreement(tx, { id: observation.id, voice, price: input.price, probation: speaker.onProbation }, await voicesIn(tx, productId, store.id), now);
  if (!speaker.onProbation) await corroborateEarlier(tx, { productId, storeId: store.id, voice, price: input.price, observationId: observation.id, now });
  const { shown: currentPrice } = await refreshCurrentPrice(tx, productId, store.id, now);
  return { observation, duplicate: false, currentPrice, awaitingConfirmation: awaiting(observation, currentPrice) };
}

/** Accepted, but what others see is not (yet) this price; a new person's prices always wait. */
const awaiting = (row: ObservationRow, currentPrice: number | null) =>
  row.status === 'accepted' && (row.probation || currentPrice === null || !pricesAgree(row.priceXaf, currentPrice));

/** The product exists and `viewer` may see it (a hidden product takes no price; a pending one only its author's). */
async function assertProductExists(deps: AppDeps, id: string, viewer: Principal | null | undefined): Promise<void> {
  const entry = isUuid(id) ? await entryOf(deps.db, 'products', id) : undefined;
  if (!entry || !visibleTo(entry, viewer)) throw new AppError('PRODUCT_NOT_FOUND');
}

/** POST /api/prices/contribute. */
export async function contribute(
  deps: AppDeps,
  principal: Principal,
  input: z.output<typeof ContributionSchema>,
  ip: string,
): Promise<ContributionResponse> {
  await assertProductExists(deps, input.product_id, principal);
  const store = await findStore(deps.db, input.store_id, principal);
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
      ip,
      now: deps.now(),
    }),
  );
  if (!recorded.duplicate) await catalogueChanged(deps.db);
  const { observation, duplicate, currentPrice, awaitingConfirmation } = recorded;
  const message = duplicate
    ? fr.contribute.duplicate
    : observation.status === 'held'
      ? fr.contribute.held
      : observation.probation
        ? fr.contribute.probation
        : awaitingConfirmation
          ? fr.contribute.awaitingConfirmation
          : fr.contribute.success;
  return {
    success: true,
    observation: toApiObservation(observation),
    current_price: currentPrice,
    duplicate,
    awaiting_confirmation: awaitingConfirmation,
    on_probation: observation.probation,
    message,
  };
}

const HISTORY_MAX_POINTS = 5000;

/** GET /api/products/{id}/price-history: accepted prices over the last `days`, one series per store. */
export async function priceHistory(deps: AppDeps, productId: string, days: number, viewer?: Principal | null): Promise<PriceHistory> {
  await assertProductExists(deps, productId, viewer);
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
