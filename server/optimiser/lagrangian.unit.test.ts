import { describe, expect, it } from 'vitest';
import { greedyStoreSet } from './greedy';
import { buildInstance, evaluateSet } from './instance';
import { lagrangianBound, mostNegative } from './lagrangian';
import { normalizeBasket } from './normalize';
import { exhaustiveOptimum } from './test/exhaustive';
import { randomBasket } from './test/random-basket';

describe('lagrangianBound', () => {
  it('never exceeds the optimum, and base + Σρ bounds every store set it could prune', () => {
    for (let seed = 1; seed <= 600; seed++) {
      const input = randomBasket(seed, { maxItems: 10, maxStores: 9, maxCap: 3 });
      const basket = normalizeBasket(input.items, input.storeDistances);
      const instance = buildInstance(basket, basket.storeIds.map((_, r) => r), input.storeFee, input.maxStores);
      if (instance.itemCount === 0) continue;
      const bound = lagrangianBound(instance, evaluateSet(instance, greedyStoreSet(instance)));
      const reference = exhaustiveOptimum(input);
      const optimum = instance.big * (instance.itemCount - reference.coveredCount) + reference.totalCost;
      expect(bound.value, `seed ${seed}`).toBeLessThanOrEqual(optimum);
      expect(Number.isInteger(bound.value), `seed ${seed}`).toBe(true);
      // The per-set inequality the search relies on, on every set of up to maxStores stores.
      const m = instance.storeCount;
      for (let a = 0; a < m; a++) {
        expect(evaluateSet(instance, [a])).toBeGreaterThanOrEqual(bound.base + bound.reduced[a]);
        for (let b = a + 1; b < m && input.maxStores >= 2; b++) {
          expect(evaluateSet(instance, [a, b])).toBeGreaterThanOrEqual(bound.base + bound.reduced[a] + bound.reduced[b]);
        }
      }
    }
  });

  it('picks the k most negative reduced costs, ties by index', () => {
    const out: number[] = [];
    mostNegative(Float64Array.from([3, -1, -5, -1, 0, -7]), 3, out);
    expect(out).toEqual([5, 2, 1]);
    mostNegative(Float64Array.from([1, 2]), 2, out);
    expect(out).toEqual([]);
  });
});
