import { describe, expect, it } from 'vitest';
import { greedyStoreSet } from './greedy';
import { buildInstance, evaluateSet } from './instance';
import { improveBySwaps } from './local-search';
import { normalizeBasket } from './normalize';
import { randomBasket } from './test/random-basket';

describe('improveBySwaps', () => {
  it('never makes the greedy set worse, respects the cap, and sometimes improves it', () => {
    let improved = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const input = randomBasket(seed);
      const basket = normalizeBasket(input.items, input.storeDistances);
      const instance = buildInstance(basket, basket.storeIds.map((_, r) => r), input.storeFee, input.maxStores);
      const start = greedyStoreSet(instance);
      const better = improveBySwaps(instance, start);
      expect(better.length, `seed ${seed}`).toBeLessThanOrEqual(input.maxStores);
      expect(new Set(better).size).toBe(better.length);
      expect(evaluateSet(instance, better), `seed ${seed}`).toBeLessThanOrEqual(evaluateSet(instance, start));
      if (evaluateSet(instance, better) < evaluateSet(instance, start)) improved++;
    }
    expect(improved).toBeGreaterThan(0);
  });

  it('swaps the greedy first pick out when a pair beats it', () => {
    const o = (storeId: string, unitPrice: number) => ({ storeId, unitPrice });
    const basket = normalizeBasket([
      { quantity: 1, offers: [o('all', 600), o('a', 100)] },
      { quantity: 1, offers: [o('all', 600), o('b', 100)] },
    ]);
    const instance = buildInstance(basket, [0, 1, 2], 100, 2);
    const names = (set: number[]) => set.map((s) => basket.storeIds[instance.storeRanks[s]]);
    expect(names(greedyStoreSet(instance))).toEqual(['a', 'all']);
    expect(names(improveBySwaps(instance, greedyStoreSet(instance)))).toEqual(['a', 'b']);
  });
});
