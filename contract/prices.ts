// Crowdsourced prices (spec part 1 sections 3, 5, 7): the contribution payload, its answer, the trust
// constants and the price history.
import { z } from './zod';
import { IMAGE_DATA_URL_MAX_CHARS } from './constants';
import { fr } from './messages';
import { LatitudeField, LongitudeField, PriceField, type CURRENCY_CODE } from './products';

/** Trust rules for a price (README "Prix : observations, consensus, réputation"); see server/features/prices/. */
export const TRUST = {
  /** A contributor farther than this from the store is held for review. */
  maxDistanceKm: 1,
  /** A price more than this factor above or below the shown price is held for review. */
  outlierFactor: 3,
  /** Two prices agree when the higher is at most this factor above the lower. */
  agreementRatio: 1.1,
  /** A voice's weight halves with every this many days of age. */
  halfLifeDays: 14,
  /** Only the most recent voices count. */
  maxVoices: 50,
  /** No voice weighs more than this share of all the others together (strictly less than them). */
  heaviestVoiceCap: 0.999,
  /** Trust weight: 1 for a newcomer, one more step per this much reputation, between min and max. */
  reputationPerTrustStep: 10,
  minTrust: 0.25,
  maxTrust: 3,
  /** Weight factor of a price entered without a position (the product dialogs). */
  unlocatedFactor: 0.5,
  /** Reputation: a point when another voice confirms an observation, more when a moderator does. */
  reputationConfirmed: 1,
  reputationApproved: 3,
  reputationRejected: -5,
  /** The same user, product, store and price again within a minute counts once. */
  duplicateWindowMs: 60_000,
  /** At most this many prices per user for one product in one store per 24 hours… */
  maxPerItemPerDay: 3,
  /** …and this many prices per user in all per 24 hours. */
  maxPerUserPerDay: 60,
  /** "Signaler ce prix": at most this many reports per user per 24 hours. */
  maxFlagsPerUserPerDay: 20,
  /** A shown price whose latest supporting observation is older than this is marked "à confirmer". */
  staleAfterDays: 30,
  /** The outlier job flags a store price outside [1/factor, factor] × the product's cross-store median. */
  crossStoreOutlierFactor: 3,
} as const;

/** POST /api/prices/contribute. image_base64 is bare base64 (or a data URL), or null. */
export const ContributionSchema = z.object({
  product_id: z.string({ error: fr.contribute.productRequired }).uuid({ error: fr.contribute.productRequired }),
  store_id: z.string({ error: fr.contribute.storeRequired }).uuid({ error: fr.contribute.storeRequired }),
  price: PriceField,
  latitude: LatitudeField(fr.contribute.locationRequired),
  longitude: LongitudeField(fr.contribute.locationRequired),
  image_base64: z.string({ error: fr.image.unreadable }).max(IMAGE_DATA_URL_MAX_CHARS, { error: fr.image.productTooLarge }).nullable().optional(),
});
export type Contribution = z.input<typeof ContributionSchema>;

export type ObservationStatus = 'accepted' | 'held' | 'rejected';

export type PriceObservation = {
  id: string;
  product_id: string;
  store_id: string;
  price: number;
  status: ObservationStatus;
  /** Why a held observation waits for review. */
  review_reason: string | null;
  photo_url: string | null;
  observed_at: string;
};

export type ContributionResponse = {
  success: true;
  observation: PriceObservation;
  /** The store's current price for the product after this contribution (null if none yet). */
  current_price: number | null;
  /** True when the same contribution was already recorded within the minute. */
  duplicate: boolean;
  /** Accepted, but not shown until another contributor agrees with it (or a moderator approves it). */
  awaiting_confirmation: boolean;
  message: string;
};

// ---------------------------------------------------------------- flags ("Signaler ce prix")

export const FLAG_REASONS = ['wrong_price', 'wrong_product', 'wrong_store', 'outdated'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
/** Reasons a flag may carry: the users' ones, and the background job's. */
export type AnyFlagReason = FlagReason | 'outlier';

/** POST /api/prices/{observation_id}/flag. */
export const FlagSchema = z.object({
  reason: z.enum(FLAG_REASONS, { error: fr.moderation.flagReasonRequired }),
  comment: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.string({ error: fr.common.invalidValue }).max(500, { error: fr.moderation.reasonTooLong }).nullable().optional(),
  ),
});
export type FlagPayload = z.input<typeof FlagSchema>;
export type FlagResponse = { success: true; message: string };

// ---------------------------------------------------------------- freshness

/**
 * How fresh and how confirmed a shown price is: "vu il y a 3 j · 4 contributeurs", and "à confirmer"
 * when its latest supporting observation is older than TRUST.staleAfterDays.
 */
export type PriceFreshness = {
  /** The observation whose price is shown (what "Signaler ce prix" reports). */
  observation_id: string | null;
  /** The latest observation that supports the shown price. */
  observed_at: string;
  contributor_count: number;
  /** A moderator approved it. */
  verified: boolean;
  /** Older than TRUST.staleAfterDays: shown "à confirmer". */
  stale: boolean;
};

export function isStale(observedAt: Date | string, now: Date): boolean {
  return now.getTime() - new Date(observedAt).getTime() > TRUST.staleAfterDays * 86_400_000;
}

export const PriceHistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(730).default(180),
});

export type PriceHistoryPoint = { observed_at: string; price: number };
export type PriceHistorySeries = { store_id: string; store_name: string; points: PriceHistoryPoint[] };
export type PriceHistory = { product_id: string; currency: typeof CURRENCY_CODE; series: PriceHistorySeries[] };
