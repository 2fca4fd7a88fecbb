// Exact branch and bound over store sets of size ≤ maxStores, minimising f (see instance.ts) and
// breaking ties lexicographically: fewer stores, then the smaller total distance to the user, then
// the lexicographically smallest sorted store indices (index order is store order: nearer first).
//
// Sets are enumerated once each as ordered paths: at a node T, the candidates are the stores after
// T's last pick in T's own list, sorted by decreasing saving sav(s|T) = Σ max(0, cur_j − cost_sj) − fee.
// Because savings only shrink as T grows (submodularity), every bound below is a true lower bound:
//  - savings bound: f(T ∪ {c} ∪ R) ≥ f(T) − sav(c|T) − Σ_R sav(·|T); the list is sorted, so the first
//    child that fails ends the loop;
//  - Lagrangian bound (lagrangian.ts): constant-time test per candidate;
//  - coverage: a set leaving more items uncovered than the incumbent is worse whatever it costs,
//    so the last store may miss at most that many of the items the others miss (checked before
//    its saving is computed); when the incumbent covers everything, only the sellers of the
//    rarest missing item need trying.
// A subtree is cut only when its bound is strictly above the incumbent, so every set that ties
// with the optimum is still compared on the tie-break key.
import { evaluateSet, type SearchInstance } from './instance';
import type { LagrangianBound } from './lagrangian';

