// Validates a shopping list and puts it in the one canonical form every solver works from, so that
// the order of items' offers (or duplicated offers) can never change a plan.
import type { BasketItem } from './types';

/** Plain code-unit order of the ids (locale-independent): the last word of store order. */
export function compareStoreIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Store order, used for every tie: nearer first (whole metres from the user), stores of unknown
 * distance after every located one, then code-unit order of the ids. Without distances it is id order.
 */
export function storeOrder(distances: ReadonlyMap<string, number> | undefined): (a: string, b: string) => number {
  const distanceOf = (id: string) => distances?.get(id) ?? Infinity;
  return (a, b) => {
    const da = distanceOf(a);
    const db = distanceOf(b);
    return da !== db ? (da < db ? -1 : 1) : compareStoreIds(a, b);
  };
}

/** Money stays integer XAF even for fractional quantities (e.g. 1.5 kg). */
export function lineCost(unitPrice: number, quantity: number): number {
  return Math.round(unitPrice * quantity);
}

/** `store` is the rank of the store id in store order. */
export type NormalizedOffer = { store: number; unitPrice: number; lineCost: number };

/** `offers`: one per store (its lowest price), cheapest unit price first, ties in store order. */
export type NormalizedItem = { quantity: number; offers: NormalizedOffer[] };

/**
 * `storeIds[rank]`: every store pricing at least one item, in store order; `storeDistances[rank]`:
 * its distance in metres (Infinity when unknown), so rank order is also distance order.
 */
export type NormalizedBasket = { storeIds: string[]; storeDistances: number[]; items: NormalizedItem[] };

export function normalizeBasket(items: readonly BasketItem[], distances?: ReadonlyMap<string, number>): NormalizedBasket {
  for (const [storeId, metres] of distances ?? []) {
    if (!Number.isSafeInteger(metres) || metres < 0) throw new RangeError(`store ${storeId}: distance must be whole metres ≥ 0`);
  }
  // One hash lookup per offer: each id gets the index of its first appearance, remembered per
  // offer (seenIndex), and only the distinct ids are sorted into store order afterwards.
  const firstIndex = new Map<string, number>();
  const seen: string[] = [];
  let offerCount = 0;
  for (const item of items) offerCount += item.offers.length;
  const seenIndex = new Int32Array(offerCount);
  let o = 0;
  for (const [index, item] of items.entries()) {
    if (!Number.isFinite(item.quantity) || item.quantity <= 0) {
      throw new RangeError(`item ${index}: quantity must be a positive number`);
    }
    for (const offer of item.offers) {
      if (typeof offer.storeId !== 'string' || offer.storeId === '') throw new RangeError(`item ${index}: empty storeId`);
      if (!Number.isFinite(offer.unitPrice) || offer.unitPrice < 0) {
        throw new RangeError(`item ${index}: unit price must be a non-negative number`);
      }
      let at = firstIndex.get(offer.storeId);
      if (at === undefined) {
        at = seen.length;
        firstIndex.set(offer.storeId, at);
        seen.push(offer.storeId);
      }
      seenIndex[o++] = at;
    }
  }
  const storeIds = [...seen].sort(storeOrder(distances));
  const rankOfSeen = new Int32Array(seen.length);
  storeIds.forEach((id, rank) => (rankOfSeen[firstIndex.get(id)!] = rank));
  // Position of each store in the item being read (-1: not seen), reset after each item.
  const seenAt = new Int32Array(storeIds.length).fill(-1);
  o = 0;
  return {
    storeIds,
    storeDistances: storeIds.map((id) => distances?.get(id) ?? Infinity),
    items: items.map((item) => {
      const offers: NormalizedOffer[] = [];
      for (const offer of item.offers) {
        const store = rankOfSeen[seenIndex[o++]];
        const at = seenAt[store];
        if (at < 0) {
          seenAt[store] = offers.length;
          offers.push({ store, unitPrice: offer.unitPrice, lineCost: 0 });
        } else if (offer.unitPrice < offers[at].unitPrice) {
          offers[at].unitPrice = offer.unitPrice;
        }
      }
      for (const offer of offers) offer.lineCost = lineCost(offer.unitPrice, item.quantity);
      const sorted = sortOffers(offers, seenAt, storeIds.length);
      for (const offer of offers) seenAt[offer.store] = -1;
      return { quantity: item.quantity, offers: sorted };
    }),
  };
}

/**
 * Cheapest unit price first, ties in store order. Whole prices pack with the rank into one number
 * (price × stores + rank, exact below 2^53) sorted natively, with no comparator call per step;
 * `positionOf[rank]` is the offer's position in `offers`.
 */
function sortOffers(offers: NormalizedOffer[], positionOf: Int32Array, storeCount: number): NormalizedOffer[] {
  const keys = new Float64Array(offers.length);
  for (let t = 0; t < offers.length; t++) {
    const { unitPrice, store } = offers[t];
    const key = unitPrice * storeCount + store;
    if (!Number.isInteger(unitPrice) || key >= Number.MAX_SAFE_INTEGER) return offers.sort((a, b) => a.unitPrice - b.unitPrice || a.store - b.store);
    keys[t] = key;
  }
  keys.sort();
  return Array.from(keys, (key) => offers[positionOf[key % storeCount]]);
}

export function assertPlanParameters(maxStores: number, storeFee: number, freeDeliveryFrom?: number): void {
  if (!Number.isSafeInteger(maxStores) || maxStores < 1) throw new RangeError('maxStores must be an integer ≥ 1');
  if (!Number.isSafeInteger(storeFee) || storeFee < 0) throw new RangeError('storeFee must be an integer ≥ 0');
  if (freeDeliveryFrom !== undefined && (!Number.isSafeInteger(freeDeliveryFrom) || freeDeliveryFrom < 0)) {
    throw new RangeError('freeDeliveryFrom must be an integer ≥ 0');
  }
}
