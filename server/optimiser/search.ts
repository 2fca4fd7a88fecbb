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
//  - coverage: a set leaving more items uncovered than the incumbent (u*) is worse whatever it
//    costs, so the last store may miss at most u* of the items the others miss (checked before its
//    saving is computed). Pigeonhole: deal those missing items into u* + 1 groups; the last store
//    misses nothing of at least one group, so it sells every item of that group. The candidates
//    are then the stores selling a whole group: an AND of the groups' sellers bit sets, far fewer
//    than the list when the sets overlap a lot (50 % density: a few stores instead of hundreds).
// A subtree is cut only when its bound is strictly above the incumbent, so every set that ties
// with the optimum is still compared on the tie-break key.
import { evaluateSet, type SearchInstance } from './instance';
import type { LagrangianBound } from './lagrangian';

/**
 * How the last store of a set is looked for (tests force one way to show each is exact alone):
 * 'auto' picks the cheapest by estimate; 'groups' uses the pigeonhole groups whenever some item is
 * missing; 'list' never does.
 */
export type LastStoreRule = 'auto' | 'groups' | 'list';

export function searchBestSet(instance: SearchInstance, incumbent: readonly number[], bound: LagrangianBound | null, lastStoreRule: LastStoreRule = 'auto'): number[] {
  const { itemCount: n, storeCount: m, itemSellers, big, fee } = instance;
  const k = Math.min(instance.maxStores, m);
  if (n === 0 || m === 0) return [];

  const cur = new Float64Array(n).fill(big);
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

  // Bit sets over the items, bit r standing for the r-th rarest item (fewest sellers first), so
  // that the missing items come out of a word scan rarest first. Each store's items as such a bit
  // set: counting the missing items a store does not sell is then a few AND-NOT and popcounts.
  const words = (n + 31) >>> 5;
  const rarityOrder = Int32Array.from({ length: n }, (_, j) => j).sort((a, b) => itemSellers[a].length - itemSellers[b].length || a - b);
  const sellsBits = new Int32Array(m * words);
  rarityOrder.forEach((j, r) => {
    for (const s of itemSellers[j]) sellsBits[s * words + (r >>> 5)] |= 1 << (r & 31);
  });
  const lastWordMask = n % 32 === 0 ? -1 : (1 << n % 32) - 1;
  /** Per depth d: the items covered by the first d picks (row d of `words` words). */
  const coveredAt = new Int32Array((k + 1) * words);
  /** Per item (rarity rank): the share of stores that sell it. */
  const share = Float64Array.from(rarityOrder, (j) => itemSellers[j].length / m);
  // The last store is always picked from the list of the node at depth k − 2. For the groups, the
  // positions in that list of each missing item's sellers, as bit sets (row r: the item of rarity
  // rank r), built when the groups are first used and kept while the list lives.
  const rowWords = (m + 31) >>> 5;
  const sellerPositions = new Int32Array(n * rowWords);
  const listIds: Int32Array[] = [];
  let positionsStamp = 0;
  const posAt = Array.from({ length: k + 1 }, () => new Int32Array(m));
  const stampAt = Array.from({ length: k + 1 }, () => new Int32Array(m));
  let stampCounter = 0;
  /** Stamp of the list owned by the node at each depth (its positions are in posAt). */
  const currentStamp = new Int32Array(k + 1);

  const { first: firstOffer, item: offerItem, cost: offerCost } = instance.offers;

  const saving = (s: number): number => {
    // (gain + |gain|) / 2 = max(gain, 0), exactly (integers), without a branch: half the gains
    // are negative at random, which a branch would mispredict.
    let twice = 0;
    for (let t = firstOffer[s], last = firstOffer[s + 1]; t < last; t++) {
      const gain = cur[offerItem[t]] - offerCost[t];
      twice += gain + Math.abs(gain);
    }
    return twice / 2 - fee;
  };

  /** Adds s to T: its items to the coverage and ρ; its prices to `cur` come with applyPrices. */
  const pick = (s: number): void => {
    const from = chosen.length * words;
    for (let w = 0; w < words; w++) coveredAt[from + words + w] = coveredAt[from + w] | sellsBits[s * words + w];
    chosen.push(s);
    inSet[s] = 1;
    if (rho) rhoT += rho[s];
  };

  const unpick = (s: number): void => {
    chosen.pop();
    inSet[s] = 0;
    if (rho) rhoT -= rho[s];
  };

  const applyPrices = (s: number): void => {
    for (let t = firstOffer[s], last = firstOffer[s + 1]; t < last; t++) {
      const j = offerItem[t];
      if (offerCost[t] < cur[j]) {
        undoItem[undoTop] = j;
        undoCost[undoTop++] = cur[j];
        cur[j] = offerCost[t];
      }
    }
  };

  const revertPrices = (mark: number): void => {
    while (undoTop > mark) cur[undoItem[--undoTop]] = undoCost[undoTop];
  };

  // The store picked just before the last level has its prices applied only once some last store
  // passes the coverage and bound tests (most pairs of a coverage-bound list have none).
  let pendingPrices = -1;

  /** Records the current set T (value f) if it beats the incumbent on (f, size, distance, sorted indices). */
  const consider = (f: number): void => {
    if (f > bestF) return;
    const set = [...chosen].sort((a, b) => a - b);
    if (f < bestF || precedes(set, bestSet, instance.storeDistances)) {
      bestF = f;
      bestSet = set;
    }
  };

  // For the last pick: the items T leaves uncovered (bits, and their rarity ranks rarest first),
  // and how many of them the last store may still miss.
  const missingBits = new Int32Array(words);
  let missingCount = 0;
  let allowedMisses = 0;
  // The pigeonhole groups: the t-th missing item (rarest first) goes to group t mod groupCount; its
  // row in sellerPositions is missingRows[t]. Per group: how many of its first items are ANDed
  // unconditionally (denseOf), the product of its first items' shares of sellers (denseShareOf) and
  // of all of them (shareOf: the expected fraction of stores that sell the whole group).
  const missingRows = new Int32Array(n);
  const denseOf = new Int32Array(n);
  const denseShareOf = new Float64Array(n);
  const shareOf = new Float64Array(n);
  const triedAt = new Int32Array(m);
  let tryStamp = 0;
  // Where the list scan of the current r = 2 node would stop (non-increasing along its loop).
  let endStamp = 0;
  let endAt = 0;

  const tryLast = (fT: number, s: number, upper: number): void => {
    if (fT - upper > bestF) return;
    if (missingCount > 0 && !missesAtMost(missingBits, sellsBits, s * words, allowedMisses)) return;
    if (rho && lagBase + rhoT + rho[s] > bestF) return;
    if (pendingPrices >= 0) {
      applyPrices(pendingPrices);
      pendingPrices = -1;
    }
    const sv = saving(s);
    if (sv <= 0 || fT - sv > bestF) return;
    chosen.push(s);
    consider(fT - sv);
    chosen.pop();
  };

  /** Deals the missing items into `groups` groups (fills missingRows and the per-group figures). */
  const dealGroups = (groups: number): void => {
    let t = 0;
    let g = 0;
    let d = 1; // position of the item in its group, from 1
    for (let w = 0; w < words; w++) {
      for (let x = missingBits[w]; x !== 0; x &= x - 1) {
        const rank = (w << 5) | (31 - Math.clz32(x & -x));
        missingRows[t++] = rank * rowWords;
        const p = share[rank];
        if (d === 1) {
          denseOf[g] = 1;
          denseShareOf[g] = p;
          shareOf[g] = p;
        } else {
          // ANDed unconditionally while a word of 32 stores keeps more than a fifth of a survivor
          // expected (measured best: fewer leaves more words to the branchy tail, more wastes ANDs).
          if (32 * denseShareOf[g] > 0.2) {
            denseOf[g] = d;
            denseShareOf[g] *= p;
          }
          shareOf[g] *= p;
        }
        if (++g === groups) {
          g = 0;
          d++;
        }
      }
    }
  };

  /**
   * Rough cost, in store checks, of the groups over `range` list positions: per group, its dense
   * ANDs over the range's words, plus the stores expected to sell the whole group.
   */
  const groupsCost = (groups: number, range: number, limit: number): number => {
    const rangeWords = (range >>> 5) + 1;
    let cost = 0;
    for (let g = 0; g < groups; g++) cost += (denseOf[g] * rangeWords) / 4;
    for (let g = 0; g < groups && cost < limit; g++) cost += range * shareOf[g];
    return cost;
  };

  /** Fills sellerPositions for the list ids[0..len) of the node at `depth`, store by store. */
  const buildSellerPositions = (len: number, depth: number, stamp: number): void => {
    positionsStamp = stamp;
    const row = depth * words;
    const used = (len + 31) >>> 5;
    for (let w = 0; w < words; w++) {
      for (let x = ~coveredAt[row + w] & (w === words - 1 ? lastWordMask : -1); x !== 0; x &= x - 1) {
        const r = (w << 5) | (31 - Math.clz32(x & -x));
        sellerPositions.fill(0, r * rowWords, r * rowWords + used);
      }
    }
    const ids = listIds[depth];
    for (let t = 0; t < len; t++) {
      const bit = 1 << (t & 31);
      const word = t >>> 5;
      const items = ids[t] * words;
      for (let w = 0; w < words; w++) {
        for (let x = sellsBits[items + w] & ~coveredAt[row + w]; x !== 0; x &= x - 1) {
          sellerPositions[((w << 5) | (31 - Math.clz32(x & -x))) * rowWords + word] |= bit;
        }
      }
    }
  };

  /**
   * The last store through the groups: the positions in [from, end) whose store sells every item of
   * some group. Word by word, each word of positions ANDed with the group's items: first a fixed
   * number of them (enough to empty most words: no data-dependent branch), then the rest while the
   * word is not empty.
   */
  const lastByGroups = (fT: number, ids: Int32Array, vals: Float64Array, from: number, end: number, groups: number): void => {
    const firstWord = from >>> 5;
    const lastWord = (end - 1) >>> 5;
    const tried = ++tryStamp;
    // Locals: the closure's own variables would be reloaded at every step (tryLast may change them).
    const positions = sellerPositions;
    const rows = missingRows;
    const count = missingCount;
    for (let g = 0; g < groups; g++) {
      const dense = denseOf[g];
      const first = rows[g];
      for (let w = firstWord; w <= lastWord; w++) {
        let x = positions[first + w];
        if (w === firstWord) x &= -1 << (from & 31);
        if (w === lastWord && (end & 31) !== 0) x &= (1 << (end & 31)) - 1;
        let t = g + groups;
        for (let d = 1; d < dense; d++, t += groups) x &= positions[rows[t] + w];
        if (x === 0) continue;
        for (; t < count && x !== 0; t += groups) x &= positions[rows[t] + w];
        for (; x !== 0; x &= x - 1) {
          const at = (w << 5) | (31 - Math.clz32(x & -x));
          if (triedAt[at] === tried) continue;
          triedAt[at] = tried;
          tryLast(fT, ids[at], vals[at]);
        }
      }
    }
  };

  /**
   * T has one pick left: the best single store among ids[from..len), `vals` bounding its saving.
   * Three ways to list the candidates; the cheapest is used: the list itself (scanned by decreasing
   * bound, stopping early), the stores selling a whole pigeonhole group of the missing items, or
   * the stores whose ρ passes the Lagrangian test (a prefix of the ρ order).
   */
  const lastLevel = (fT: number, ids: Int32Array, vals: Float64Array, from: number, len: number, depth: number, stamp: number): void => {
    const uStar = Math.floor(bestF / big);
    allowedMisses = uStar;
    const row = chosen.length * words;
    let count = 0;
    for (let w = 0; w < words; w++) {
      const x = ~coveredAt[row + w] & (w === words - 1 ? lastWordMask : -1);
      missingBits[w] = x;
      count += popcount(x);
    }
    // Any last store keeps the coverage within the incumbent's: no coverage test.
    missingCount = count > uStar ? count : 0;
    if (stamp !== 0) {
      // The list scan would stop at `end`, the first store whose bound cannot beat the incumbent.
      // Along the loop of the node owning the list, fT grows and bestF shrinks: `end` only moves back.
      if (endStamp !== stamp) {
        endStamp = stamp;
        endAt = len;
      }
      let end = Math.max(endAt, from);
      while (end > from && fT - vals[end - 1] > bestF) end--;
      endAt = end;
      if (end === from) return;
      // Length of the ρ prefix, -1 while not looked up (only when the groups are not already cheap).
      let rhoPrefix = -1;
      if (missingCount > 0 && lastStoreRule !== 'list') {
        const groups = uStar + 1;
        dealGroups(groups);
        const cost = lastStoreRule === 'groups' ? 0 : groupsCost(groups, end - from, end - from);
        if (rho && cost > RHO_LOOKUP_FLOOR) rhoPrefix = prefixLength(rhoSorted, bestF - lagBase - rhoT);
        if (cost < end - from && (rhoPrefix < 0 || cost <= rhoPrefix)) {
          if (positionsStamp !== stamp) buildSellerPositions(len, depth, stamp);
          lastByGroups(fT, ids, vals, from, end, groups);
          return;
        }
      }
      if (rho) {
        if (rhoPrefix < 0) rhoPrefix = prefixLength(rhoSorted, bestF - lagBase - rhoT);
        if (rhoPrefix < end - from) {
          const pos = posAt[depth];
          const stamps = stampAt[depth];
          for (let t = 0; t < rhoPrefix; t++) {
            const s = rhoOrder[t];
            if (stamps[s] === stamp && pos[s] >= from) tryLast(fT, s, vals[pos[s]]);
          }
          return;
        }
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
      listIds[depth] = ids;
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
      pick(c);
      const fC = fT - vals[i];
      consider(fC);
      if (r > 2) applyPrices(c);
      else pendingPrices = c;
      node(fC, ids, vals, i + 1, len, false, r - 1);
      pendingPrices = -1;
      revertPrices(mark);
      unpick(c);
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

/** Groups estimated to cost fewer store checks than this are used without looking at the ρ prefix. */
const RHO_LOOKUP_FLOOR = 16;

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
