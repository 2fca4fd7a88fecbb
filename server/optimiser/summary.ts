// total_savings and optimization_score, comparing the best-prices plan with the nearest-store plan.
import type { BasketPlan, NearestStorePlan, PlanSummary } from './types';

/** A saving of this share of the nearest-store cost (or more) earns the full savings half of the score. */
export const FULL_SCORE_SAVINGS_RATE = 0.1;

/**
 * Savings: only the items both plans price count (`priced` in the best plan, `available` at the
 * nearest store), each side with its own delivery fees for those items — one fee for the nearest
 * store, one per distinct best-plan store serving them, none for a plan whose delivery is free —
 * so that an item only one plan can get neither inflates nor hides the difference:
 *   totalSavings = max(0, nearest cost of those items + fee − (best cost of those items + fees)).
 *
 * Score (integer 0..100), two halves anyone can recompute:
 *   50 × coverage            coverage = items placed in the best plan / items some store prices
 * + 50 × min(1, rate / 10 %) rate = totalSavings / nearest-store cost of the common items
 * It is 0 when no store prices any item. A plan that finds every priced item and saves 10 % or
 * more on the shared items scores 100; same cost as the nearest store with full coverage: 50.
 */
/** Both plans must come from the same shopping list (items are matched by position). */
export function summarisePlans(best: BasketPlan, nearest: NearestStorePlan, storeFee: number): PlanSummary {
  if (best.items.length !== nearest.items.length) throw new RangeError('plans of different lists');
  let bestCommon = 0;
  let nearestCommon = 0;
  const bestStores = new Set<string>();
  best.items.forEach((item, index) => {
    const there = nearest.items[index];
    if (item.status !== 'priced' || there?.status !== 'available') return;
    bestCommon += item.totalPrice!;
    nearestCommon += there.totalPrice!;
    bestStores.add(item.storeId!);
  });
  // A plan that reached free delivery pays no fee on the shared items either.
  if (bestStores.size > 0) {
    if (best.deliveryFee > 0) bestCommon += storeFee * bestStores.size;
    if (nearest.deliveryFee > 0) nearestCommon += storeFee;
  }
  const totalSavings = Math.max(0, nearestCommon - bestCommon);
  if (best.pricedCount === 0) return { totalSavings, optimizationScore: 0 };
  const coverage = best.coveredCount / best.pricedCount;
  const rate = nearestCommon > 0 ? totalSavings / nearestCommon : 0;
  const optimizationScore = Math.round(50 * coverage + 50 * Math.min(1, rate / FULL_SCORE_SAVINGS_RATE));
  return { totalSavings, optimizationScore };
}
