import { describe, expect, it } from 'vitest';
import { buildInstance } from './instance';
import { normalizeBasket } from './normalize';
import { undominatedStores } from './reduce';
import { exhaustiveOptimum } from './test/exhaustive';
import { randomBasket } from './test/random-basket';

const keptIds = (items: { quantity: number; offers: { storeId: string; unitPrice: number }[] }[]) => {
  const basket = normalizeBasket(items);
  const instance = buildInstance(basket, basket.storeIds.map((_, r) => r), 2000, 3);
  return undominatedStores(instance).map((s) => basket.storeIds[instance.storeRanks[s]]);
};

describe('undominatedStores', () => {
  it('drops a store matched or beaten everywhere by an earlier one, or strictly beaten by a later one', () => {
    const o = (storeId: string, unitPrice: number) => ({ storeId, unitPrice });
    expect(keptIds([{ quantity: 1, offers: [o('a', 100), o('b', 100)] }])).toEqual(['a']); // equal twin: the first stays
    expect(keptIds([{ quantity: 1, offers: [o('a', 100), o('b', 90)] }, { quantity: 1, offers: [o('b', 50)] }])).toEqual(['b']);
    // A later store that only matches the prices must not remove an earlier one (tie-break goes to it).
    expect(keptIds([{ quantity: 1, offers: [o('a', 100), o('b', 100)] }, { quantity: 1, offers: [o('b', 50)] }])).toEqual(['a', 'b']);
    expect(keptIds([{ quantity: 1, offers: [o('a', 100), o('b', 120)] }, { quantity: 1, offers: [o('b', 50)] }])).toEqual(['a', 'b']);
  });

  it('never drops a store of the preferred optimum', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const input = randomBasket(seed);
      const reference = exhaustiveOptimum(input);
      const basket = normalizeBasket(input.items, input.storeDistances);
      const instance = buildInstance(basket, basket.storeIds.map((_, r) => r), input.storeFee, input.maxStores);
      if (instance.itemCount === 0) continue;
      const kept = new Set(undominatedStores(instance).map((s) => basket.storeIds[instance.storeRanks[s]]));
      for (const id of reference.storeIds) expect(kept.has(id), `seed ${seed}: ${id}`).toBe(true);
    }
  });
});
