// Greedy heuristic: repeatedly add the store that lowers f the most, while it lowers f at all and
// the cap allows. It is the exact search's first incumbent and the benchmark's comparison point.
import { assertPlanParameters, normalizeBasket } from './normalize';
import { buildInstance, type SearchInstance } from './instance';
import { buildPlan } from './plan';
import type { BasketPlan, BestPricesInput } from './types';

/** Store indices picked by the greedy rule, ascending; ties go to the lowest index (store order: nearer first). */
export function greedyStoreSet(instance: SearchInstance): number[] {
  const { itemCount, storeCount, storeItems, storeCosts, fee, maxStores } = instance;
  const cur = new Float64Array(itemCount).fill(instance.big);
  const chosen: number[] = [];
  const taken = new Uint8Array(storeCount);
  while (chosen.length < maxStores) {
    let bestStore = -1;
    let bestSaving = 0;
    for (let s = 0; s < storeCount; s++) {
      if (taken[s]) continue;
      const items = storeItems[s];
      const costs = storeCosts[s];
      let saving = -fee;
      for (let t = 0; t < items.length; t++) {
        const gain = cur[items[t]] - costs[t];
        if (gain > 0) saving += gain;
      }
      if (saving > bestSaving) {
        bestSaving = saving;
        bestStore = s;
      }
    }
    if (bestStore < 0) break;
    taken[bestStore] = 1;
    chosen.push(bestStore);
    const items = storeItems[bestStore];
    const costs = storeCosts[bestStore];
    for (let t = 0; t < items.length; t++) if (costs[t] < cur[items[t]]) cur[items[t]] = costs[t];
  }
  return chosen.sort((a, b) => a - b);
}

/** The greedy plan for a list (same objective and plan rules as planBestPrices, not optimal). */
export function planGreedy(input: BestPricesInput): BasketPlan {
  assertPlanParameters(input.maxStores, input.storeFee, input.freeDeliveryFrom);
  const basket = normalizeBasket(input.items, input.storeDistances);
  const instance = buildInstance(basket, basket.storeIds.map((_, rank) => rank), input.storeFee, input.maxStores);
  const chosen = greedyStoreSet(instance).map((s) => instance.storeRanks[s]);
  return buildPlan(basket, chosen, input.storeFee, input.freeDeliveryFrom);
}
