import { describe, expect, it } from 'vitest';
import { seededRandom } from '../platform/random';
import { planBestPrices } from './best-prices';
import { optimalityViolations, planViolations } from './test/check-plan';
import type { BestPricesInput, Offer } from './types';

const FEE = 2000;
const item = (quantity: number, prices: Record<string, number>) => ({
  quantity,
  offers: Object.entries(prices).map(([storeId, unitPrice]): Offer => ({ storeId, unitPrice })),
});
const solve = (input: BestPricesInput) => {
  const plan = planBestPrices(input);
  expect(planViolations(input, plan)).toEqual([]);
  return plan;
};

describe('planBestPrices — hand-made cases', () => {
  it('uses a single store that is cheapest on everything', () => {
    const plan = solve({
      maxStores: 3,
      storeFee: FEE,
      items: [item(2, { a: 500, b: 450, c: 600 }), item(1, { a: 1200, b: 1100 }), item(3, { b: 300, c: 320 })],
    });
    expect(plan.storeIds).toEqual(['b']);
    expect(plan.itemsCost).toBe(900 + 1100 + 900);
    expect(plan.deliveryFee).toBe(FEE);
    expect(plan.totalCost).toBe(2900 + FEE);
    expect(plan.items.map((i) => i.status)).toEqual(['priced', 'priced', 'priced']);
  });

  it('does not add a second store when what it saves does not beat the fee, and adds it when it does', () => {
    const base = (otherPrice: number): BestPricesInput => ({
      maxStores: 3,
      storeFee: FEE,
      items: [item(1, { a: 1000 }), item(1, { a: 5000, b: otherPrice })],
    });
    expect(solve(base(3500)).storeIds).toEqual(['a']); // saves 1500 < 2000
    expect(solve(base(2500)).storeIds).toEqual(['a', 'b']); // saves 2500 > 2000
    const tie = solve(base(3000)); // saves exactly the fee: same total, fewer stores wins
    expect(tie.storeIds).toEqual(['a']);
    expect(tie.totalCost).toBe(8000);
  });

  it('takes an expensive third store when only it sells an item (coverage comes first)', () => {
    const input: BestPricesInput = {
      maxStores: 3,
      storeFee: FEE,
      items: [item(1, { a: 100, c: 150 }), item(1, { b: 100, c: 150 }), item(1, { zz: 9000 })],
    };
    const plan = solve(input);
    expect(plan.storeIds).toEqual(['c', 'zz']);
    expect(plan.totalCost).toBe(150 + 150 + 9000 + 2 * FEE);
    const forced = solve({ ...input, items: [item(1, { a: 100 }), item(1, { b: 100 }), item(1, { zz: 9000 })] });
    expect(forced.storeIds).toEqual(['a', 'b', 'zz']);
    expect(forced.coveredCount).toBe(3);
  });

  it('marks items "not obtainable within max_stores" when the cap prevents covering them, keeping the cheapest best cover', () => {
    const plan = solve({
      maxStores: 2,
      storeFee: FEE,
      items: [item(1, { a: 100 }), item(1, { b: 100 }), item(1, { c: 9000 }), { quantity: 1, offers: [] }],
    });
    expect(plan.storeIds).toEqual(['a', 'b']);
    expect(plan.items.map((i) => i.status)).toEqual(['priced', 'priced', 'not_obtainable', 'unpriced']);
    expect(plan.items[2].alternatives).toEqual([{ storeId: 'c', unitPrice: 9000, totalPrice: 9000 }]);
    expect(plan.items[2].storeId).toBeNull();
    expect(plan.totalCost).toBe(200 + 2 * FEE);
    expect([plan.coveredCount, plan.pricedCount]).toEqual([2, 3]);
  });

  it('prefers covering more items to a cheaper plan (max_stores 1)', () => {
    const plan = solve({ maxStores: 1, storeFee: FEE, items: [item(1, { a: 50, b: 9000 }), item(1, { b: 9000 })] });
    expect(plan.storeIds).toEqual(['b']);
    expect(plan.totalCost).toBe(18000 + FEE);
  });

  it('returns an empty plan when nothing is priced', () => {
    const plan = solve({ maxStores: 3, storeFee: FEE, items: [{ quantity: 2, offers: [] }, { quantity: 1, offers: [] }] });
    expect(plan).toMatchObject({ storeIds: [], itemsCost: 0, deliveryFee: 0, totalCost: 0, coveredCount: 0, pricedCount: 0 });
    expect(plan.items.every((i) => i.status === 'unpriced' && i.alternatives.length === 0)).toBe(true);
    expect(solve({ maxStores: 3, storeFee: FEE, items: [] }).items).toEqual([]);
  });

  it('breaks ties by store id in code-unit order, whatever the order of the offers', () => {
    const input = (order: string[]): BestPricesInput => ({
      maxStores: 3,
      storeFee: FEE,
      items: [item(1, Object.fromEntries(order.map((id) => [id, 700])))],
    });
    expect(solve(input(['b', 'a', 'Z'])).storeIds).toEqual(['Z']); // 'Z' < 'a' in code units
    expect(solve(input(['a', 'b'])).storeIds).toEqual(['a']);
    expect(solve(input(['b', 'a'])).storeIds).toEqual(['a']);
  });

  it('assigns each item to the cheapest chosen store, ties to the first in store order', () => {
    const plan = solve({
      maxStores: 2,
      storeFee: 0,
      items: [item(1, { b: 100, a: 300 }), item(1, { a: 100, b: 300 }), item(1, { b: 200, a: 200 })],
    });
    expect(plan.storeIds).toEqual(['a', 'b']);
    expect(plan.items.map((i) => i.storeId)).toEqual(['b', 'a', 'a']);
  });

  it('keeps the cheapest of duplicated offers, rounds fractional quantities to whole XAF, sorts alternatives', () => {
    const plan = solve({
      maxStores: 1,
      storeFee: FEE,
      items: [
        { quantity: 1.5, offers: [{ storeId: 'b', unitPrice: 333 }, { storeId: 'a', unitPrice: 999 }, { storeId: 'b', unitPrice: 301 }] },
      ],
    });
    expect(plan.items[0]).toMatchObject({ storeId: 'b', unitPrice: 301, totalPrice: 452 });
    expect(plan.items[0].alternatives).toEqual([
      { storeId: 'b', unitPrice: 301, totalPrice: 452 },
      { storeId: 'a', unitPrice: 999, totalPrice: 1499 },
    ]);
  });

  it('supports caps above 3', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((id) => item(1, { [id]: 100, all: 5000 }));
    expect(solve({ maxStores: 5, storeFee: 1000, items }).storeIds).toEqual(['a', 'b', 'c', 'd', 'e']);
    // Cap 4 forces "all" in (coverage first); three single-item shops still beat it by more than
    // their fee, and the ties among them go to the first ids.
    const capped = solve({ maxStores: 4, storeFee: 1000, items });
    expect(capped.storeIds).toEqual(['a', 'all', 'b', 'c']);
    expect(capped.totalCost).toBe(3 * 100 + 2 * 5000 + 4 * 1000);
  });

  it('rejects invalid input', () => {
    const items = [item(1, { a: 100 })];
    expect(() => planBestPrices({ maxStores: 0, storeFee: FEE, items })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 1.5, storeFee: FEE, items })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 3, storeFee: -1, items })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, items: [item(0, { a: 100 })] })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, items: [item(1, { a: -5 })] })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, items: [item(1, { a: Number.NaN })] })).toThrow(RangeError);
  });
});

