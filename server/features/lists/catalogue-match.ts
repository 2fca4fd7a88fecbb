// Finding catalogue products for list lines: the search box of the list editor and the exact-name
// match that lets a manual item be priced by the optimiser. (Imported lists are matched by
// features/imports/catalogue-matcher.ts.)
// All comparisons go through mp_fold (lower case, no accents) and pg_trgm, on the products' stored
// folded text and its trigram index (migrations 0001 and 0002).
import { sql } from 'drizzle-orm';
import { canonicalGtin } from '#contract/barcodes';
import type { ProductSuggestion } from '#contract/lists';
import type { DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../platform/sql-rows';
import { escapeLike, relevanceOrder } from '../../platform/text-search';

/** products.search_text = mp_fold(name || ' ' || brand), a stored column with a trigram index. */
const TARGET = sql`p.search_text`;

type SuggestionRow = { id: string; name: string; brand: string | null; category: string; unit: string | null; store_count: number | string | null; min_price: number | null };

/**
 * Products whose name or brand contains the words typed, or nearly (one typo), best match first; a
 * term that is a valid barcode (typed or scanned) puts the product carrying it first.
 */
export async function searchProducts(db: DbOrTx, search: string, limit: number, viewerId?: string): Promise<ProductSuggestion[]> {
  const term = search.trim();
  // What everyone sees, and the viewer's own additions still waiting for confirmation (catalogue-listing.ts).
  const visible = viewerId ? sql`(p.listing = 'listed' or (p.listing = 'pending' and p.created_by = ${viewerId}::uuid))` : sql`p.listing = 'listed'`;
  const gtin = term ? canonicalGtin(term) : null;
  const byBarcode = gtin ? sql` or p.barcode = ${gtin}` : sql``;
  const barcodeFirst = gtin ? sql`(p.barcode is not distinct from ${gtin}) desc, ` : sql``;
  const where = term
    ? sql`where ${visible} and (${TARGET} like mp_fold(${`%${escapeLike(term)}%`}) escape '\\' or mp_fold(${term}) <% ${TARGET}${byBarcode})`
    : sql`where ${visible}`;
  const order = term
    ? sql`order by ${barcodeFirst}${relevanceOrder(TARGET, sql`p.sort_name`, term, 'fuzzy')}, coalesce(cp.store_count, 0) desc, p.name`
    : sql`order by coalesce(cp.store_count, 0) desc, p.name`;
  const found = await rows<SuggestionRow>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.unit, cp.store_count, cp.min_price
        from products p
        left join (select product_id, count(*) as store_count, min(price_xaf) as min_price from current_prices group by product_id) cp
          on cp.product_id = p.id
        ${where} ${order} limit ${limit}`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    unit: r.unit,
    store_count: Number(r.store_count ?? 0),
    min_price: r.min_price === null ? null : Number(r.min_price),
  }));
}

/**
 * Manual items are priced only through a product whose name is exactly theirs (case and accents
 * aside) and unique: a guess could price the wrong thing, so anything looser stays unpriced.
 */
export async function exactProductIds(db: DbOrTx, names: readonly string[]): Promise<(string | null)[]> {
  if (names.length === 0) return [];
  const terms = sql.join(names.map((n) => sql`${n}`), sql`, `);
  const found = await rows<{ idx: number | string; id: string }>(
    db,
    sql`select q.idx, min(p.id::text) as id
        from unnest(array[${terms}]::text[]) with ordinality as q(term, idx)
        join products p on p.sort_name = mp_fold(q.term) and p.listing = 'listed'
        group by q.idx
        having count(*) = 1`,
  );
  const result: (string | null)[] = names.map(() => null);
  for (const r of found) result[Number(r.idx) - 1] = r.id;
  return result;
}
