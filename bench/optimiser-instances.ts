// Seeded random shopping lists shaped like Libreville data (shared/OPTIMISER.md, "Realistic instances").
//
// - Item j has a base price drawn log-uniformly in 250–15,000 XAF and a quantity of 1–3.
// - Store s has a price level in ±6 %; each priced pair adds its own noise in ±5 %:
//   unit price = base_j × level_s × noise_sj, rounded to 5 XAF (the smallest coin in use), so exact
//   ties between stores happen as they do in real price lists.
// - Availability: each (store, item) pair is priced independently with probability `density`
//   ("uniform"), or with probability density × size_s × popularity_j ("assortment": a few
//   supermarkets carry most of a list, many small shops carry a part of it, staples are everywhere
//   and specialities rare), rescaled so the expected share of priced pairs is still `density`.
// - Each store is 0.2–15 km from the user (whole metres, drawn from a stream of their own, so the
//   prices are the same with or without distances): equal-cost plans are told apart by distance.
// The same (seed, shape) always gives the same instance.
import { seededRandom } from '../server/platform/random';
import type { BasketItem, BestPricesInput } from '../server/optimiser/types';

export type Availability = 'uniform' | 'assortment';

export type InstanceShape = {
  items: number;
  stores: number;
  density: number;
  availability: Availability;
  maxStores?: number;
  storeFee?: number;
  /** Free delivery from this items total; the product's 25 000 XAF unless given (null: never free). */
  freeDeliveryFrom?: number | null;
  /** Give the stores' distances from the user (the product always does); true unless given. */
  distances?: boolean;
};

export function generateInstance(shape: InstanceShape, seed: number): BestPricesInput {
  const random = seededRandom(seed);
  const uniform = (lo: number, hi: number) => lo + (hi - lo) * random();
  const base = Array.from({ length: shape.items }, () => Math.exp(uniform(Math.log(250), Math.log(15_000))));
  const quantity = Array.from({ length: shape.items }, () => 1 + Math.floor(random() * 3));
  const level = Array.from({ length: shape.stores }, () => uniform(0.94, 1.06));
  const availability = availabilityMatrix(shape, random);
  const items: BasketItem[] = base.map((price, j) => ({
    quantity: quantity[j],
    offers: level.flatMap((storeLevel, s) =>
      availability[s][j] ? [{ storeId: storeId(s), unitPrice: 5 * Math.round((price * storeLevel * uniform(0.95, 1.05)) / 5) }] : [],
    ),
  }));
  const freeDeliveryFrom = shape.freeDeliveryFrom === undefined ? 25_000 : (shape.freeDeliveryFrom ?? undefined);
  const input: BestPricesInput = { items, maxStores: shape.maxStores ?? 3, storeFee: shape.storeFee ?? 2000, freeDeliveryFrom };
  if (shape.distances === false) return input;
  const far = seededRandom(seed + 1_000_003);
  const storeDistances = new Map(level.map((_, s) => [storeId(s), Math.round(200 + 14_800 * far())]));
  return { ...input, storeDistances };
}

const storeId = (s: number) => `store-${String(s).padStart(4, '0')}`;

function availabilityMatrix(shape: InstanceShape, random: () => number): boolean[][] {
  if (shape.availability === 'uniform') {
    return Array.from({ length: shape.stores }, () => Array.from({ length: shape.items }, () => random() < shape.density));
  }
  // 10 % supermarkets, 30 % mid-size shops, 60 % small shops; item popularity 0.5–1.5.
  const size = Array.from({ length: shape.stores }, () => {
    const r = random();
    return r < 0.1 ? 1.8 : r < 0.4 ? 1.1 : 0.7;
  });
  const popularity = Array.from({ length: shape.items }, () => 0.5 + random());
  const raw = (scale: number) => size.map((a) => popularity.map((b) => Math.min(1, scale * a * b)));
  const mean = (scale: number) => raw(scale).flat().reduce((x, y) => x + y, 0) / (shape.stores * shape.items);
  let lo = 0;
  let hi = 4 * shape.density + 1;
  for (let step = 0; step < 40; step++) {
    const mid = (lo + hi) / 2;
    if (mean(mid) < shape.density) lo = mid;
    else hi = mid;
  }
  return raw(lo).map((row) => row.map((p) => random() < p));
}
