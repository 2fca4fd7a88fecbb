// The catalogue is read far more often than products and prices change, so its answers are kept in
// memory, at two levels: which products a page shows (a search's ids and total, a few hundred bytes)
// and each product's card (its JSON, ~1 KB), which every page showing it shares. A cold search then
// asks the database for ids only, as long as its products' cards are known; product details are kept
// whole. Answers are kept as the JSON text the database wrote, sent as they are.
// Every write that changes them (products, prices, stores) calls catalogueChanged after its
// transaction commits: this instance's caches are cleared at once and the other instances' within
// milliseconds (platform/cache-invalidation.ts); while an instance may miss such notices, it reads
// the database. The entries' lifetime is therefore no longer what keeps them right, only a last bound
// (a lost notice; the « à confirmer » mark of a price that turns 30 days old meanwhile): a minute.
// Sizes: 4,000 pages and details (~0.5 KB and ~5 KB), 20,000 cards (the whole benchmark catalogue,
// ~20 MB).
import type { Db } from '../../db/client';
import { invalidateCache } from '../../platform/cache-invalidation';
import { readCacheOf, type SharedReadCache } from '../../platform/read-cache';

const CATALOGUE_CACHE = 'catalogue';
const CARDS_CACHE = 'catalogue-cards';
const TTL_MS = 60_000;

/** Pages (the ids of a search or a page of the catalogue) and product details. */
export const catalogueCache = (db: Db): SharedReadCache => readCacheOf(db, CATALOGUE_CACHE, { ttlMs: TTL_MS, maxEntries: 4000 });

/** Product cards by product id. */
export const productCardCache = (db: Db): SharedReadCache => readCacheOf(db, CARDS_CACHE, { ttlMs: TTL_MS, maxEntries: 20_000 });

/** After a committed write of products, prices or stores: every instance's catalogue caches. */
export const catalogueChanged = async (db: Db): Promise<void> => {
  await Promise.all([invalidateCache(db, CATALOGUE_CACHE), invalidateCache(db, CARDS_CACHE)]);
};
