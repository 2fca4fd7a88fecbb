// The free-delivery side of the best-prices plan when it is not settled by the fee-free optimum
// (best-prices.ts): the cheapest purchase whose items total reaches the threshold, using at most
// maxStores stores and covering as many items as any plan can. Paying a little more for an item
// can then save every delivery fee, so an item may go to a dearer store of the set.
//
// For a fixed set S, the cheapest purchase reaching T is a multiple-choice subset-sum: start from
// each item's cheapest price in S (total `base` < T) and pick upgrades δ = price − cheapest so that
// Σ δ ≥ T − base with Σ δ least. A bit set over the sums 0..limit − base (XAF, so at most the fees
// the plan would save: a few thousand bits) answers it exactly in O(items × |S| × width / 32).
//
// Sets are enumerated by size, then in store order (lexicographic on ranks), so on a tie in value
// the earlier set wins unless a set of the same size has a smaller total distance (the tie-break:
// fewer stores, then distance, then store order). Once a set reaches exactly T, which nothing can
// beat, only the rest of that size is scanned, for a nearer set reaching T: ranks are in distance
// order, so a branch stops as soon as its distance cannot get below the best one's. Every total is
// a multiple of g, the gcd of the line costs (5 XAF for real price
// lists), so T is first rounded up to one (then reaching it exactly is common) and the bit sets count
// in units of g. The sets are not reduced by dominance: a store dearer on everything is exactly
// what can lift a basket over the threshold.
import type { NormalizedBasket } from './normalize';

export type FreeDeliveryPlan = {
  /** The set's store ranks, ascending. */
  storeRanks: number[];
  /** Per basket item: the store rank it is bought at when not its cheapest in the set, else -1. */
  assigned: number[];
  itemsCost: number;
};

/**
 * The tie-broken cheapest purchase with items total ≥ `threshold` and ≤ `limit` over the sets of at
 * most `maxStores` stores that cover `coverage` priced items (the most any set covers); null if none.
 */
export function cheapestReachingThreshold(basket: NormalizedBasket, maxStores: number, coverage: number, threshold: number, limit: number): FreeDeliveryPlan | null {
  const m = basket.storeIds.length;
  const pricedIndex: number[] = [];
  basket.items.forEach((item, index) => item.offers.length > 0 && pricedIndex.push(index));
  const n = pricedIndex.length;
  const storeItems: number[][] = Array.from({ length: m }, () => []);
  const storeCosts: number[][] = Array.from({ length: m }, () => []);
  pricedIndex.forEach((index, j) => {
    for (const offer of basket.items[index].offers) {
      storeItems[offer.store].push(j);
      storeCosts[offer.store].push(offer.lineCost);
    }
  });

  let unit = 0;
  for (const costs of storeCosts) for (const c of costs) unit = gcd(unit, c);
  unit = Math.max(unit, 1);
  threshold = Math.ceil(threshold / unit) * unit;
  const low = new Float64Array(n).fill(-1);
  const high = new Float64Array(n).fill(-1);
  const undoItem: number[] = [];
  const undoLow: number[] = [];
  const undoHigh: number[] = [];
  let covered = 0;
  let base = 0;
  let highSum = 0;
  const chosen: number[] = [];
  const dp = new SubsetSum();

  const apply = (s: number) => {
    const items = storeItems[s];
    const costs = storeCosts[s];
    for (let t = 0; t < items.length; t++) {
      const j = items[t];
      const c = costs[t];
      undoItem.push(j);
      undoLow.push(low[j]);
      undoHigh.push(high[j]);
      if (low[j] < 0) {
        covered++;
        base += c;
        highSum += c;
        low[j] = high[j] = c;
        continue;
      }
      if (c < low[j]) {
        base -= low[j] - c;
        low[j] = c;
      }
      if (c > high[j]) {
        highSum += c - high[j];
        high[j] = c;
      }
    }
    chosen.push(s);
  };
  const revert = (mark: number) => {
    while (undoItem.length > mark) {
      const j = undoItem.pop()!;
      const oldLow = undoLow.pop()!;
      const oldHigh = undoHigh.pop()!;
      if (oldLow < 0) {
        covered--;
        base -= low[j];
        highSum -= high[j];
      } else {
        base += oldLow - low[j];
        highSum += oldHigh - high[j];
      }
      low[j] = oldLow;
      high[j] = oldHigh;
    }
    chosen.pop();
  };

  /** Cheapest items total ≥ threshold and ≤ bound for the current set, or Infinity. */
  const evaluate = (bound: number): number => {
    if (covered !== coverage || base > bound || highSum < threshold) return Infinity;
    if (base >= threshold) return base;
    return unit * dp.solve(upgradesOf(basket, pricedIndex, chosen, low, unit), (threshold - base) / unit, Math.floor((bound - base) / unit), null) + base;
  };

  const distances = basket.storeDistances;
  let best: { value: number; set: number[]; distance: number; size: number } | null = null;
  // A set reaching exactly T is unbeatable on value: then only a nearer set of its size can win.
  const reachedThreshold = () => best !== null && best.value === threshold;
  /** The most the current set (`distance` metres) may cost to beat the best: as much when it is as big and nearer, else strictly less. */
  const boundFor = (distance: number): number => {
    if (!best) return limit;
    return best.size === chosen.length && distance < best.distance ? best.value : best.value - 1;
  };
  // `distance`: metres of the stores chosen so far (passed down, never subtracted: it may be Infinity).
  const extend = (start: number, left: number, distance: number) => {
    for (let s = start; s < m; s++) {
      // Later stores are no nearer: if even `left` copies of s cannot beat the best distance, stop.
      if (reachedThreshold() && distance + left * distances[s] >= best!.distance) return;
      // The last store must bring every item still missing.
      if (left === 1 && storeItems[s].length < coverage - covered) continue;
      const mark = undoItem.length;
      apply(s);
      const withS = distance + distances[s];
      if (left > 1) extend(s + 1, left - 1, withS);
      else {
        const bound = boundFor(withS);
        const value = evaluate(bound);
        if (value <= bound) best = { value, set: [...chosen], distance: withS, size: chosen.length };
      }
      revert(mark);
    }
  };
  for (let size = 1; size <= Math.min(maxStores, m) && !reachedThreshold(); size++) extend(0, size, 0);
  if (!best) return null;

  const { value, set } = best as { value: number; set: number[] };
  const assigned = new Array<number>(basket.items.length).fill(-1);
  for (const s of set) apply(s);
  if (base < threshold) {
    const upgrades = upgradesOf(basket, pricedIndex, chosen, low, unit);
    const picks: number[] = [];
    dp.solve(upgrades, (threshold - base) / unit, (value - base) / unit, picks);
    upgrades.forEach((u, t) => picks[t] >= 0 && (assigned[u.index] = picks[t]));
  }
  return { storeRanks: [...set].sort((a, b) => a - b), assigned, itemsCost: value };
}

