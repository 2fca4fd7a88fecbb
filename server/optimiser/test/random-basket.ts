// Seeded random shopping lists for property tests: a failure prints its seed and replays exactly.
import type { BasketItem, BestPricesInput } from '../types';

/** mulberry32: tiny, fast, good enough to draw test cases. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Ids whose code-unit order differs from their order of appearance, with a capitalised one
// (sorts before lower case) to catch locale-aware comparisons.
const STORE_POOL = ['mbolo', 'ckdo', 'prix-import', 'score', 'Geant', 'sbom', 'casino', 'ozone', 'cecado', 'akanda', 'nzeng', 'owendo'];

export type RandomBasketShape = { maxItems: number; maxStores: number; maxCap: number };

export function randomBasket(seed: number, shape: RandomBasketShape = { maxItems: 8, maxStores: 9, maxCap: 3 }): BestPricesInput {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const itemCount = int(1, shape.maxItems);
  const storeCount = int(1, shape.maxStores);
  const pool = shape.maxStores <= STORE_POOL.length ? STORE_POOL : Array.from({ length: shape.maxStores }, (_, i) => `${STORE_POOL[i % STORE_POOL.length]}-${i}`);
  const stores = shuffled(pool, random).slice(0, storeCount);
  const density = 0.1 + 0.9 * random();
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
  return { items, maxStores: int(1, shape.maxCap), storeFee };
}

export function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
