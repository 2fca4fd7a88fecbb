// The nearest-store plan: everything bought at the one store closest to the user (haversine km)
// among the stores that price at least one item of the list. Distance ties go to store order.
// Its one delivery fee is waived when the items total reaches the free-delivery threshold.
import { haversineKm, isValidPosition } from '../platform/geo';
import { assertPlanParameters, normalizeBasket } from './normalize';
import { alternativesOf, deliveryFeeOf } from './plan';
import type { NearestPlannedItem, NearestStoreInput, NearestStorePlan } from './types';

export function planNearestStore(input: NearestStoreInput): NearestStorePlan {
  assertPlanParameters(1, input.storeFee, input.freeDeliveryFrom);
  if (!isValidPosition(input.userPosition)) throw new RangeError('invalid user position');
  const basket = normalizeBasket(input.items);
  const positions = new Map(input.stores.filter((s) => isValidPosition(s.position)).map((s) => [s.storeId, s.position]));

  let nearest = -1;
  let distanceKm: number | null = null;
  basket.storeIds.forEach((storeId, rank) => {
    const position = positions.get(storeId);
    if (!position) return;
    const distance = haversineKm(input.userPosition, position);
    if (distanceKm === null || distance < distanceKm) {
      nearest = rank;
      distanceKm = distance;
    }
  });

  let itemsCost = 0;
  let availableCount = 0;
  const items = basket.items.map((item, index): NearestPlannedItem => {
    const alternatives = alternativesOf(basket, item.offers);
    if (item.offers.length === 0) return { index, status: 'unpriced', unitPrice: null, totalPrice: null, alternatives };
    const offer = item.offers.find((o) => o.store === nearest);
    if (!offer) return { index, status: 'unavailable', unitPrice: null, totalPrice: null, alternatives };
    itemsCost += offer.lineCost;
    availableCount++;
    return { index, status: 'available', unitPrice: offer.unitPrice, totalPrice: offer.lineCost, alternatives };
  });
  const deliveryFee = nearest >= 0 ? deliveryFeeOf(itemsCost, 1, input.storeFee, input.freeDeliveryFrom) : 0;
  return {
    storeId: nearest >= 0 ? basket.storeIds[nearest] : null,
    distanceKm,
    items,
    itemsCost,
    deliveryFee,
    totalCost: itemsCost + deliveryFee,
    availableCount,
  };
}
