// The best-prices plan: the exact optimum of
//   1. most items covered (priced items bought somewhere within maxStores stores), then
//   2. least total cost Σ unit price × quantity + storeFee × stores used,
// ties broken lexicographically by fewer stores, then the smaller total distance from the user to
// the stores (input.storeDistances, whole metres), then store order (nearer first, then code-unit
// order of the ids, compared on the sorted stores of the two plans); inside a plan each item goes to
// the cheapest chosen store, ties in store order, so to the nearer one. The optimal set never holds
// a store that serves nothing: dropping it would keep coverage and cost with fewer stores.
//
// Pipeline: normalise → drop dominated stores (reduce.ts) → greedy then local search for a first
// incumbent → Lagrangian bound → branch and bound (search.ts) → item-by-item plan (plan.ts).
//
// Free delivery (freeDeliveryFrom = T): a plan then costs g = items + (items ≥ T ? 0 : fee × stores).
// Every plan is either paid (items < T: g ≥ V, the optimum of the fee objective above) or free
// (items ≥ T: g = items ≥ P, the cheapest purchase reaching T), and the plans reaching V and P both
// exist, so min g = min(V, P), each side tie-broken as above:
//  1. the fee-free optimum (same search, fee 0) gives the least items total B of any plan covering
//     as many items; if B ≥ T every such plan is free and that optimum is the answer (big baskets
//     stop here, after one search);
//  2. else the fee optimum V; if V < T no free plan (≥ T) can beat it;
//  3. else P comes from free-delivery.ts, searched only up to V, and the better plan is kept.
import { cheapestReachingThreshold } from './free-delivery';
import { greedyStoreSet } from './greedy';
import { buildInstance, evaluateSet } from './instance';
import { lagrangianBound } from './lagrangian';
import { improveBySwaps } from './local-search';
import { assertPlanParameters, normalizeBasket, type NormalizedBasket } from './normalize';
import { buildPlan } from './plan';
import { restrictStores, undominatedStores } from './reduce';
import { precedes, searchBestSet, type LastStoreRule } from './search';
import type { BasketPlan, BestPricesInput } from './types';

export function planBestPrices(input: BestPricesInput, options: SearchOptions = {}): BasketPlan {
  const { maxStores, storeFee } = input;
  assertPlanParameters(maxStores, storeFee, input.freeDeliveryFrom);
  const basket = normalizeBasket(input.items, input.storeDistances);
  const threshold = input.freeDeliveryFrom ?? Infinity;
  if (threshold === Infinity || storeFee === 0) return buildPlan(basket, bestStoreRanks(basket, maxStores, storeFee, options), storeFee, threshold);

  const feeFree = buildPlan(basket, bestStoreRanks(basket, maxStores, 0, options), storeFee, threshold);
  if (feeFree.itemsCost >= threshold) return feeFree;
  const paidRanks = bestStoreRanks(basket, maxStores, storeFee, options);
  const paid = buildPlan(basket, paidRanks, storeFee, threshold);
  const paidValue = paid.itemsCost + storeFee * paid.storeIds.length;
  if (paidValue < threshold) return paid;
  // A paid plan already over T is free (its value is its items total) and a candidate for P.
  const paidIsFree = paid.itemsCost >= threshold;
  const free = cheapestReachingThreshold(basket, maxStores, paid.coveredCount, threshold, paidIsFree ? paid.itemsCost : paidValue);
  if (!free) return paid;
  if (!paidIsFree && (paidValue < free.itemsCost || (paidValue === free.itemsCost && precedes(paidRanks, free.storeRanks, basket.storeDistances)))) return paid;
  return buildPlan(basket, free.storeRanks, storeFee, threshold, free.assigned);
}

/** Switches for tests: each speed-up can be turned off to show the others are sound on their own. */
export type SearchOptions = { dominance?: boolean; lagrangian?: boolean; lastStore?: LastStoreRule };

/** Ranks (in basket store order) of the optimal store set, ascending. */
export function bestStoreRanks(basket: NormalizedBasket, maxStores: number, storeFee: number, options: SearchOptions = {}): number[] {
  const full = buildInstance(basket, basket.storeIds.map((_, rank) => rank), storeFee, maxStores);
  if (full.itemCount === 0) return [];
  const instance = options.dominance === false ? full : restrictStores(full, undominatedStores(full));
  const incumbent = improveBySwaps(instance, greedyStoreSet(instance));
  const bound = options.lagrangian === false ? null : lagrangianBound(instance, evaluateSet(instance, incumbent));
  return searchBestSet(instance, incumbent, bound, options.lastStore).map((s) => instance.storeRanks[s]);
}
