// Crowdsourced prices (spec part 1 sections 3, 5, 7): the contribution payload, its answer, the trust
// constants and the price history.
import { z } from 'zod';
import { IMAGE_DATA_URL_MAX_CHARS } from './constants';
import { fr } from './messages';
import { LatitudeField, LongitudeField, PriceField, type CURRENCY_CODE } from './products';

/** Trust rules for a price (ARCHITECTURE.md "Beyond the spec"): see server/features/prices/trust.ts. */
export const TRUST = {
  /** A contributor farther than this from the store is held for review. */
  maxDistanceKm: 1,
  /** A price more than this factor above or below the store's recent median is held. */
  outlierFactor: 3,
  /** The store's recent median uses accepted observations of the last 90 days… */
  medianWindowDays: 90,
  /** …at most the latest 20 of them. */
  medianMaxObservations: 20,
  /** The same user, product, store and price again within a minute counts once. */
  duplicateWindowMs: 60_000,
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

export type ObservationStatus = 'accepted' | 'held';

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
  message: string;
};

export const PriceHistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(730).default(180),
});

export type PriceHistoryPoint = { observed_at: string; price: number };
export type PriceHistorySeries = { store_id: string; store_name: string; points: PriceHistoryPoint[] };
export type PriceHistory = { product_id: string; currency: typeof CURRENCY_CODE; series: PriceHistorySeries[] };
