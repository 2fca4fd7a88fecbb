// Everything a best-prices plan must satisfy, as a list of violations (empty = valid), so that
// property tests can report what broke and mutation tests can show a wrong solver is caught.
import type { BasketPlan, BestPricesInput } from '../types';
import { exhaustiveOptimum } from './exhaustive';

/** Store order, from the rule: nearer first (unknown distance last), then ids in code-unit order. */
const storeOrderOf = (input: BestPricesInput) => (a: string, b: string) => {
  const da = input.storeDistances?.get(a) ?? Infinity;
  const db = input.storeDistances?.get(b) ?? Infinity;
  if (da !== db) return da < db ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

export function planViolations(input: BestPricesInput, plan: BasketPlan): string[] {
  const byStoreOrder = storeOrderOf(input);
  const problems: string[] = [];
  const fail = (message: string) => problems.push(message);
  const chosen = new Set(plan.storeIds);
  // Reaching free delivery may justify buying an item dearer than at the cheapest chosen store.
  const free = input.freeDeliveryFrom !== undefined && plan.itemsCost >= input.freeDeliveryFrom;

  if (plan.storeIds.length > input.maxStores) fail(`uses ${plan.storeIds.length} stores > cap ${input.maxStores}`);
  if (plan.storeIds.join('|') !== [...plan.storeIds].sort(byStoreOrder).join('|')) fail('storeIds not in store order');
  if (plan.items.length !== input.items.length) fail('item count changed');

  let itemsCost = 0;
  let covered = 0;
  let priced = 0;
  const served = new Set<string>();
  input.items.forEach((item, index) => {
    const planned = plan.items[index];
    if (!planned || planned.index !== index) return fail(`item ${index} missing or misplaced`);
    const cheapest = new Map<string, number>();
    for (const o of item.offers) cheapest.set(o.storeId, Math.min(cheapest.get(o.storeId) ?? Infinity, o.unitPrice));
    const expectedAlternatives = [...cheapest].sort((a, b) => a[1] - b[1] || byStoreOrder(a[0], b[0]));
    const shown = planned.alternatives.map((a) => `${a.storeId}:${a.unitPrice}:${a.totalPrice}`).join(',');
    const wanted = expectedAlternatives.map(([id, p]) => `${id}:${p}:${Math.round(p * item.quantity)}`).join(',');
    if (shown !== wanted) fail(`item ${index}: alternatives ${shown} ≠ ${wanted}`);

    const inPlan = expectedAlternatives.filter(([id]) => chosen.has(id));
    if (cheapest.size === 0) {
      if (planned.status !== 'unpriced') fail(`item ${index}: no offer but status ${planned.status}`);
    } else if (inPlan.length === 0) {
      priced++;
      if (planned.status !== 'not_obtainable') fail(`item ${index}: no chosen seller but status ${planned.status}`);
    } else {
      priced++;
      covered++;
      const [id, unitPrice] = free ? (inPlan.find(([seller]) => seller === planned.storeId) ?? inPlan[0]) : inPlan[0]; // cheapest chosen seller, ties in store order (the nearer)
      if (planned.status !== 'priced') fail(`item ${index}: sold by a chosen store but status ${planned.status}`);
      if (planned.storeId !== id || planned.unitPrice !== unitPrice) fail(`item ${index}: assigned ${planned.storeId}@${planned.unitPrice}, ${free ? 'a chosen seller' : 'cheapest chosen'} is ${id}@${unitPrice}`);
      if (planned.totalPrice !== Math.round(unitPrice * item.quantity)) fail(`item ${index}: wrong total price`);
      served.add(id);
      itemsCost += Math.round(unitPrice * item.quantity);
    }
    if (planned.status !== 'priced' && (planned.storeId !== null || planned.unitPrice !== null || planned.totalPrice !== null)) {
      fail(`item ${index}: ${planned.status} item carries a price`);
    }
  });
  for (const id of plan.storeIds) if (!served.has(id)) fail(`store ${id} serves no item`);
  if (plan.itemsCost !== itemsCost) fail(`itemsCost ${plan.itemsCost} ≠ ${itemsCost}`);
  const expectedFee = free ? 0 : input.storeFee * plan.storeIds.length;
  if (plan.deliveryFee !== expectedFee) fail(`deliveryFee ${plan.deliveryFee} ≠ ${free ? '0 (free delivery)' : 'fee × stores'}`);
  if (plan.totalCost !== plan.itemsCost + plan.deliveryFee) fail('totalCost ≠ itemsCost + deliveryFee');
  if (plan.coveredCount !== covered || plan.pricedCount !== priced) fail('covered/priced counts wrong');
  return problems;
}

/** Violations plus any difference from the exhaustive optimum (objective, then the tie-broken set). */
export function optimalityViolations(input: BestPricesInput, plan: BasketPlan): string[] {
  const problems = planViolations(input, plan);
  const reference = exhaustiveOptimum(input);
  if (plan.coveredCount !== reference.coveredCount) problems.push(`covers ${plan.coveredCount}, optimum covers ${reference.coveredCount}`);
  else if (plan.totalCost !== reference.totalCost) problems.push(`costs ${plan.totalCost}, optimum costs ${reference.totalCost}`);
  else if (plan.storeIds.join('|') !== reference.storeIds.join('|')) {
    problems.push(`tie broken to [${plan.storeIds}] instead of [${reference.storeIds}]`);
  }
  return problems;
}
