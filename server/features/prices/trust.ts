// Whether a price observation can be published. Pure rules, no I/O (see TRUST in contract/prices.ts):
//   1. A contributor more than 1 km from the store was probably not in it: held ('too_far').
//   2. A price more than 3× above or below the store's recent median for the product (accepted
//      observations of the last 90 days, at most the latest 20) is probably a typo or another
//      product: held ('price_outlier'). Without recent history there is nothing to compare with,
//      so the price is accepted.
// Held observations are kept with their reason for review and are never used for current prices.
import { TRUST } from '#contract/prices';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';

export type TrustVerdict = { status: 'accepted'; reason: null } | { status: 'held'; reason: string; rule: 'too_far' | 'price_outlier' };

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const formatKm = (km: number) => km.toLocaleString('fr-FR', { maximumFractionDigits: 1 });

export function assessObservation(input: { price: number; distanceKm: number | null; recentPrices: number[] }): TrustVerdict {
  if (input.distanceKm !== null && input.distanceKm > TRUST.maxDistanceKm) {
    return { status: 'held', rule: 'too_far', reason: fr.contribute.heldTooFar(formatKm(input.distanceKm)) };
  }
  const recent = median(input.recentPrices);
  if (recent !== null && (input.price > recent * TRUST.outlierFactor || input.price * TRUST.outlierFactor < recent)) {
    return { status: 'held', rule: 'price_outlier', reason: fr.contribute.heldOutlier(formatXaf(input.price), formatXaf(recent)) };
  }
  return { status: 'accepted', reason: null };
}
