import { describe, expect, it } from 'vitest';
import { planBestPrices } from './best-prices';
import { planGreedy } from './greedy';
import { planViolations } from './test/check-plan';
import { randomBasket } from './test/random-basket';

describe('planGreedy', () => {
  it('gives a valid plan that is never better than the exact one', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const input = randomBasket(seed);
      const greedy = planGreedy(input);
      const exact = planBestPrices(input);
      expect(planViolations(input, greedy), `seed ${seed}`).toEqual([]);
      expect(greedy.coveredCount, `seed ${seed}`).toBeLessThanOrEqual(exact.coveredCount);
      if (greedy.coveredCount === exact.coveredCount) expect(greedy.totalCost, `seed ${seed}`).toBeGreaterThanOrEqual(exact.totalCost);
    }
  });

  it('misses the optimum when the best first store is not part of the best pair', () => {
    // "all" is the best single store, but {a, b} is cheaper: greedy keeps "all" and cannot recover.
    const input = {
      maxStores: 2,
      storeFee: 100,
      items: [
        { quantity: 1, offers: [{ storeId: 'all', unitPrice: 600 }, { storeId: 'a', unitPrice: 100 }] },
        { quantity: 1, offers: [{ storeId: 'all', unitPrice: 600 }, { storeId: 'b', unitPrice: 100 }] },
      ],
    };
    expect(planGreedy(input).storeIds).toEqual(['a', 'all']);
    expect(planGreedy(input).totalCost).toBe(100 + 600 + 200);
    expect(planBestPrices(input).storeIds).toEqual(['a', 'b']);
    expect(planBestPrices(input).totalCost).toBe(400);
  });
});
