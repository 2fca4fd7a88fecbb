// Whether a new price observation waits for a moderator. Pure rules, no I/O (see TRUST in contract/prices.ts):
//   1. A contributor more than 1 km from the store was probably not in it: held ('too_far').
//   2. A price more than 3× above or below the price shown for the store is probably a typo or
//      another product: held ('price_outlier'). Without a shown price there is nothing to compare
//      with; the nightly outlier job then compares it with other stores.
// Held observations are kept with their reason for review and never count until a moderator
// approves them. Everything else is accepted: a voice in the consensus (consensus.ts), which alone
// cannot move the shown price.
import { TRUST } from '#contract/prices';
import { formatOneDecimal, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';

export type TrustVerdict = { status: 'accepted'; reason: null } | { status: 'held'; reason: string; rule: 'too_far' | 'price_outlier' };

export function assessObservation(input: { price: number; distanceKm: number | null; shownPrice: number | null }): TrustVerdict {
  if (input.distanceKm !== null && input.distanceKm > TRUST.maxDistanceKm) {
    return { status: 'held', rule: 'too_far', reason: fr.contribute.heldTooFar(formatOneDecimal(input.distanceKm)) };
  }
  const shown = input.shownPrice;
  if (shown !== null && (input.price > shown * TRUST.outlierFactor || input.price * TRUST.outlierFactor < shown)) {
    return { status: 'held', rule: 'price_outlier', reason: fr.contribute.heldOutlier(formatXaf(input.price), formatXaf(shown)) };
  }
  return { status: 'accepted', reason: null };
}
