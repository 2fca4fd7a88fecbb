// The HiGHS baseline: the same problem as an exact MILP (shared/OPTIMISER.md, "Baseline"), solved in
// a worker thread. Unpriced items are left out; BIG > Σ_j max_s w_sj + fee × maxStores, so covering
// one more item always outweighs any cost, exactly like the exact solver's objective.
//   min Σ w_sj x_sj + fee Σ y_s + BIG Σ u_j
//   s.t. Σ_s x_sj + u_j = 1 (each item), x_sj ≤ y_s, Σ y_s ≤ maxStores, y binary, x, u ≥ 0.
// With free delivery from T, a binary z says "delivery is free" and the fee moves to p_s ≥ y_s − z:
//   min Σ w_sj x_sj + fee Σ p_s + BIG Σ u_j,  Σ w_sj x_sj − T z ≥ 0,  p_s − y_s + z ≥ 0,  p ≥ 0,
// and x becomes binary: a fractional x could split an item between two stores to land exactly on T.
import { Worker } from 'node:worker_threads';
import { normalizeBasket } from '../server/optimiser/normalize';
import type { BestPricesInput } from '../server/optimiser/types';
import type { HighsReply, HighsRequest } from './highs-worker';

export type MilpModel = { lp: string; big: number; storeIds: string[] };

export function buildMilp(input: BestPricesInput): MilpModel {
  const basket = normalizeBasket(input.items);
  const priced = basket.items.filter((item) => item.offers.length > 0);
  const big = priced.reduce((sum, item) => sum + Math.max(...item.offers.map((o) => o.lineCost)), 0) + input.storeFee * input.maxStores + 1;
  const objective: string[] = [];
  const rows: string[] = [];
  const usedStores = new Set<number>();
  priced.forEach((item, j) => {
    const terms: string[] = [];
    for (const offer of item.offers) {
      usedStores.add(offer.store);
      objective.push(`${offer.lineCost} x${offer.store}_${j}`);
      terms.push(`x${offer.store}_${j}`);
      rows.push(` l${offer.store}_${j}: x${offer.store}_${j} - y${offer.store} <= 0`);
    }
    objective.push(`${big} u${j}`);
    rows.push(` c${j}: ${wrap([...terms, `u${j}`], ' + ')} = 1`);
  });
  const stores = [...usedStores].sort((a, b) => a - b);
  const threshold = input.freeDeliveryFrom;
  const free = threshold !== undefined && input.storeFee > 0 && priced.length > 0;
  for (const s of stores) objective.push(`${input.storeFee} ${free ? 'p' : 'y'}${s}`);
  rows.push(` cap: ${wrap(stores.map((s) => `y${s}`), ' + ')} <= ${input.maxStores}`);
  if (free) {
    const spend = priced.flatMap((item, j) => item.offers.map((offer) => `${offer.lineCost} x${offer.store}_${j}`));
    rows.push(` free: ${wrap([...spend, `${-threshold} z`], ' + ').replace(/\+ -/g, '- ')} >= 0`);
    for (const s of stores) rows.push(` fee${s}: p${s} - y${s} + z >= 0`);
  }
  const xs = free ? priced.flatMap((item, j) => item.offers.map((offer) => `x${offer.store}_${j}`)) : [];
  const lp = [
    'Minimize',
    ` obj: ${wrap(objective, ' + ')}`,
    'Subject To',
    ...rows,
    'Bounds',
    ...stores.map((s) => ` 0 <= y${s} <= 1`),
    'Binary',
    wrap([...stores.map((s) => `y${s}`), ...(free ? ['z', ...xs] : [])], ' '),
    'End',
  ].join('\n');
  return { lp, big, storeIds: basket.storeIds };
}

/** Long expressions are split over lines: LP readers limit line length. */
function wrap(terms: string[], separator: string): string {
  const lines: string[] = [];
  for (let i = 0; i < terms.length; i += 10) lines.push(terms.slice(i, i + 10).join(separator));
  return lines.join(separator.trim() === '+' ? '\n + ' : '\n ');
}

// Node 20 does not pass tsx's loader to a worker's entry file: the worker registers it first.
const WORKER_BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./highs-worker.ts', import.meta.url).href)}); })`;

/** One long-lived worker; solves are queued one at a time. */
export class HighsWorker {
  private worker = new Worker(WORKER_BOOT, { eval: true });

  /** HiGHS's answer; when its WebAssembly aborts (it does on some stress lists), status 'Aborted' and a fresh worker for the next list. */
  solve(lp: string, timeLimitSeconds: number): Promise<HighsReply> {
    const started = performance.now();
    return new Promise((resolve) => {
      const onError = () => {
        this.worker.off('message', onMessage);
        void this.worker.terminate();
        this.worker = new Worker(WORKER_BOOT, { eval: true });
        resolve({ status: 'Aborted', objective: Number.NaN, columns: {}, seconds: (performance.now() - started) / 1000 });
      };
      const onMessage = (reply: HighsReply) => {
        this.worker.off('error', onError);
        resolve(reply);
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage({ lp, timeLimitSeconds } satisfies HighsRequest);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
