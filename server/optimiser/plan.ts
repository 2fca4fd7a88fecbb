// Turns a chosen set of stores into the item-by-item plan. Shared by every solver so that the
// exact, greedy and reference searches differ only in which stores they pick.
import type { NormalizedBasket, NormalizedOffer } from './normalize';
import type { Alternative, BasketPlan, PlannedItem } from './types';

export function alternativesOf(basket: NormalizedBasket, offers: readonly NormalizedOffer[]): Alternative[] {
  return offers.map((o) => ({ storeId: basket.storeIds[o.store], unitPrice: o.unitPrice, totalPrice: o.lineCost }));
}

/** The delivery rule: one fee per store used, none once the items total reaches the free-delivery threshold. */
export function deliveryFeeOf(itemsCost: number, storeCount: number, storeFee: number, freeDeliveryFrom = Infinity): number {
  return itemsCost >= freeDeliveryFrom ? 0 : storeFee * storeCount;
}

/**
 * Each item goes to the first of its offers (cheapest unit price, then store order) whose store is
 * chosen, unless `assigned` names its store (rank, or -1: not assigned) — a plan that reaches free
 * delivery may buy an item dearer than at the cheapest chosen store (see free-delivery.ts); priced
 * items with no chosen seller are `not_obtainable`. Stores given but serving no item are not
 * counted: an optimal set never has one (see best-prices.ts).
 */
export function buildPlan(
  basket: NormalizedBasket,
  chosenStores: readonly number[],
  storeFee: number,
  freeDeliveryFrom = Infinity,
  assigned?: readonly number[],
): BasketPlan {
  const chosen = new Set(chosenStores);
  const used = new Set<number>();
  let itemsCost = 0;
  let coveredCount = 0;
  let pricedCount = 0;
  const items = basket.items.map((item, index): PlannedItem => {
    const alternatives = alternativesOf(basket, item.offers);
    if (item.offers.length === 0) {
      return { index, status: 'unpriced', storeId: null, unitPrice: null, totalPrice: null, alternatives };
    }
    pricedCount += 1;
    const forced = assigned?.[index] ?? -1;
    const pick = forced >= 0 ? item.offers.find((o) => o.store === forced) : item.offers.find((o) => chosen.has(o.store));
    if (!pick) return { index, status: 'not_obtainable', storeId: null, unitPrice: null, totalPrice: null, alternatives };
    used.add(pick.store);
    itemsCost += pick.lineCost;
    coveredCount += 1;
    return { index, status: 'priced', storeId: basket.storeIds[pick.store], unitPrice: pick.unitPrice, totalPrice: pick.lineCost, alternatives };
  });
  const storeIds = [...used].sort((a, b) => a - b).map((rank) => basket.storeIds[rank]);
  const deliveryFee = deliveryFeeOf(itemsCost, storeIds.length, storeFee, freeDeliveryFrom);
  return { items, storeIds, itemsCost, deliveryFee, totalCost: itemsCost + deliveryFee, coveredCount, pricedCount };
}