export function searchBestSet(instance: SearchInstance, incumbent: readonly number[], bound: LagrangianBound | null): number[] {
  const { itemCount: n, storeCount: m, storeItems, storeCosts, itemSellers, big, fee } = instance;
  const k = Math.min(instance.maxStores, m);
  if (n === 0 || m === 0) return [];

  const cur = new Float64Array(n).fill(big);
  let uncovered = n;
  const undoItem = new Int32Array(k * n + 1);
  const undoCost = new Float64Array(k * n + 1);
  let undoTop = 0;
  const chosen: number[] = [];
  const inSet = new Uint8Array(m);

  let bestF = evaluateSet(instance, incumbent);
  let bestSet = [...incumbent].sort((a, b) => a - b);

  const rho = bound?.reduced ?? null;
  const lagBase = bound?.base ?? 0;
  let rhoT = 0;
  const negativeOrder: number[] = [];
  if (rho) {
    for (let s = 0; s < m; s++) if (rho[s] < 0) negativeOrder.push(s);
    negativeOrder.sort((a, b) => rho[a] - rho[b] || a - b);
  }
  const rhoOrder = Int32Array.from({ length: rho ? m : 0 }, (_, s) => s).sort((a, b) => rho![a] - rho![b] || a - b);
  const rhoSorted = Float64Array.from(rhoOrder, (s) => rho![s]);
  /** Σ of the r most negative ρ among stores outside T ∪ {extra}. */
  const negativeSum = (r: number, extra: number): number => {
    let sum = 0;
    for (let t = 0; t < negativeOrder.length && r > 0; t++) {
      const s = negativeOrder[t];
      if (inSet[s] || s === extra) continue;
      sum += rho![s];
      r--;
    }
    return sum;
  };

  // Each store's items as a bit set of `words` 32-bit words: counting the missing items a store
  // does not sell is then a few AND-NOT and popcounts, with no data-dependent branch per item.
  const words = (n + 31) >>> 5;
  const sellsBits = new Int32Array(m * words);
  for (let s = 0; s < m; s++) for (const j of storeItems[s]) sellsBits[s * words + (j >>> 5)] |= 1 << (j & 31);
  const rarityOrder = Array.from({ length: n }, (_, j) => j).sort((a, b) => itemSellers[a].length - itemSellers[b].length || a - b);
  const posAt = Array.from({ length: k + 1 }, () => new Int32Array(m));
  const stampAt = Array.from({ length: k + 1 }, () => new Int32Array(m));
  let stampCounter = 0;
  /** Stamp of the list owned by the node at each depth (its positions are in posAt). */
  const currentStamp = new Int32Array(k + 1);

  const saving = (s: number): number => {
    const items = storeItems[s];
    const costs = storeCosts[s];
    let sum = -fee;
    for (let t = 0; t < items.length; t++) {
      const gain = cur[items[t]] - costs[t];
      if (gain > 0) sum += gain;
    }
    return sum;
  };

  const apply = (s: number): void => {
    const items = storeItems[s];
    const costs = storeCosts[s];
    for (let t = 0; t < items.length; t++) {
      const j = items[t];
      if (costs[t] < cur[j]) {
        if (cur[j] === big) uncovered--;
        undoItem[undoTop] = j;
        undoCost[undoTop++] = cur[j];
        cur[j] = costs[t];
      }
    }
    chosen.push(s);
    inSet[s] = 1;
    if (rho) rhoT += rho[s];
  };

  const revert = (mark: number, s: number): void => {
    while (undoTop > mark) {
      const j = undoItem[--undoTop];
      cur[j] = undoCost[undoTop];
      if (cur[j] === big) uncovered++;
    }
    chosen.pop();
    inSet[s] = 0;
    if (rho) rhoT -= rho[s];
  };

  /** Records the current set T (value f) if it beats the incumbent on (f, size, distance, sorted indices). */
  const consider = (f: number): void => {
    if (f > bestF) return;
    const set = [...chosen].sort((a, b) => a - b);
    if (f < bestF || precedes(set, bestSet, instance.storeDistances)) {
      bestF = f;
      bestSet = set;
    }
  };

  // For the last pick: the items T leaves uncovered, rarest first, and how many of them the last
  // store may still miss (a plan missing more items than the incumbent is worse, whatever it costs).
  const missingBits = new Int32Array(words);
  let missingCount = 0;
  let rarestMissing = -1;
  let allowedMisses = 0;

  const tryLast = (fT: number, s: number, upper: number): void => {
    if (fT - upper > bestF) return;
    if (missingCount > 0 && !missesAtMost(missingBits, sellsBits, s * words, allowedMisses)) return;
    if (rho && lagBase + rhoT + rho[s] > bestF) return;
    const sv = saving(s);
    if (sv <= 0 || fT - sv > bestF) return;
    chosen.push(s);
    consider(fT - sv);
    chosen.pop();
  };

  /**
   * T has one pick left: the best single store among ids[from..len), `vals` bounding its saving.
   * Three ways to list the candidates; the shortest is used: the list itself (scanned by decreasing
   * bound, stopping early), the sellers of the rarest missing item when every item must be covered,
   * or the stores whose ρ passes the Lagrangian test (a prefix of the ρ order).
   */
  const lastLevel = (fT: number, ids: Int32Array, vals: Float64Array, from: number, len: number, depth: number, stamp: number): void => {
    const uStar = Math.floor(bestF / big);
    missingCount = 0;
    allowedMisses = uStar;
    if (uncovered > uStar) {
      missingBits.fill(0);
      for (let t = 0; t < n; t++) {
        const j = rarityOrder[t];
        if (cur[j] !== big) continue;
        if (missingCount++ === 0) rarestMissing = j;
        missingBits[j >>> 5] |= 1 << (j & 31);
      }
    }
    if (stamp !== 0) {
      let source: Int32Array | null = null;
      let sourceLength = len - from;
      if (missingCount > 0 && uStar === 0 && itemSellers[rarestMissing].length < sourceLength) {
        source = itemSellers[rarestMissing];
        sourceLength = source.length;
      }
      if (rho) {
        const prefix = prefixLength(rhoSorted, bestF - lagBase - rhoT);
        if (prefix < sourceLength) {
          source = rhoOrder.subarray(0, prefix);
          sourceLength = prefix;
        }
      }
      if (source) {
        const pos = posAt[depth];
        const stamps = stampAt[depth];
        for (let t = 0; t < sourceLength; t++) {
          const s = source[t];
          if (stamps[s] === stamp && pos[s] >= from) tryLast(fT, s, vals[pos[s]]);
        }
        return;
      }
    }
    for (let t = from; t < len; t++) {
      if (fT - vals[t] > bestF) break;
      tryLast(fT, ids[t], vals[t]);
    }
  };

  const node = (fT: number, ids: Int32Array, vals: Float64Array, from: number, len: number, exact: boolean, r: number): void => {
    const depth = chosen.length;
    if (r === 1) {
      lastLevel(fT, ids, vals, from, len, depth - 1, exact ? 0 : currentStamp[depth - 1]);
      return;
    }
    if (!exact) {
      const kept = new Int32Array(len - from);
      const keptVals = new Float64Array(len - from);
      let count = 0;
      for (let t = from; t < len; t++) {
        const s = ids[t];
        if (rho && lagBase + rhoT + rho[s] + negativeSum(r - 1, s) > bestF) continue;
        const sv = saving(s);
        if (sv > 0) {
          kept[count] = s;
          keptVals[count++] = sv;
        }
      }
      [ids, vals] = sortBySaving(kept, keptVals, count, m);
      from = 0;
      len = count;
    }
    if (r === 2) {
      const stamp = ++stampCounter;
      for (let t = from; t < len; t++) {
        posAt[depth][ids[t]] = t;
        stampAt[depth][ids[t]] = stamp;
      }
      currentStamp[depth] = stamp;
    }
    for (let i = from; i < len; i++) {
      const c = ids[i];
      let lower = fT - vals[i];
      for (let t = 1; t < r && i + t < len; t++) lower -= vals[i + t];
      if (lower > bestF) break;
      if (rho && lagBase + rhoT + rho[c] + negativeSum(r - 1, c) > bestF) continue;
      const mark = undoTop;
      apply(c);
      const fC = fT - vals[i];
      consider(fC);
      node(fC, ids, vals, i + 1, len, false, r - 1);
      revert(mark, c);
    }
  };

  const rootIds = new Int32Array(m);
  const rootVals = new Float64Array(m);
  let rootCount = 0;
  for (let s = 0; s < m; s++) {
    if (rho && lagBase + rho[s] + negativeSum(k - 1, s) > bestF) continue;
    const sv = saving(s);
    if (sv > 0) {
      rootIds[rootCount] = s;
      rootVals[rootCount++] = sv;
    }
  }
  const [ids, vals] = sortBySaving(rootIds, rootVals, rootCount, m);
  node(n * big, ids, vals, 0, rootCount, true, k);
  return bestSet;
}

