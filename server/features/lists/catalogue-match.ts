// Finding catalogue products for list lines: the search box of the list editor, the matching of an
// imported text list, and the exact-name match that lets a manual item be priced by the optimiser.
// All comparisons go through mp_fold (lower case, no accents) and pg_trgm, using the products'
// trigram index (migrations/0001_search.sql).
import { sql, type SQL } from 'drizzle-orm';
import type { ProductSuggestion } from '#contract/lists';
import type { DbOrTx } from '../../db/client';

const TARGET = sql`mp_fold(p.name || ' ' || coalesce(p.brand, ''))`;

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type SuggestionRow = { id: string; name: string; brand: string | null; category: string; unit: string | null; store_count: number | string | null; min_price: number | null };

/** Products whose name or brand contains the words typed, or nearly (one typo), best match first. */
export async function searchProducts(db: DbOrTx, search: string, limit: number): Promise<ProductSuggestion[]> {
  const term = search.trim();
  const where = term
    ? sql`where ${TARGET} like mp_fold(${likePattern(term)}) escape '\\' or mp_fold(${term}) <% ${TARGET}`
    : sql``;
  const order = term
    ? sql`order by (mp_fold(p.name) like mp_fold(${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) escape '\\') desc, word_similarity(mp_fold(${term}), ${TARGET}) desc, coalesce(cp.store_count, 0) desc, p.name`
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

export type NameMatch = { productId: string; name: string; brand: string | null; category: string; exact: boolean; similarity: number };

/**
 * For each name, the closest catalogue product, or nothing when none is close enough
 * (word similarity under pg_trgm's default threshold of 0.6).
 */
export async function matchNames(db: DbOrTx, names: readonly string[]): Promise<(NameMatch | null)[]> {
  if (names.length === 0) return [];
  const terms = sql.join(names.map((n) => sql`${n}`), sql`, `);
  const found = await rows<{ idx: number | string; id: string; name: string; brand: string | null; category: string; exact: boolean; sim: number }>(
    db,
    sql`select q.idx, m.id, m.name, m.brand, m.category, m.exact, m.sim
        from unnest(array[${terms}]::text[]) with ordinality as q(term, idx)
        cross join lateral (
          select p.id, p.name, p.brand, p.category,
                 mp_fold(p.name) = mp_fold(q.term) as exact,
                 word_similarity(mp_fold(q.term), ${TARGET}) as sim
          from products p
          where mp_fold(p.name) = mp_fold(q.term) or mp_fold(q.term) <% ${TARGET}
          order by exact desc, sim desc, (mp_fold(p.name) like mp_fold(q.term) || '%') desc, similarity(mp_fold(q.term), ${TARGET}) desc, length(p.name), p.name
          limit 1
        ) m`,
  );
  const result: (NameMatch | null)[] = names.map(() => null);
  for (const r of found) {
    result[Number(r.idx) - 1] = { productId: r.id, name: r.name, brand: r.brand, category: r.category, exact: Boolean(r.exact), similarity: Number(r.sim) };
  }
  return result;
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
        join products p on mp_fold(p.name) = mp_fold(q.term)
        group by q.idx
        having count(*) = 1`,
  );
  const result: (string | null)[] = names.map(() => null);
  for (const r of found) result[Number(r.idx) - 1] = r.id;
  return result;
}
