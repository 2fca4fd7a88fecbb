import { describe, expect, it } from 'vitest';
import { planBestPrices } from './best-prices';
import { demoBestPricesInput, demoNearestStoreInput, DEMO_STORES, planDemoBasket } from './demo-basket';
import { planNearestStore } from './nearest-store';
import { exhaustiveOptimum } from './test/exhaustive';

describe('demo basket', () => {
  it('gives 4700 XAF best prices and 4850 XAF at the nearest store, straight from the solvers', () => {
    const best = planBestPrices(demoBestPricesInput());
    const nearest = planNearestStore(demoNearestStoreInput());
    expect(best.totalCost).toBe(4700);
    expect(nearest.totalCost).toBe(4850);
    expect(best.deliveryFee).toBe(2000);
    expect(nearest.deliveryFee).toBe(2000);
    expect(exhaustiveOptimum(demoBestPricesInput()).totalCost).toBe(4700);
    expect(planDemoBasket()).toEqual({ best, nearest, summary: { totalSavings: 150, optimizationScore: 65 } });
  });

  it('is a Libreville basket: the nearest store is the Mont-Bouët shop, a few hundred metres away', () => {
    const { best, nearest } = planDemoBasket();
    expect(nearest.storeId).toBe('demo-mont-bouet');
    expect(nearest.distanceKm).toBeLessThan(1);
    expect(best.storeIds).toEqual(['demo-louis']);
    for (const store of DEMO_STORES) {
      expect(store.position.latitude).toBeGreaterThan(0.25);
      expect(store.position.latitude).toBeLessThan(0.5);
      expect(store.position.longitude).toBeGreaterThan(9.4);
      expect(store.position.longitude).toBeLessThan(9.55);
    }
  });
});
