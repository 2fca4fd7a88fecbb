// Lagrangian lower bound. Relaxing "each item is bought once" with a multiplier λ_j per item gives,
// for every store set S with |S| ≤ maxStores,
//   f(S) ≥ base + Σ_{s∈S} ρ_s,  base = Σ_j min(λ_j, BIG),  ρ_s = fee + Σ_{j priced by s} min(0, cost_sj − λ_j)
// (per item: min(BIG, min_S cost) ≥ λ_j + min(0, BIG − λ_j) + Σ_S min(0, cost_sj − λ_j)). So a partial
// set can be pruned in constant time from the most negative ρ. λ is kept integer so that every
// bound is exact integer arithmetic and the "prune only when strictly worse" rule stays sound.
import type { SearchInstance } from './instance';

export type LagrangianBound = { base: number; reduced: Float64Array; value: number };

/** Best bound found by subgradient ascent (Polyak steps towards `upperBound`). */
// Few iterations and a short patience before halving the step: on Libreville-sized lists that
// reaches nearly the same bound as 150 iterations at half the cost (measured with the benchmark).
export function lagrangianBound(instance: SearchInstance, upperBound: number, maxIterations = 100, patience = 3): LagrangianBound {
  const { itemCount: n, storeCount: m, storeItems, storeCosts, big, fee, maxStores: k } = instance;
  const { first, item, cost } = instance.offers;
  const lambda = new Float64Array(n).fill(big);
  for (let s = 0; s < m; s++) {
    const items = storeItems[s];
    const costs = storeCosts[s];
    for (let t = 0; t < items.length; t++) if (costs[t] < lambda[items[t]]) lambda[items[t]] = costs[t];
  }
  const reduced = new Float64Array(m);
  const gradient = new Float64Array(n);
  const picked: number[] = [];
  let best: LagrangianBound = { base: 0, reduced: new Float64Array(m), value: -Infinity };
  let theta = 2;
  let sinceImprovement = 0;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let base = 0;
    for (let j = 0; j < n; j++) base += Math.min(lambda[j], big);
    for (let s = 0; s < m; s++) {
      // (d − |d|) / 2 = min(d, 0), exactly (integers), without a branch that would mispredict.
      let twice = 0;
      for (let t = first[s], last = first[s + 1]; t < last; t++) {
        const d = cost[t] - lambda[item[t]];
        twice += d - Math.abs(d);
      }
      reduced[s] = fee + twice / 2;
    }
    mostNegative(reduced, k, picked);
    let value = base;
    for (const s of picked) value += reduced[s];
    if (value > best.value) {
      best = { base, reduced: Float64Array.from(reduced), value };
      sinceImprovement = 0;
    } else if (++sinceImprovement >= patience) {
      theta /= 2;
      sinceImprovement = 0;
    }
    if (best.value >= upperBound || theta < 1e-3) break;
    for (let j = 0; j < n; j++) gradient[j] = lambda[j] < big ? 1 : 0;
    for (const s of picked) {
      const items = storeItems[s];
      const costs = storeCosts[s];
      for (let t = 0; t < items.length; t++) if (costs[t] < lambda[items[t]]) gradient[items[t]] -= 1;
    }
    let norm = 0;
    for (let j = 0; j < n; j++) norm += gradient[j] * gradient[j];
    if (norm === 0) break;
    const step = (theta * (upperBound - value)) / norm;
    for (let j = 0; j < n; j++) lambda[j] = Math.min(big, Math.max(0, Math.round(lambda[j] + step * gradient[j])));
  }
  return best;
}

/** The (at most k) stores with negative ρ, most negative first, ties by index. */
export function mostNegative(reduced: Float64Array, k: number, out: number[]): void {
  out.length = 0;
  for (let s = 0; s < reduced.length; s++) {
    const rho = reduced[s];
    if (rho >= 0) continue;
    if (out.length === k) {
      if (rho >= reduced[out[k - 1]]) continue;
      out.pop();
    }
    let at = out.length;
    out.push(s);
    while (at > 0 && reduced[out[at - 1]] > rho) {
      out[at] = out[at - 1];
      at--;
    }
    out[at] = s;
  }
}