/**
 * Tie-break between two sorted sets of equal value: fewer stores, then the smaller total distance
 * (`distances[index]`, whole metres or Infinity, so sums are exact), then smaller indices.
 */
export function precedes(a: readonly number[], b: readonly number[], distances: ArrayLike<number>): boolean {
  if (a.length !== b.length) return a.length < b.length;
  const da = totalDistance(a, distances);
  const db = totalDistance(b, distances);
  if (da !== db) return da < db;
  for (let t = 0; t < a.length; t++) if (a[t] !== b[t]) return a[t] < b[t];
  return false;
}

export function totalDistance(set: readonly number[], distances: ArrayLike<number>): number {
  let sum = 0;
  for (const s of set) sum += distances[s];
  return sum;
}

/** Whether the store whose bit set starts at `row` lacks at most `allowed` of the `missing` items. */
function missesAtMost(missing: Int32Array, sells: Int32Array, row: number, allowed: number): boolean {
  let misses = 0;
  for (let w = 0; w < missing.length; w++) {
    misses += popcount(missing[w] & ~sells[row + w]);
    if (misses > allowed) return false;
  }
  return true;
}

/** Number of bits set in a 32-bit integer. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of leading values ≤ limit in an ascending array. */
function prefixLength(sorted: Float64Array, limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Candidates by decreasing saving, ties by index. Savings and indices are integers, so each pair
 * packs exactly into one double (saving × m + m − 1 − index) and a native numeric sort does the
 * work without a comparator; the comparator sort is kept for values too large to pack.
 */
function sortBySaving(ids: Int32Array, vals: Float64Array, count: number, m: number): [Int32Array, Float64Array] {
  let max = 0;
  for (let t = 0; t < count; t++) if (vals[t] > max) max = vals[t];
  if ((max + 1) * m >= Number.MAX_SAFE_INTEGER) {
    const order = Array.from({ length: count }, (_, t) => t).sort((a, b) => vals[b] - vals[a] || ids[a] - ids[b]);
    return [Int32Array.from(order, (t) => ids[t]), Float64Array.from(order, (t) => vals[t])];
  }
  const keys = new Float64Array(count);
  for (let t = 0; t < count; t++) keys[t] = vals[t] * m + (m - 1 - ids[t]);
  keys.sort();
  const sortedIds = new Int32Array(count);
  const sortedVals = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const key = keys[count - 1 - t];
    const id = m - 1 - (key % m);
    sortedIds[t] = id;
    sortedVals[t] = (key - (m - 1 - id)) / m;
  }
  return [sortedIds, sortedVals];
}
