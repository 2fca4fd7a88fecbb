// The numeric form the store-set searches work on. Coverage-first is folded into one number: an
// item left uncovered costs BIG, more than any plan's whole bill, so minimising
//   f(S) = Σ_items min(BIG, cheapest line cost in S) + fee × |S|
// maximises the items covered first and minimises the cost second (the MILP uses the same trick).
import type { NormalizedBasket } from './normalize';

export type SearchInstance = {
  itemCount: number;
  storeCount: number;
  /** Per store: the items it prices (ascending) and their line costs. */
  storeItems: Int32Array[];
  storeCosts: Float64Array[];
  /** The same, flat (store s: from offers.first[s] to offers.first[s + 1]), for the hot loops. */
  offers: FlatOffers;
  /** Per item: the stores that price it. */
  itemSellers: Int32Array[];
  big: number;
  fee: number;
  maxStores: number;
  /** Store index → rank in the basket's store order; increasing, so index order is store order. */
  storeRanks: number[];
  /** Per store: metres from the user (Infinity when unknown), non-decreasing with the index. */
  storeDistances: Float64Array;
};

export type FlatOffers = { first: Int32Array; item: Int32Array; cost: Float64Array };

/** Every store's items and line costs in two arrays: a loop over any store reads the same two. */
export function flatOffers(storeItems: readonly Int32Array[], storeCosts: readonly Float64Array[]): FlatOffers {
  const first = new Int32Array(storeItems.length + 1);
  storeItems.forEach((items, s) => (first[s + 1] = first[s] + items.length));
  const item = new Int32Array(first[storeItems.length]);
  const cost = new Float64Array(first[storeItems.length]);
  storeItems.forEach((items, s) => {
    item.set(items, first[s]);
    cost.set(storeCosts[s], first[s]);
  });
  return { first, item, cost };
}

/** Builds the instance over the priced items and the stores listed in `storeRanks` (increasing). */
export function buildInstance(basket: NormalizedBasket, storeRanks: readonly number[], fee: number, maxStores: number): SearchInstance {
  const indexOfRank = new Int32Array(basket.storeIds.length).fill(-1);
  storeRanks.forEach((rank, index) => (indexOfRank[rank] = index));
  const priced = basket.items.filter((item) => item.offers.length > 0);
  const m = storeRanks.length;
  // Two passes (count, then fill) so each store's lists are allocated once at their final size.
  const counts = new Int32Array(m);
  let sumOfMax = 0;
  for (const item of priced) {
    let max = 0;
    for (const offer of item.offers) {
      if (offer.lineCost > max) max = offer.lineCost;
      const s = indexOfRank[offer.store];
      if (s >= 0) counts[s]++;
    }
    sumOfMax += max;
  }
  const storeItems = Array.from(counts, (count) => new Int32Array(count));
  const storeCosts = Array.from(counts, (count) => new Float64Array(count));
  const fill = new Int32Array(m);
  const itemSellers = priced.map((item, j) => {
    const sellers: number[] = [];
    for (const offer of item.offers) {
      const s = indexOfRank[offer.store];
      if (s < 0) continue;
      storeItems[s][fill[s]] = j;
      storeCosts[s][fill[s]++] = offer.lineCost;
      sellers.push(s);
    }
    return Int32Array.from(sellers).sort();
  });
  const big = sumOfMax + fee * Math.min(maxStores, m) + 1;
  // Sums of twice the line costs (branch-free max(0, ·) in the searches) must stay exact too.
  if (2 * big * (priced.length + 1) > Number.MAX_SAFE_INTEGER) throw new RangeError('basket too expensive for exact integer arithmetic');
  const storeDistances = Float64Array.from(storeRanks, (rank) => basket.storeDistances[rank]);
  const offers = flatOffers(storeItems, storeCosts);
  return { itemCount: priced.length, storeCount: m, storeItems, storeCosts, offers, itemSellers, big, fee, maxStores, storeRanks: [...storeRanks], storeDistances };
}

/** f(S) for a set of store indices. */
export function evaluateSet(instance: SearchInstance, stores: readonly number[]): number {
  const best = new Float64Array(instance.itemCount).fill(instance.big);
  for (const s of stores) {
    const items = instance.storeItems[s];
    const costs = instance.storeCosts[s];
    for (let t = 0; t < items.length; t++) if (costs[t] < best[items[t]]) best[items[t]] = costs[t];
  }
  let total = instance.fee * stores.length;
  for (let j = 0; j < best.length; j++) total += best[j];
  return total;
}
