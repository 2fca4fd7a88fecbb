// Property tests: the exact solver against brute force on thousands of seeded random lists.
// A failure names its seed; `randomBasket(seed)` rebuilds the list.
import { describe, expect, it } from 'vitest';
import { bestStoreRanks, planBestPrices, type SearchOptions } from './best-prices';
import { greedyStoreSet } from './greedy';
import { buildInstance } from './instance';
import { normalizeBasket } from './normalize';
import { buildPlan } from './plan';
import { optimalityViolations } from './test/check-plan';
import { seededRandom } from '../platform/random';
import { randomBasket, shuffled, type RandomBasketShape } from './test/random-basket';
import type { BasketPlan, BestPricesInput } from './types';

type Solver = (input: BestPricesInput) => BasketPlan;

const SMALL: RandomBasketShape = { maxItems: 8, maxStores: 9, maxCap: 3 };
const WIDER: RandomBasketShape = { maxItems: 14, maxStores: 12, maxCap: 5 };
// Long enough candidate lists for every pruning path of the search to fire (ρ prefix, groups).
const MEDIUM: RandomBasketShape = { maxItems: 20, maxStores: 30, maxCap: 3 };
// Where coverage decides: many stores each pricing a third to a half of a long list, so that the
// best plan often leaves 1 to 4 items not obtainable (the last store may then miss that many).
const COVERAGE: RandomBasketShape = { minItems: 14, maxItems: 22, minStores: 20, maxStores: 30, maxCap: 3, density: [0.25, 0.5] };

/** Seeds whose plan violates a property, with the first violation of each. */
function failures(solver: Solver, seeds: number, shape: RandomBasketShape, salt = 0): string[] {
  const found: string[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const input = randomBasket(seed + salt, shape);
    const problems = optimalityViolations(input, solver(input));
    if (problems.length > 0) found.push(`seed ${seed + salt}: ${problems[0]}`);
  }
  return found;
}

const withOptions = (options: SearchOptions): Solver => (input) => {
  const basket = normalizeBasket(input.items, input.storeDistances);
  return buildPlan(basket, bestStoreRanks(basket, input.maxStores, input.storeFee, options), input.storeFee);
};

describe('planBestPrices against exhaustive search', () => {
  it('matches the optimum, its tie-break and every plan rule on 5000 small lists', () => {
    expect(failures(planBestPrices, 5000, SMALL)).toEqual([]);
  });

  it('covers the whole range the generator promises', () => {
    const inputs = Array.from({ length: 5000 }, (_, i) => randomBasket(i + 1, SMALL));
    const statuses = new Set(inputs.flatMap((input) => planBestPrices(input).items.map((i) => i.status)));
    expect([...statuses].sort()).toEqual(['not_obtainable', 'priced', 'unpriced']);
    expect(new Set(inputs.map((i) => i.maxStores))).toEqual(new Set([1, 2, 3]));
    expect(Math.max(...inputs.map((i) => i.items.length))).toBe(8);
    expect(new Set(inputs.map((i) => new Set(i.items.flatMap((it) => it.offers.map((o) => o.storeId))).size)).size).toBe(10); // 0..9 stores
  });

  it('stays exact on wider lists (up to 14 items, 12 stores, caps up to 5), each speed-up on or off', () => {
    for (const options of [{}, { dominance: false }, { lagrangian: false }, { dominance: false, lagrangian: false }]) {
      expect(failures(withOptions(options), 700, WIDER, 100_000)).toEqual([]);
    }
  });

  it('stays exact on medium lists (up to 20 items, 30 stores)', () => {
    expect(failures(planBestPrices, 400, MEDIUM, 200_000)).toEqual([]);
  });

  it('stays exact with the last store always found through the pigeonhole groups, or never', () => {
    for (const lastStore of ['groups', 'list'] as const) {
      expect(failures(withOptions({ lastStore }), 700, WIDER, 100_000)).toEqual([]);
      expect(failures(withOptions({ lastStore }), 400, MEDIUM, 200_000)).toEqual([]);
      expect(failures(withOptions({ lastStore, lagrangian: false }), 400, MEDIUM, 300_000)).toEqual([]);
    }
  });

  it('stays exact where coverage decides, the last store found each way, with 1 to 4 pigeonhole groups in play', () => {
    for (const options of [{}, { lastStore: 'groups' }, { lastStore: 'list' }, { lastStore: 'groups', lagrangian: false }] satisfies SearchOptions[]) {
      expect(failures(withOptions(options), 300, COVERAGE, 400_000)).toEqual([]);
    }
    // The groups are u* + 1, u* being the items the best plan leaves not obtainable: every count
    // from 0 to 3 must occur (with caps of 2 and 3 stores, where a last pick exists).
    const notObtainable = new Map<number, number>();
    for (let seed = 400_001; seed <= 400_300; seed++) {
      const input = randomBasket(seed, COVERAGE);
      if (input.maxStores < 2) continue;
      const plan = planBestPrices(input);
      const u = plan.pricedCount - plan.coveredCount;
      notObtainable.set(u, (notObtainable.get(u) ?? 0) + 1);
    }
    for (const u of [0, 1, 2, 3]) expect(notObtainable.get(u) ?? 0, `lists whose best plan leaves ${u} items`).toBeGreaterThanOrEqual(10);
  });

  it('is deterministic: the same list, its offers shuffled or duplicated, gives the same plan', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const input = randomBasket(seed, SMALL);
      const random = seededRandom(seed);
      const reordered: BestPricesInput = { ...input, items: input.items.map((item) => ({ ...item, offers: shuffled([...item.offers, ...item.offers], random) })) };
      expect(planBestPrices(reordered), `seed ${seed}`).toEqual(planBestPrices(input));
      const order = shuffled(input.items.map((_, i) => i), random);
      const permuted = planBestPrices({ ...input, items: order.map((i) => input.items[i]) });
      const original = planBestPrices(input);
      expect(permuted.storeIds, `seed ${seed}`).toEqual(original.storeIds);
      expect(permuted.items.map((p) => p.storeId), `seed ${seed}`).toEqual(order.map((i) => original.items[i].storeId));
    }
  });
});

