// Improves a starting store set by single moves (swap one store for another, add one, drop one)
// until none lowers f. A better first incumbent makes every bound of the exact search bite sooner;
// on lists where no set covers everything it often finds the best coverage before the search starts.
import type { SearchInstance } from './instance';

export function improveBySwaps(instance: SearchInstance, start: readonly number[], maxRounds = 20): number[] {
  const { itemCount: n, storeCount: m, storeItems, storeCosts, big, fee, maxStores } = instance;
  const set = [...start];
  const inSet = new Uint8Array(m);
  for (const s of set) inSet[s] = 1;
  const without = new Float64Array(n);

  /** Per-item cheapest cost over `set` minus the store at `skip` (-1: none skipped); returns f of that set. */
  const cheapestWithout = (skip: number): number => {
    without.fill(big);
    set.forEach((s, position) => {
      if (position === skip) return;
      const items = storeItems[s];
      const costs = storeCosts[s];
      for (let t = 0; t < items.length; t++) if (costs[t] < without[items[t]]) without[items[t]] = costs[t];
    });
    let f = fee * (set.length - (skip >= 0 ? 1 : 0));
    for (let j = 0; j < n; j++) f += without[j];
    return f;
  };
  const savingOver = (s: number): number => {
    const items = storeItems[s];
    const costs = storeCosts[s];
    let sum = -fee;
    for (let t = 0; t < items.length; t++) {
      const gain = without[items[t]] - costs[t];
      if (gain > 0) sum += gain;
    }
    return sum;
  };

  let current = cheapestWithout(-1);
  for (let round = 0; round < maxRounds; round++) {
    let bestF = current;
    let bestMove: { out: number; into: number } | null = null;
    // skip = -1 tries adding a store; skip = i tries dropping set[i] or replacing it.
    for (let skip = -1; skip < set.length; skip++) {
      if (skip < 0 && set.length >= maxStores) continue;
      const base = cheapestWithout(skip);
      if (skip >= 0 && base < bestF) {
        bestF = base;
        bestMove = { out: skip, into: -1 };
      }
      for (let s = 0; s < m; s++) {
        if (inSet[s]) continue;
        const f = base - savingOver(s);
        if (f < bestF) {
          bestF = f;
          bestMove = { out: skip, into: s };
        }
      }
    }
    if (!bestMove) break;
    if (bestMove.out >= 0) inSet[set[bestMove.out]] = 0;
    if (bestMove.into >= 0) inSet[bestMove.into] = 1;
    if (bestMove.out < 0) set.push(bestMove.into);
    else if (bestMove.into < 0) set.splice(bestMove.out, 1);
    else set[bestMove.out] = bestMove.into;
    current = bestF;
  }
  return set.sort((a, b) => a - b);
}
