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
  /** Per item: the stores that price it. */
  itemSellers: Int32Array[];
  big: number;
  fee: number;
  maxStores: number;
  /** Store index → rank in the basket's store order; increasing, so index order is store order. */
  storeRanks: number[];
};

/** Builds the instance over the priced items and the stores listed in `storeRanks` (increasing). */
export function buildInstance(basket: NormalizedBasket, storeRanks: readonly number[], fee: number, maxStores: number): SearchInstance {
  const indexOfRank = new Map(storeRanks.map((rank, index) => [rank, index]));
  const priced = basket.items.filter((item) => item.offers.length > 0);
  const lists: { items: number[]; costs: number[] }[] = storeRanks.map(() => ({ items: [], costs: [] }));
  const sellers: number[][] = priced.map(() => []);
  let sumOfMax = 0;
  priced.forEach((item, j) => {
    let max = 0;
    for (const offer of item.offers) {
      max = Math.max(max, offer.lineCost);
      const s = indexOfRank.get(offer.store);
      if (s === undefined) continue;
      lists[s].items.push(j);
      lists[s].costs.push(offer.lineCost);
      sellers[j].push(s);
    }
    sumOfMax += max;
  });
  const big = sumOfMax + fee * Math.min(maxStores, storeRanks.length) + 1;
  if (big * (priced.length + 1) > Number.MAX_SAFE_INTEGER) throw new RangeError('basket too expensive for exact integer arithmetic');
  return {
    itemCount: priced.length,
    storeCount: storeRanks.length,
    storeItems: lists.map((l) => Int32Array.from(l.items)),
    storeCosts: lists.map((l) => Float64Array.from(l.costs)),
    itemSellers: sellers.map((l) => Int32Array.from(l.sort((a, b) => a - b))),
    big,
    fee,
    maxStores,
    storeRanks: [...storeRanks],
  };
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
