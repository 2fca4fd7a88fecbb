// A product's size and package as structured columns (products.size_value in g or mL, size_unit, pack_count, package), read from its
// name by the list parser's size reader, so that a search for « riz 5kg » ranks the 5 kg sack first
// (search-query.ts). Every write of a name sets them (product-revisions.ts columnsOf, the seed); a
// database made before they existed has them filled once at start.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, products } from '../../db/schema';
import { type Size, splitSize } from '../imports/line-parser';
import { findPack, packageOf } from './search-query';

/** The size a product's name says it holds (« Riz parfumé, sac 5 kg » → 5 000 g), its pack count and its package (« sac »). */
export function sizeColumnsOf(name: string): { sizeValue: number | null; sizeUnit: Size['unit'] | null; packCount: number | null; package: string | null } {
  const { size } = splitSize(name);
  return { sizeValue: size?.value ?? null, sizeUnit: size?.unit ?? null, packCount: findPack(name)?.count ?? null, package: packageOf(name) };
}

const SIZES_KEY = 'product_sizes';
const SIZES_VERSION = 'names-3';

/** Once per database: every product's size read from its name. Returns how many were read, or null when already done. */
export async function adoptProductSizes(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SIZES_KEY}))`);
    const [done] = await tx.select().from(appSettings).where(eq(appSettings.key, SIZES_KEY));
    if (done?.value === SIZES_VERSION) return null;
    const rows = await tx.select({ id: products.id, name: products.name, sizeByModerator: products.sizeByModerator }).from(products);
    for (const row of rows) {
      // A size a moderator set by hand stays (admin product editing): only the package is read again.
      const read = sizeColumnsOf(row.name);
      await tx.update(products).set(row.sizeByModerator ? { package: read.package } : read).where(eq(products.id, row.id));
    }
    await tx
      .insert(appSettings)
      .values({ key: SIZES_KEY, value: SIZES_VERSION })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: SIZES_VERSION } });
    return rows.length;
  });
}
