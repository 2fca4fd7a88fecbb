// Crowdsourced prices (spec part 1 sections 3, 5, 7): the contribution payload, its answer, the trust
// constants and the price history.
import { z } from './zod';
import { IMAGE_DATA_URL_MAX_CHARS, TRUST } from './constants';
import { fr } from './messages';
import { CURRENCY_CODE, LatitudeField, LongitudeField, PriceField } from './products';

// The trust rules live with the business constants, which a page can read without zod.
export { TRUST };

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

export const OBSERVATION_STATUSES = ['accepted', 'held', 'rejected'] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

export const PriceObservationSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  store_id: z.string(),
  price: z.number(),
  status: z.enum(OBSERVATION_STATUSES),
  /** Why a held observation waits for review. */
  review_reason: z.string().nullable(),
  photo_url: z.string().nullable(),
  observed_at: z.string(),
});
export type PriceObservation = z.infer<typeof PriceObservationSchema>;

/** POST /api/prices/contribute: 201, or 200 for a repeat of the same contribution. */
export const ContributionResponseSchema = z.object({
  success: z.literal(true),
  observation: PriceObservationSchema,
  /** The store's current price for the product after this contribution (null if none yet). */
  current_price: z.number().nullable(),
  /** True when the same contribution was already recorded within the minute. */
  duplicate: z.boolean(),
  /** Accepted, but not shown until another contributor agrees with it (or a moderator approves it). */
  awaiting_confirmation: z.boolean(),
  /** Recorded « à confirmer »: the contributor is new (probation), their prices move nothing yet. */
  on_probation: z.boolean(),
  message: z.string(),
});
export type ContributionResponse = z.infer<typeof ContributionResponseSchema>;

// ---------------------------------------------------------------- flags ("Signaler ce prix")

export const FLAG_REASONS = ['wrong_price', 'wrong_product', 'wrong_store', 'outdated'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
/** Reasons a flag may carry: the users' ones, the background job's, and a store's announced price the shelves disagree with (issue 29). */
export type AnyFlagReason = FlagReason | 'outlier' | 'store_disagreement';

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

export const PriceHistoryPointSchema = z.object({ observed_at: z.string(), price: z.number() });
export type PriceHistoryPoint = z.infer<typeof PriceHistoryPointSchema>;
export const PriceHistorySeriesSchema = z.object({ store_id: z.string(), store_name: z.string(), points: z.array(PriceHistoryPointSchema) });
export type PriceHistorySeries = z.infer<typeof PriceHistorySeriesSchema>;
/** GET /api/products/{id}/price-history: the accepted observations of each store, oldest first. */
export const PriceHistorySchema = z.object({ product_id: z.string(), currency: z.literal(CURRENCY_CODE), series: z.array(PriceHistorySeriesSchema) });
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