describe('the property tests can fail (mutation sanity)', () => {
  const mutant = (pick: (input: BestPricesInput) => number[]): Solver => (input) => buildPlan(normalizeBasket(input.items, input.storeDistances), pick(input), input.storeFee);
  const ranks = (input: BestPricesInput, maxStores: number, storeFee: number) => bestStoreRanks(normalizeBasket(input.items, input.storeDistances), maxStores, storeFee);

  it('catches a solver that optimises with a wrong fee', () => {
    expect(failures(mutant((input) => ranks(input, input.maxStores, input.storeFee + 700)), 400, SMALL).length).toBeGreaterThan(0);
    expect(failures(mutant((input) => ranks(input, input.maxStores, 0)), 400, SMALL).length).toBeGreaterThan(0);
  });

  it('catches a solver with the wrong cap', () => {
    expect(failures(mutant((input) => ranks(input, Math.max(1, input.maxStores - 1), input.storeFee)), 400, SMALL).length).toBeGreaterThan(0);
  });

  it('catches the greedy heuristic', () => {
    const greedy = mutant((input) => {
      const basket = normalizeBasket(input.items, input.storeDistances);
      const instance = buildInstance(basket, basket.storeIds.map((_, r) => r), input.storeFee, input.maxStores);
      return greedyStoreSet(instance).map((s) => instance.storeRanks[s]);
    });
    expect(failures(greedy, 2000, SMALL).length).toBeGreaterThan(0);
  });

  it('catches a plan with a wrong delivery fee or a wrong tie-break', () => {
    const wrongFee: Solver = (input) => {
      const plan = planBestPrices(input);
      return { ...plan, deliveryFee: plan.deliveryFee + 1, totalCost: plan.totalCost + 1 };
    };
    expect(failures(wrongFee, 50, SMALL).length).toBeGreaterThan(0);
    // Reversing every id reverses store order: wherever optimal sets tie, the other one comes out.
    const flip = (id: string) => [...id].map((c) => String.fromCharCode(0xffff - c.charCodeAt(0))).join('');
    const reversedIds = mutant((input) => {
      const flipped = planBestPrices({ ...input, items: input.items.map((item) => ({ ...item, offers: item.offers.map((o) => ({ ...o, storeId: flip(o.storeId) })) })) });
      const basket = normalizeBasket(input.items, input.storeDistances);
      return flipped.storeIds.map((id) => basket.storeIds.indexOf(flip(id)));
    });
    expect(failures(reversedIds, 2000, SMALL).length).toBeGreaterThan(0);
  });

  it('catches a solver blind to distances (ties broken by id alone)', () => {
    const blind = mutant((input) => {
      const plan = planBestPrices({ ...input, storeDistances: undefined });
      const basket = normalizeBasket(input.items, input.storeDistances);
      return plan.storeIds.map((id) => basket.storeIds.indexOf(id)).sort((a, b) => a - b);
    });
    expect(failures(blind, 2000, SMALL).length).toBeGreaterThan(0);
  });
});
