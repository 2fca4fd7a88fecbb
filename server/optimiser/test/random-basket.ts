// Seeded random shopping lists for property tests: a failure prints its seed and replays exactly.
import { seededRandom } from '../../platform/random';
import type { BasketItem, BestPricesInput } from '../types';

// Ids whose code-unit order differs from their order of appearance, with a capitalised one
// (sorts before lower case) to catch locale-aware comparisons.
const STORE_POOL = ['mbolo', 'ckdo', 'prix-import', 'score', 'Geant', 'sbom', 'casino', 'ozone', 'cecado', 'akanda', 'nzeng', 'owendo'];

/**
 * `freeDelivery`: add a free-delivery threshold around what the list costs (see below).
 * `minItems`, `minStores`, `density` (share of store × item pairs priced, drawn in that range)
 * narrow the draw; they take the same random numbers, so lists of shapes without them are unchanged.
 */
export type RandomBasketShape = {
  maxItems: number;
  maxStores: number;
  maxCap: number;
  freeDelivery?: boolean;
  minItems?: number;
  minStores?: number;
  density?: readonly [number, number];
};

export function randomBasket(seed: number, shape: RandomBasketShape = { maxItems: 8, maxStores: 9, maxCap: 3 }): BestPricesInput {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const itemCount = int(shape.minItems ?? 1, shape.maxItems);
  const storeCount = int(shape.minStores ?? 1, shape.maxStores);
  const pool = shape.maxStores <= STORE_POOL.length ? STORE_POOL : Array.from({ length: shape.maxStores }, (_, i) => `${STORE_POOL[i % STORE_POOL.length]}-${i}`);
  const stores = shuffled(pool, random).slice(0, storeCount);
  const [low, high] = shape.density ?? [0.1, 1];
  const density = low + (high - low) * random();
  // Price styles: a few levels (many exact ties), a wide spread, or levels equal to the fee.
  const style = int(0, 2);
  const price = () => (style === 0 ? 500 * int(1, 3) : style === 1 ? int(100, 5000) : 1000 * int(1, 2));
  const storeFee = [2000, 2000, 0, 1000, 150][int(0, 4)];
  const items: BasketItem[] = Array.from({ length: itemCount }, () => {
    const unpriced = random() < 0.1;
    const offers = unpriced ? [] : stores.filter(() => random() < density).map((storeId) => ({ storeId, unitPrice: price() }));
    // Occasional duplicate offer for the same store: the cheaper one must win.
    if (offers.length > 0 && random() < 0.05) offers.push({ storeId: offers[0].storeId, unitPrice: price() });
    return { quantity: int(1, 5), offers };
  });
  const maxStores = int(1, shape.maxCap);
  const storeDistances = randomDistances(seed, stores);
  if (!shape.freeDelivery) return { items, maxStores, storeFee, storeDistances };
  // Around the cheapest total (each item at its cheapest store anywhere), up to a few fees above it,
  // where crossing the threshold by dearer choices competes with paying the fees; sometimes a round
  // figure (exact hits), sometimes 0 (always free) or out of reach (never free).
  const cheapest = items.reduce((sum, item) => sum + (item.offers.length ? Math.min(...item.offers.map((o) => o.unitPrice)) * item.quantity : 0), 0);
  const near = cheapest + int(-1000, 3 * storeFee + 1500);
  const kind = int(0, 9);
  const freeDeliveryFrom = kind === 0 ? 0 : kind === 1 ? 10 ** 9 : kind < 5 ? Math.max(0, 500 * Math.round(near / 500)) : Math.max(0, near);
  return { items, maxStores, storeFee, freeDeliveryFrom, storeDistances };
}

/**
 * Distances from the user to the stores, drawn from a stream of their own (so the lists are those
 * of the seed without distances): none at all, few distinct values (ties in distance) with some
 * stores unlocated, all different, or all equal (ties fall back to the ids).
 */
function randomDistances(seed: number, stores: readonly string[]): Map<string, number> | undefined {
  const random = seededRandom(seed + 7_919_000);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const style = int(0, 3);
  if (style === 0) return undefined;
  const distances = new Map<string, number>();
  for (const id of stores) {
    if (style === 1 && random() < 0.15) continue;
    distances.set(id, style === 1 ? 100 * int(0, 4) : style === 2 ? int(0, 30_000) : 500);
  }
  return distances;
}

export function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
