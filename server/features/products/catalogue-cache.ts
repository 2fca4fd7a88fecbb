// Catalogue pages and product details are read far more often than products and prices change, so
// they are kept a few seconds in memory. Every write that changes them (products, prices) clears the
// cache after its transaction commits; another API instance sees the change within the TTL.
import type { Db } from '../../db/client';
import { type ReadCache, readCacheOf } from '../../platform/read-cache';

const OPTIONS = { ttlMs: 5000, maxEntries: 2000 };

export const catalogueCache = (db: Db): ReadCache => readCacheOf(db, 'catalogue', OPTIONS);
