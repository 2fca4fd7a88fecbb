// Test-only reference: tries every store set of size ≤ maxStores and keeps the best by
// (items covered desc, total cost asc, stores asc, total distance asc, then the sets compared store
// by store in store order: nearer first, unknown distance last, then ids in code-unit order).
// Written from the product rule alone, sharing no code with the solvers.
// With free delivery (freeDeliveryFrom), the cost of a purchase is its items total, plus the fees
// only while that total is below the threshold; then every purchase is tried, not only the cheapest
// per set: each item that a store of the set sells is bought at one of them, every store of the set
// being used (a purchase leaving one out is tried with the smaller set).
import type { BestPricesInput } from '../types';

export type ReferenceOptimum = { storeIds: string[]; coveredCount: number; totalCost: number };

export function exhaustiveOptimum(input: BestPricesInput): ReferenceOptimum {
  const distance = (id: string) => input.storeDistances?.get(id) ?? Infinity;
  const before = (a: string, b: string) => (distance(a) !== distance(b) ? distance(a) < distance(b) : a < b);
  const ids = [...new Set(input.items.flatMap((item) => item.offers.map((o) => o.storeId)))].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const isBetter = (covered: number, cost: number, set: string[], best: ReferenceOptimum): boolean => {
    if (covered !== best.coveredCount) return covered > best.coveredCount;
    if (cost !== best.totalCost) return cost < best.totalCost;
    if (set.length !== best.storeIds.length) return set.length < best.storeIds.length;
    const total = (stores: string[]) => stores.reduce((sum, id) => sum + distance(id), 0);
    if (total(set) !== total(best.storeIds)) return total(set) < total(best.storeIds);
    for (let i = 0; i < set.length; i++) if (set[i] !== best.storeIds[i]) return before(set[i], best.storeIds[i]);
    return false;
  };
  const lineCosts = input.items.map((item) => {
    const cheapest = new Map<string, number>();
    for (const o of item.offers) cheapest.set(o.storeId, Math.min(cheapest.get(o.storeId) ?? Infinity, o.unitPrice));
    return new Map([...cheapest].map(([id, price]) => [id, Math.round(price * item.quantity)]));
  });
  let best: ReferenceOptimum = { storeIds: [], coveredCount: 0, totalCost: 0 };
  const threshold = input.freeDeliveryFrom;
  const visitEveryPurchase = (set: string[]) => {
    const choices = lineCosts.map((costs) => set.map((id, position) => ({ position, cost: costs.get(id) })).filter((c) => c.cost !== undefined));
    const covered = choices.filter((c) => c.length > 0).length;
    const full = (1 << set.length) - 1;
    // Shortcut: when the cheapest purchase already reaches the threshold it is free and no dearer
    // one can beat it; if it leaves a store unused, the smaller set has it with fewer stores.
    let cheapestUsed = 0;
    let cheapest = 0;
    for (const c of choices) {
      if (c.length === 0) continue;
      const min = c.reduce((a, b) => (b.cost! < a.cost! ? b : a));
      cheapest += min.cost!;
      for (const o of c) if (o.cost === min.cost) cheapestUsed |= 1 << o.position;
    }
    if (cheapest >= threshold!) {
      if (cheapestUsed === full && isBetter(covered, cheapest, set, best)) best = { storeIds: [...set], coveredCount: covered, totalCost: cheapest };
      return;
    }
    const pick = (item: number, used: number, items: number) => {
      if (item === choices.length) {
        if (used !== full) return;
        const cost = items >= threshold! ? items : items + input.storeFee * set.length;
        if (isBetter(covered, cost, set, best)) best = { storeIds: [...set], coveredCount: covered, totalCost: cost };
        return;
      }
      if (choices[item].length === 0) return pick(item + 1, used, items);
      for (const c of choices[item]) pick(item + 1, used | (1 << c.position), items + c.cost!);
    };
    pick(0, 0, 0);
  };
  const visit = (set: string[]) => {
    if (threshold !== undefined) return visitEveryPurchase(set);
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
