// The best-prices plan: the exact optimum of
//   1. most items covered (priced items bought somewhere within maxStores stores), then
//   2. least total cost Σ unit price × quantity + storeFee × stores used,
// ties broken by fewer stores, then the smallest store ids (store order = code-unit order of the
// ids, compared on the sorted ids of the two plans); inside a plan each item goes to the cheapest
// chosen store, ties in store order. The optimal set never holds a store that serves nothing:
// dropping it would keep coverage and cost with fewer stores.
//
// Pipeline: normalise → drop dominated stores (reduce.ts) → greedy then local search for a first
// incumbent → Lagrangian bound → branch and bound (search.ts) → item-by-item plan (plan.ts).
import { greedyStoreSet } from './greedy';
import { buildInstance, evaluateSet } from './instance';
import { lagrangianBound } from './lagrangian';
import { improveBySwaps } from './local-search';
import { assertPlanParameters, normalizeBasket, type NormalizedBasket } from './normalize';
import { buildPlan } from './plan';
import { restrictStores, undominatedStores } from './reduce';
import { searchBestSet } from './search';
import type { BasketPlan, BestPricesInput } from './types';

export function planBestPrices(input: BestPricesInput): BasketPlan {
  assertPlanParameters(input.maxStores, input.storeFee);
  const basket = normalizeBasket(input.items);
  return buildPlan(basket, bestStoreRanks(basket, input.maxStores, input.storeFee), input.storeFee);
}

/** Switches for tests: each speed-up can be turned off to show the others are sound on their own. */
export type SearchOptions = { dominance?: boolean; lagrangian?: boolean };

/** Ranks (in basket store order) of the optimal store set, ascending. */
export function bestStoreRanks(basket: NormalizedBasket, maxStores: number, storeFee: number, options: SearchOptions = {}): number[] {
  const full = buildInstance(basket, basket.storeIds.map((_, rank) => rank), storeFee, maxStores);
  if (full.itemCount === 0) return [];
  const instance = options.dominance === false ? full : restrictStores(full, undominatedStores(full));
  const incumbent = improveBySwaps(instance, greedyStoreSet(instance));
  const bound = options.lagrangian === false ? null : lagrangianBound(instance, evaluateSet(instance, incumbent));
  return searchBestSet(instance, incumbent, bound).map((s) => instance.storeRanks[s]);
}
