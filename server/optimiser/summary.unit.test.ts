import { describe, expect, it } from 'vitest';
import { planBestPrices } from './best-prices';
import { planNearestStore } from './nearest-store';
import { summarisePlans } from './summary';
import type { BasketItem } from './types';

const FEE = 2000;
const here = { latitude: 0.39, longitude: 9.45 };
const STORES = [
  { storeId: 'near', position: { latitude: 0.391, longitude: 9.451 } },
  { storeId: 'cheap', position: { latitude: 0.45, longitude: 9.5 } },
  { storeId: 'other', position: { latitude: 0.3, longitude: 9.5 } },
];
const summarise = (items: BasketItem[], maxStores = 3) => {
  const best = planBestPrices({ items, maxStores, storeFee: FEE });
  const nearest = planNearestStore({ items, stores: STORES, userPosition: here, storeFee: FEE });
  return { best, nearest, summary: summarisePlans(best, nearest, FEE) };
};
const offer = (storeId: string, unitPrice: number) => ({ storeId, unitPrice });

describe('summarisePlans', () => {
  it('counts savings on the items both plans price, fees included, and scores 50 coverage + 50 savings', () => {
    const { best, nearest, summary } = summarise([
      { quantity: 1, offers: [offer('near', 10_000), offer('cheap', 8_000)] },
      { quantity: 1, offers: [offer('near', 10_000), offer('cheap', 9_000)] },
    ]);
    expect(best.storeIds).toEqual(['cheap']);
    expect(nearest.totalCost - best.totalCost).toBe(3_000);
    expect(summary.totalSavings).toBe(3_000);
    // rate = 3000 / 22000 = 13.6 % ≥ 10 %: full savings half.
    expect(summary.optimizationScore).toBe(100);
  });

  it('leaves out items only one plan can price, and is never negative', () => {
    const { summary } = summarise([
      { quantity: 1, offers: [offer('near', 1_000), offer('cheap', 900)] },
      { quantity: 1, offers: [offer('cheap', 50_000)] }, // not at the nearest store: not compared
    ]);
    // common item: nearest 1000 + 2000 vs best 900 + 2000 (one store serves it) → 100 saved
    expect(summary.totalSavings).toBe(100);
    expect(summary.optimizationScore).toBe(Math.round(50 + 50 * (100 / 3000 / 0.1)));
    const same = summarise([{ quantity: 1, offers: [offer('near', 1_000)] }]).summary;
    expect(same).toEqual({ totalSavings: 0, optimizationScore: 50 });
  });

  it('scores coverage by the share of priced items the plan places', () => {
    const { best, summary } = summarise(
      [
        { quantity: 1, offers: [offer('near', 1_000)] },
        { quantity: 1, offers: [offer('other', 1_000)] },
        { quantity: 1, offers: [] },
      ],
      1,
    );
    expect([best.coveredCount, best.pricedCount]).toEqual([1, 2]);
    expect(summary).toEqual({ totalSavings: 0, optimizationScore: 25 });
  });

  it('scores 0 when nothing is priced', () => {
    expect(summarise([{ quantity: 1, offers: [] }]).summary).toEqual({ totalSavings: 0, optimizationScore: 0 });
  });
});