/** An item's dearer choices within the set: extra cost over its cheapest there (in units), and the store. */
type Upgrades = { index: number; deltas: number[]; stores: number[] };

function upgradesOf(basket: NormalizedBasket, pricedIndex: readonly number[], chosen: readonly number[], low: Float64Array, unit: number): Upgrades[] {
  const result: Upgrades[] = [];
  pricedIndex.forEach((index, j) => {
    if (low[j] < 0) return;
    const deltas: number[] = [];
    const stores: number[] = [];
    // Offers are cheapest first, ties in store order: the first store reaching a given extra wins.
    for (const offer of basket.items[index].offers) {
      const delta = (offer.lineCost - low[j]) / unit;
      if (delta > 0 && chosen.includes(offer.store) && !deltas.includes(delta)) {
        deltas.push(delta);
        stores.push(offer.store);
      }
    }
    if (deltas.length > 0) result.push({ index, deltas, stores });
  });
  return result;
}

/** Reusable bit sets for the multiple-choice subset-sum (bit x of `reach`: extra x is reachable). */
class SubsetSum {
  private layers: Int32Array[] = [];

  /**
   * Least reachable Σ δ in [need, max] (Infinity if none), taking at most one δ per item. With
   * `picks`, also fills, per item, the store of its δ (or -1 when it stays at its cheapest).
   */
  solve(items: readonly Upgrades[], need: number, max: number, picks: number[] | null): number {
    if (max < need) return Infinity;
    const words = (max >>> 5) + 1;
    // Without picks only two layers are needed: they alternate.
    const layerCount = picks ? items.length + 1 : 2;
    for (let t = 0; t < layerCount; t++) {
      if (!this.layers[t] || this.layers[t].length < words) this.layers[t] = new Int32Array(Math.max(words, 64));
    }
    this.layers[0].fill(0, 0, words);
    this.layers[0][0] = 1;
    const layer = (t: number) => this.layers[picks ? t : t & 1];
    const has = (bits: Int32Array, x: number) => (bits[x >>> 5] & (1 << (x & 31))) !== 0;
    let processed = items.length;
    for (let t = 0; t < items.length; t++) {
      const from = layer(t);
      const to = layer(t + 1);
      to.set(from.subarray(0, words));
      for (const delta of items[t].deltas) if (delta <= max) orShifted(to, from, delta, words);
      // Sums only grow, and every later item may stay at its cheapest: `need` reached is the least.
      if (!picks && has(to, need)) {
        processed = t + 1;
        break;
      }
    }
    const reach = layer(processed);
    let target = -1;
    for (let x = need; x <= max; x++) {
      if (has(reach, x)) {
        target = x;
        break;
      }
    }
    if (target < 0) return Infinity;
    if (picks) {
      let rest = target;
      for (let t = items.length - 1; t >= 0; t--) {
        picks[t] = -1;
        if (has(this.layers[t], rest)) continue;
        const k = items[t].deltas.findIndex((delta) => delta <= rest && has(this.layers[t], rest - delta));
        picks[t] = items[t].stores[k];
        rest -= items[t].deltas[k];
      }
    }
    return target;
  }
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** to |= from << shift, over the first `words` words. */
function orShifted(to: Int32Array, from: Int32Array, shift: number, words: number): void {
  const q = shift >>> 5;
  const r = shift & 31;
  if (r === 0) {
    for (let w = words - 1; w >= q; w--) to[w] |= from[w - q];
    return;
  }
  for (let w = words - 1; w > q; w--) to[w] |= (from[w - q] << r) | (from[w - q - 1] >>> (32 - r));
  to[q] |= from[0] << r;
}
