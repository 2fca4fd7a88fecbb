// Property tests of the free-delivery rule: on seeded random lists whose threshold sits around what
// they cost, the exact solver against a brute force that tries every purchase (not only the
// cheapest one per store set). A failure names its seed; `randomBasket(seed, FREE)` rebuilds it.
import { describe, expect, it } from 'vitest';
import { planBestPrices, type SearchOptions } from './best-prices';
import { cheapestReachingThreshold } from './free-delivery';
import { normalizeBasket } from './normalize';
import { buildPlan } from './plan';
import { optimalityViolations } from './test/check-plan';
import { randomBasket, type RandomBasketShape } from './test/random-basket';
import type { BasketPlan, BestPricesInput } from './types';

type Solver = (input: BestPricesInput) => BasketPlan;

const FREE: RandomBasketShape = { maxItems: 7, maxStores: 7, maxCap: 3, freeDelivery: true };
const FREE_WIDER: RandomBasketShape = { maxItems: 8, maxStores: 9, maxCap: 4, freeDelivery: true };

function failures(solver: Solver, seeds: number, shape: RandomBasketShape, salt = 0): string[] {
  const found: string[] = [];
  for (let seed = 1 + salt; seed <= seeds + salt; seed++) {
    const input = randomBasket(seed, shape);
    const problems = optimalityViolations(input, solver(input));
    if (problems.length > 0) found.push(`seed ${seed}: ${problems[0]}`);
  }
  return found;
}

/** Whether some priced item is bought dearer than at the cheapest store of the plan. */
function buysDearer(input: BestPricesInput, plan: BasketPlan): boolean {
  return plan.items.some((item, index) => {
    if (item.status !== 'priced') return false;
    const inPlan = input.items[index].offers.filter((o) => plan.storeIds.includes(o.storeId));
    return item.unitPrice! > Math.min(...inPlan.map((o) => o.unitPrice));
  });
}

describe('planBestPrices with free delivery, against every purchase', () => {
  it('matches the optimum and its tie-break on 3000 lists around the threshold', () => {
    expect(failures(planBestPrices, 3000, FREE)).toEqual([]);
  });

  it('stays exact with up to 4 stores and each speed-up of the store search on or off (the last store by groups or by list)', () => {
    for (const options of [{}, { dominance: false }, { lagrangian: false }, { lastStore: 'groups' }, { lastStore: 'list' }] satisfies SearchOptions[]) {
      expect(failures((input) => planBestPrices(input, options), 250, FREE_WIDER, 50_000)).toEqual([]);
    }
  });

  it('meets every regime: paid, free at the cheapest prices, and free by buying dearer', () => {
    const seen = new Set<string>();
    let cheaperByCrossing = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const input = randomBasket(seed, FREE);
      const plan = planBestPrices(input);
      if (plan.storeIds.length === 0 || input.storeFee === 0) continue;
      seen.add(plan.deliveryFee > 0 ? 'paid' : buysDearer(input, plan) ? 'free-dearer' : 'free-cheapest');
      // Buying dearer never costs more than paying the fees (it may tie, then fewer stores win).
      if (!buysDearer(input, plan)) continue;
      const withFees = planBestPrices({ ...input, freeDeliveryFrom: undefined }).totalCost;
      expect(plan.totalCost, `seed ${seed}`).toBeLessThanOrEqual(withFees);
      if (plan.totalCost < withFees) cheaperByCrossing++;
    }
    expect([...seen].sort()).toEqual(['free-cheapest', 'free-dearer', 'paid']);
    expect(cheaperByCrossing).toBeGreaterThan(50);
  });
});

describe('cheapestReachingThreshold on equal values', () => {
  it('keeps the nearer set of the same size, even after a set with a store of unknown distance', () => {
    // Every covering pair buys the four items for 25 000. {a, d} comes first in store order (a is
    // the nearest store) and {a, z} next (z has no known distance), but {b, c} is the nearest pair.
    // (Prices of gcd 5, so that the threshold is not rounded up to 25 000, which would stop the search.)
    const offer = (unitPrice: number, ...stores: string[]) => ({ quantity: 1, offers: stores.map((storeId) => ({ storeId, unitPrice })) });
    const items = [offer(6250, 'b', 'd', 'z'), offer(6250, 'c', 'd', 'z'), offer(6245, 'a', 'c'), offer(6255, 'a', 'b')];
    const basket = normalizeBasket(items, new Map(Object.entries({ a: 100, b: 400, c: 500, d: 900 })));
    const plan = cheapestReachingThreshold(basket, 2, 4, 20_000, 10 ** 9);
    expect(plan?.storeRanks.map((rank) => basket.storeIds[rank])).toEqual(['b', 'c']);
    expect(plan?.itemsCost).toBe(25_000);
  });
});

describe('the free-delivery property test can fail (mutation sanity)', () => {
  it('catches a solver that ignores the threshold while choosing stores', () => {
    const blind: Solver = (input) => {
      const basket = normalizeBasket(input.items, input.storeDistances);
      const plan = planBestPrices({ ...input, freeDeliveryFrom: undefined });
      return buildPlan(basket, plan.storeIds.map((id) => basket.storeIds.indexOf(id)), input.storeFee, input.freeDeliveryFrom);
    };
    expect(failures(blind, 1000, FREE).length).toBeGreaterThan(0);
  });

  it('catches a solver that only ever buys at the cheapest chosen store', () => {
    // Best store set under the rule, but each item at its cheapest there: misses the dearer crossings.
    const cheapestOnly: Solver = (input) => {
      const basket = normalizeBasket(input.items, input.storeDistances);
      const plan = planBestPrices(input);
      return buildPlan(basket, plan.storeIds.map((id) => basket.storeIds.indexOf(id)), input.storeFee, input.freeDeliveryFrom);
    };
    expect(failures(cheapestOnly, 1000, FREE).length).toBeGreaterThan(0);
  });
});
