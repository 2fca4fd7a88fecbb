// Test-only reference: tries every store set of size ≤ maxStores and keeps the best by
// (items covered desc, total cost asc, stores asc, sorted ids in code-unit order asc).
// Written from the product rule alone, sharing no code with the solvers.
import type { BestPricesInput } from '../types';

export type ReferenceOptimum = { storeIds: string[]; coveredCount: number; totalCost: number };

export function exhaustiveOptimum(input: BestPricesInput): ReferenceOptimum {
  const ids = [...new Set(input.items.flatMap((item) => item.offers.map((o) => o.storeId)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lineCosts = input.items.map((item) => {
    const cheapest = new Map<string, number>();
    for (const o of item.offers) cheapest.set(o.storeId, Math.min(cheapest.get(o.storeId) ?? Infinity, o.unitPrice));
    return new Map([...cheapest].map(([id, price]) => [id, Math.round(price * item.quantity)]));
  });
  let best: ReferenceOptimum = { storeIds: [], coveredCount: 0, totalCost: 0 };
  const visit = (set: string[]) => {
    let covered = 0;
    let cost = input.storeFee * set.length;
    for (const costs of lineCosts) {
      let min = Infinity;
      for (const id of set) min = Math.min(min, costs.get(id) ?? Infinity);
      if (min < Infinity) {
        covered++;
        cost += min;
      }
    }
    if (isBetter(covered, cost, set, best)) best = { storeIds: [...set], coveredCount: covered, totalCost: cost };
  };
  const extend = (start: number, set: string[]) => {
    visit(set);
    if (set.length === input.maxStores) return;
    for (let i = start; i < ids.length; i++) extend(i + 1, [...set, ids[i]]);
  };
  extend(0, []);
  return best;
}

function isBetter(covered: number, cost: number, set: string[], best: ReferenceOptimum): boolean {
  if (covered !== best.coveredCount) return covered > best.coveredCount;
  if (cost !== best.totalCost) return cost < best.totalCost;
  if (set.length !== best.storeIds.length) return set.length < best.storeIds.length;
  for (let i = 0; i < set.length; i++) if (set[i] !== best.storeIds[i]) return set[i] < best.storeIds[i];
  return false;
}
