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
  const ids = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (!Number.isFinite(item.quantity) || item.quantity <= 0) {
      throw new RangeError(`item ${index}: quantity must be a positive number`);
    }
    for (const offer of item.offers) {
      if (typeof offer.storeId !== 'string' || offer.storeId === '') throw new RangeError(`item ${index}: empty storeId`);
      if (!Number.isFinite(offer.unitPrice) || offer.unitPrice < 0) {
        throw new RangeError(`item ${index}: unit price must be a non-negative number`);
      }
      ids.add(offer.storeId);
    }
  }
  const storeIds = [...ids].sort(storeOrder(distances));
  const rankOf = new Map(storeIds.map((id, rank) => [id, rank]));
  // Position of each store in the item being read (-1: not seen), reset after each item.
  const seenAt = new Int32Array(storeIds.length).fill(-1);
  return {
    storeIds,
    storeDistances: storeIds.map((id) => distances?.get(id) ?? Infinity),
    items: items.map((item) => {
      const offers: NormalizedOffer[] = [];
      for (const offer of item.offers) {
        const store = rankOf.get(offer.storeId)!;
        const at = seenAt[store];
        if (at < 0) {
          seenAt[store] = offers.length;
          offers.push({ store, unitPrice: offer.unitPrice, lineCost: 0 });
        } else if (offer.unitPrice < offers[at].unitPrice) {
          offers[at].unitPrice = offer.unitPrice;
        }
      }
      for (const offer of offers) {
        seenAt[offer.store] = -1;
        offer.lineCost = lineCost(offer.unitPrice, item.quantity);
      }
      offers.sort((a, b) => a.unitPrice - b.unitPrice || a.store - b.store);
      return { quantity: item.quantity, offers };
    }),
  };
}

export function assertPlanParameters(maxStores: number, storeFee: number, freeDeliveryFrom?: number): void {
  if (!Number.isSafeInteger(maxStores) || maxStores < 1) throw new RangeError('maxStores must be an integer ≥ 1');
  if (!Number.isSafeInteger(storeFee) || storeFee < 0) throw new RangeError('storeFee must be an integer ≥ 0');
  if (freeDeliveryFrom !== undefined && (!Number.isSafeInteger(freeDeliveryFrom) || freeDeliveryFrom < 0)) {
    throw new RangeError('freeDeliveryFrom must be an integer ≥ 0');
  }
}