describe('planBestPrices — free delivery from a threshold', () => {
  const FREE_FROM = 25_000;

  it('charges no fee once the items total reaches the threshold, and the fees below it', () => {
    const above = solve({ maxStores: 3, storeFee: FEE, freeDeliveryFrom: FREE_FROM, items: [item(1, { a: 15_000, b: 16_000 }), item(2, { a: 6000, b: 5000 })] });
    expect(above).toMatchObject({ storeIds: ['a', 'b'], itemsCost: 25_000, deliveryFee: 0, totalCost: 25_000 });
    const below = solve({ maxStores: 3, storeFee: FEE, freeDeliveryFrom: FREE_FROM, items: [item(1, { a: 10_000 }), item(1, { a: 5000 })] });
    expect(below).toMatchObject({ storeIds: ['a'], itemsCost: 15_000, deliveryFee: FEE, totalCost: 17_000 });
  });

  it('uses more stores once delivery is free, since they cost nothing more', () => {
    // With fees, a alone (26 000 + 2000) beats {a, b} (25 500 + 4000); free, {a, b} is cheaper.
    const plan = solve({ maxStores: 3, storeFee: FEE, freeDeliveryFrom: FREE_FROM, items: [item(1, { a: 20_000 }), item(1, { a: 6000, b: 5500 })] });
    expect(plan).toMatchObject({ storeIds: ['a', 'b'], itemsCost: 25_500, deliveryFee: 0, totalCost: 25_500 });
  });

  it('buys an item dearer to cross the threshold when that beats paying the fee', () => {
    // Everything at a: 24 000 + 2000 = 26 000. Rice at b instead: 25 000, delivery free.
    const input: BestPricesInput = {
      maxStores: 3,
      storeFee: FEE,
      freeDeliveryFrom: FREE_FROM,
      items: [item(1, { a: 14_000, b: 15_000 }), item(1, { a: 10_000, b: 10_500 })],
    };
    const plan = solve(input);
    expect(plan).toMatchObject({ storeIds: ['a', 'b'], itemsCost: 25_000, deliveryFee: 0, totalCost: 25_000 });
    expect(plan.items.map((i) => [i.storeId, i.unitPrice])).toEqual([['b', 15_000], ['a', 10_000]]);
    // When crossing costs more than the fee saved, the fee is paid.
    const dear = solve({ ...input, items: [item(1, { a: 14_000, b: 17_000 }), item(1, { a: 10_000, b: 12_500 })] });
    expect(dear).toMatchObject({ storeIds: ['a'], itemsCost: 24_000, deliveryFee: FEE, totalCost: 26_000 });
  });

  it('rejects an invalid threshold', () => {
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, freeDeliveryFrom: -1, items: [item(1, { a: 100 })] })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, freeDeliveryFrom: 1.5, items: [item(1, { a: 100 })] })).toThrow(RangeError);
  });
});

