// The catalogue the labelled searches run on (search-cases.fixture.ts): the seed, plus the local
// staples it lacks, added the way every product is written (sizes and package read from the name).
// And one search as the app runs it: the list builder's, which is the catalogue's (same ids, same order).
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { searchProducts } from '../lists/catalogue-match';
import { sizeColumnsOf } from './product-sizes';
import { EXTRA_PRODUCTS } from './search-cases.fixture';

/** Adds the staples the seed lacks (once: a second call finds them there). */
export async function addSearchCatalogue(db: Db): Promise<void> {
  const names = EXTRA_PRODUCTS.map((p) => p.name);
  const present = new Set((await db.select({ name: products.name }).from(products).where(inArray(products.name, names))).map((r) => r.name));
  const missing = EXTRA_PRODUCTS.filter((p) => !present.has(p.name));
  if (missing.length > 0) await db.insert(products).values(missing.map((p) => ({ ...p, ...sizeColumnsOf(p.name) })));
}

/** The names a search answers, best first (the first twenty). */
export async function searchNames(db: Db, query: string): Promise<string[]> {
  return (await searchProducts(db, query, 20)).map((p) => p.name);
}
