// Drops stores that can never be in the preferred optimal plan.
//
// t dominates s when t prices every item s prices, at a line cost ≤ s's on each, and either t comes
// first in store order or t is strictly cheaper on every item of s. Replacing s by t in any plan
// then keeps or raises coverage, keeps or lowers cost, and strictly improves the tie-break key
// (fewer stores if t was already there; else — store order being nearer first — a total distance
// no larger and a smaller sorted rank list, or a strictly lower cost because s was the unique
// cheapest somewhere — if it was not, dropping s alone is already better). The relation
// is a strict partial order, so each dropped store has an undominated dominator: dropping all of
// them at once is safe, coverage-first objective and tie-breaks included.
import { flatOffers, type SearchInstance } from './instance';

export function undominatedStores(instance: SearchInstance): number[] {
  const { itemCount: n, storeCount: m, storeItems, storeCosts, itemSellers } = instance;
  const dense = new Float64Array(n * m).fill(Infinity);
  for (let s = 0; s < m; s++) {
    const items = storeItems[s];
    for (let t = 0; t < items.length; t++) dense[s * n + items[t]] = storeCosts[s][t];
  }
  const kept: number[] = [];
  for (let s = 0; s < m; s++) {
    const items = storeItems[s];
    const costs = storeCosts[s];
    if (items.length === 0) continue;
    // A dominator sells s's rarest item: only its sellers need checking.
    let rarest = items[0];
    for (let t = 1; t < items.length; t++) if (itemSellers[items[t]].length < itemSellers[rarest].length) rarest = items[t];
    let dominated = false;
    for (const d of itemSellers[rarest]) {
      if (d === s || storeItems[d].length < items.length) continue;
      let weak = true;
      let strict = true;
      const row = d * n;
      for (let t = 0; t < items.length && weak; t++) {
        const other = dense[row + items[t]];
        if (other > costs[t]) weak = false;
        else if (other === costs[t]) strict = false;
      }
      if (weak && (d < s || strict)) {
        dominated = true;
        break;
      }
    }
    if (!dominated) kept.push(s);
  }
  return kept;
}

/** The same instance over a subset of its stores (indices ascending, so store order is kept). */
export function restrictStores(instance: SearchInstance, kept: readonly number[]): SearchInstance {
  const newIndex = new Int32Array(instance.storeCount).fill(-1);
  kept.forEach((s, index) => (newIndex[s] = index));
  const storeItems = kept.map((s) => instance.storeItems[s]);
  const storeCosts = kept.map((s) => instance.storeCosts[s]);
  return {
    ...instance,
    storeCount: kept.length,
    storeItems,
    storeCosts,
    offers: flatOffers(storeItems, storeCosts),
    itemSellers: instance.itemSellers.map((sellers) => Int32Array.from(sellers.filter((s) => newIndex[s] >= 0), (s) => newIndex[s])),
    storeRanks: kept.map((s) => instance.storeRanks[s]),
    storeDistances: Float64Array.from(kept, (s) => instance.storeDistances[s]),
  };
}
