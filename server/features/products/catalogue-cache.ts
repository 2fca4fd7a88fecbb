// Catalogue pages and product details are read far more often than products and prices change, so
// they are kept a few seconds in memory. Every write that changes them (products, prices, stores)
// calls catalogueChanged after its transaction commits: this instance's cache is cleared at once and
// the other instances' within milliseconds (platform/cache-invalidation.ts).
import type { Db } from '../../db/client';
import { invalidateCache } from '../../platform/cache-invalidation';
import { readCacheOf, type SharedReadCache } from '../../platform/read-cache';

const CATALOGUE_CACHE = 'catalogue';
const OPTIONS = { ttlMs: 5000, maxEntries: 2000 };

export const catalogueCache = (db: Db): SharedReadCache => readCacheOf(db, CATALOGUE_CACHE, OPTIONS);

/** After a committed write of products, prices or stores: every instance's catalogue cache. */
export const catalogueChanged = (db: Db): Promise<void> => invalidateCache(db, CATALOGUE_CACHE);