describe('planBestPrices — equal costs: fewer stores, then nearer stores', () => {
  const metres = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it('buys a one-product basket at the nearest of the stores tied on the cheapest price (33 baskets)', () => {
    // The case: a baguette at 12.5 km was chosen over the same price at 0.43 km.
    const random = seededRandom(33);
    for (let basket = 0; basket < 33; basket++) {
      const tiedCount = 2 + Math.floor(random() * 4);
      const offers: Record<string, number> = {};
      const distances: Record<string, number> = {};
      for (let s = 0; s < 8; s++) {
        // Ids in the opposite order of distance, so that id order alone would pick the farthest.
        const id = `store-${String(99 - s).padStart(2, '0')}`;
        offers[id] = s < tiedCount ? 250 : 250 + 25 * (1 + Math.floor(random() * 10));
        distances[id] = 430 + 1000 * s + Math.floor(random() * 900);
      }
      const input: BestPricesInput = { maxStores: 3, storeFee: FEE, freeDeliveryFrom: 25_000, items: [item(1, offers)], storeDistances: metres(distances) };
      const plan = solve(input);
      expect(plan.storeIds, `basket ${basket}`).toEqual(['store-99']);
      expect(plan.totalCost).toBe(250 + FEE);
      expect(optimalityViolations(input, plan)).toEqual([]);
      // Without distances the tie goes to id order: the farthest of the tied stores here.
      expect(planBestPrices({ ...input, storeDistances: undefined }).storeIds).toEqual([`store-${100 - tiedCount}`]);
    }
  });

  it('orders ties lexicographically: cost, then number of stores, then total distance', () => {
    // Only {a, d} and {b, c} cover the four items with two stores, at the same cost. a is the
    // nearest store, but {b, c} is 900 m in all against 1000 m.
    const items = [item(1, { b: 1000, d: 1000 }), item(1, { c: 1000, d: 1000 }), item(1, { a: 1000, c: 1000 }), item(1, { a: 1000, b: 1000 })];
    const distances = { a: 100, b: 400, c: 500, d: 900 };
    expect(solve({ maxStores: 3, storeFee: FEE, items, storeDistances: metres(distances) }).storeIds).toEqual(['b', 'c']);
    // One far store selling everything for the same total (its 500 more per item pay the second
    // fee) wins over two nearer ones: fewer stores first...
    const withFar = items.map((line) => item(1, { ...Object.fromEntries(line.offers.map((o) => [o.storeId, o.unitPrice])), far: 1500 }));
    expect(solve({ maxStores: 3, storeFee: FEE, items: withFar, storeDistances: metres({ ...distances, far: 20_000 }) })).toMatchObject({ storeIds: ['far'], totalCost: 8000 });
    // ...and a cheaper plan wins whatever the distance.
    expect(solve({ maxStores: 3, storeFee: FEE, items: [item(1, { a: 1000, far: 990 })], storeDistances: metres({ a: 100, far: 20_000 }) }).storeIds).toEqual(['far']);
  });

  it('sends an item priced the same in two chosen stores to the nearer one, and lists alternatives nearer first', () => {
    const input: BestPricesInput = {
      maxStores: 3,
      storeFee: FEE,
      items: [item(1, { a: 5000, z: 1000 }), item(1, { a: 1000, z: 5000 }), item(1, { a: 700, z: 700, m: 700 })],
      storeDistances: metres({ a: 3000, z: 200, m: 1000 }),
    };
    const plan = solve(input);
    expect(plan.storeIds).toEqual(['z', 'a']);
    expect(plan.items[2].storeId).toBe('z');
    expect(plan.items[2].alternatives.map((a) => a.storeId)).toEqual(['z', 'm', 'a']);
  });

  it('keeps the nearer stores when free delivery settles the plan', () => {
    // Both sets reach the threshold exactly; the nearer pair wins.
    const input: BestPricesInput = {
      maxStores: 2,
      storeFee: FEE,
      freeDeliveryFrom: 25_000,
      items: [item(1, { a: 15_000, b: 15_000 }), item(1, { c: 10_000, d: 10_000 })],
      storeDistances: metres({ a: 9000, b: 300, c: 8000, d: 600 }),
    };
    expect(solve(input)).toMatchObject({ storeIds: ['b', 'd'], totalCost: 25_000, deliveryFee: 0 });
  });

  it('rejects a distance that is not whole metres', () => {
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, items: [item(1, { a: 100 })], storeDistances: metres({ a: 1.5 }) })).toThrow(RangeError);
    expect(() => planBestPrices({ maxStores: 3, storeFee: FEE, items: [item(1, { a: 100 })], storeDistances: metres({ a: -1 }) })).toThrow(RangeError);
  });
});
