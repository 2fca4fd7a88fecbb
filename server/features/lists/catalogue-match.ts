// Finding catalogue products for list lines: the search box of the list editor and the exact-name
// match that lets a manual item be priced by the optimiser. (Imported lists are matched by
// features/imports/catalogue-matcher.ts.)
// The exact-name match compares through mp_fold (lower case, no accents), on the products' stored
// folded name (migrations 0001 and 0002).
import { sql } from 'drizzle-orm';
import { canonicalGtin } from '#contract/barcodes';
import type { ProductSuggestion } from '#contract/lists';
import type { SizeUnit } from '#contract/product-size';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../platform/sql-rows';
import { normaliseSearch } from '../../platform/text-search';
import { readPageIds } from '../products/catalogue-reads';

type SuggestionRow = {
  id: string;
  name: string;
  brand: string | null;
  category: string;
  unit: string | null;
  size_value: number | null;
  size_unit: SizeUnit | null;
  pack_count: number | null;
  store_count: number | string | null; min_price: number | null };

/**
 * The list editor's search box: the catalogue's own search (products/catalogue-reads.ts — the same
 * words, sizes, typo tolerance and ranking, issue 28 item 1), each product with how many stores
 * price it and from how much. Without a term, the products the most stores price.
 */
export async function searchProducts(db: Db, search: string, limit: number, viewerId?: string): Promise<ProductSuggestion[]> {
  const term = normaliseSearch(search);
  const ids = term
    ? (await readPageIds(db, { search: term, has_prices: false, sort: 'relevance', page: 1, limit, authorId: viewerId }, canonicalGtin(term))).ids
    : null;
  if (ids && ids.length === 0) return [];
  // One parameter holding the ids as a Postgres array literal (a JS array would be spread into a list).
  const idArray = ids && `{${ids.join(',')}}`;
  const chosen = idArray
    ? sql`where p.id = any(${idArray}::uuid[]) order by array_position(${idArray}::uuid[], p.id)`
    : sql`where p.listing = 'listed' order by coalesce(cp.store_count, 0) desc, p.name`;
  const found = await rows<SuggestionRow>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.unit, p.size_value, p.size_unit, p.pack_count, cp.store_count, cp.min_price
        from products p
        left join (select product_id, count(*) as store_count, min(price_xaf) as min_price from current_prices group by product_id) cp
          on cp.product_id = p.id
        ${chosen} limit ${limit}`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    unit: r.unit,
    size: r.size_value !== null && r.size_value > 0 && r.size_unit ? { value: Number(r.size_value), unit: r.size_unit } : null,
    pack_count: r.pack_count,
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
