// The catalogue's reads, as the database answers them: the products of a page (a search, a barcode,
// or the catalogue browsed) and their number; the cards of products (a Product's JSON); one product
// with its price in each store; products by id. Each is one statement whose text is built once per
// shape (how many words, which order, which filters) and prepared (platform/sql-rows.ts), so a read
// costs one round trip and no planning; the JSON is written by the database (product-json.ts). No
// cache here: products.service.ts keeps pages and cards a while, and the catalogue benchmark runs
// these functions directly to measure what the database alone can do.
import { type SQL, sql } from 'drizzle-orm';
import type { ProductSort } from '#contract/catalogue';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../platform/ids';
import { type PreparedStatement, preparedStatement, queryRows, queryStatement } from '../../platform/sql-rows';
import { relevanceOf, type SearchMode, searchValues, withFuzzyThreshold, wordsCondition } from '../../platform/text-search';
import type { Db } from '../../db/client';
import { type Freshness, priceJson, productJson, STALE_SECONDS } from './product-json';
import { isNearMiss, type UnderstoodSearch, understandSearch, withOneWordLess } from './search-query';
import { STORE_CITY_RADIUS_KM } from '#contract/nearby-prices';

/** `authorId`: also the products this account added that still wait for confirmation (catalogue-listing.ts). */
export type PageQuery = { search?: string; category?: string; has_prices: boolean; sort: ProductSort; page: number; limit: number; authorId?: string };
/**
 * The products of a page of the catalogue, in order, and how many products match in all; for a
 * search that asks for a size, whether any product of that size matched (false: the page shows the
 * sizes that exist instead), else null.
 */
export type PageIds = { ids: string[]; total: number; sizeFound: boolean | null };
/** A page of the catalogue: the JSON array of its products, how many products match in all, and whether the size asked for was found (PageIds). */
export type CataloguePage = { body: string; total: number; sizeFound?: boolean | null };

type Values = Record<string, unknown>;
/**
 * `size`, `pack`, `package`: the search asks for a size, a pack count, a package (search-query.ts), and
 * a product that has it ranks first; `aliasWords`: the words of the catalogue's name for an everyday
 * name in the search, also accepted (0: none).
 */
type Shape = {
  kind: 'browse' | 'barcode' | SearchMode;
  words: number;
  sort: ProductSort;
  category: boolean;
  hasPrices: boolean;
  author: boolean;
  size?: boolean;
  pack?: boolean;
  package?: boolean;
  aliasWords?: number;
};

/** The placeholders a statement reads (named after its values). */
const freshness = (v: Values): Freshness => ({ now: v.now as SQL, staleSeconds: v.staleSeconds as SQL });
const clock = (now: Date) => ({ now, staleSeconds: STALE_SECONDS });

const PRICE_COLUMNS = sql.raw('cp.price_xaf, cp.store_id, cp.observation_id, cp.observed_at, cp.contributor_count, cp.verified, cp.announced_price_xaf, cp.announced_at, cp.shelf_differs');
const STORE_COLUMNS = sql.raw('s.name as store_name, s.address as store_address, s.latitude as store_latitude, s.longitude as store_longitude');

/**
 * `best as materialized (…)`: the rows of `from` (aliased `f`, with a product `id`) with the shown price of
 * that product, its cheapest current price (or the one in the store `prefer`). `shown` then adds its
 * store: joined once for the whole page, not once per product as a join inside the lateral read was.
 */
const withShownPrice = (from: SQL, prefer?: SQL) => sql`
  best as materialized (
    select f.*, ${PRICE_COLUMNS} from ${from}
    left join lateral (
      select * from current_prices cp where cp.product_id = f.id
      order by ${prefer ? sql`(cp.store_id = ${prefer}::uuid) is true desc, ` : sql``}cp.price_xaf, cp.observed_at desc, cp.store_id
      limit 1
    ) cp on true
  ),
  shown as (select cp.*, ${STORE_COLUMNS} from best cp left join stores s on s.id = cp.store_id)`;

const priceCount = sql`(select count(*) from current_prices c where c.product_id = p.id)::int`;

// ---------------------------------------------------------------- a page

// The matches `m` carry id, sort_name, created_at and popularity; those of a search also its
// relevance, so that a page of them can be ordered best match first. The score, in order: the
// catalogue's name for an everyday one (« eau » → eau minérale), the size, pack count and package
// asked for, how many words of the search begin a word of the name or brand (« omo » the brand
// before « promotion »), a name that starts with the search, how early its first word comes (or,
// for near misses, how close it is), then how often the product is listed or bought.
const ORDERS: Record<ProductSort, (alias: string) => SQL> = {
  relevance: (m) =>
    sql.raw(
      `${m}.alias_match desc, ${m}.size_match desc, ${m}.pack_match desc, ${m}.package_match desc, ${m}.word_starts desc, ` +
        `${m}.starts_with desc, ${m}.closeness desc, ${m}.popularity desc, ${m}.sort_name, ${m}.id`,
    ),
  name: (m) => sql.raw(`${m}.sort_name, ${m}.id`),
  recent: (m) => sql.raw(`${m}.created_at desc, ${m}.id desc`),
  unit_price: (m) => sql.raw(`${m}.unit_rank, ${m}.unit_amount, ${m}.sort_name, ${m}.id`),
};

function pageStatement(shape: Shape): PreparedStatement<Values> {
  return preparedStatement((v) => {
    // Only what everyone may see (catalogue-listing.ts): a newcomer's additions and removed entries are left out.
    const filters: SQL[] = [shape.author ? sql`(p.listing = 'listed' or (p.listing = 'pending' and p.created_by = ${v.author}::uuid))` : sql`p.listing = 'listed'`];
    if (shape.category) filters.push(sql`p.category = ${v.category}`);
    if (shape.hasPrices) filters.push(sql`exists (select 1 from current_prices c where c.product_id = p.id)`);
    let ranked = sql``;
    if (shape.kind === 'barcode') filters.push(sql`p.barcode = ${v.gtin}`);
    if (shape.kind === 'exact' || shape.kind === 'fuzzy') {
      const words = Array.from({ length: shape.words }, (_, i) => v[`w${i}`] as SQL);
      const aliasWords = Array.from({ length: shape.aliasWords ?? 0 }, (_, i) => v[`a${i}`] as SQL);
      const aliased = aliasWords.length > 0 ? wordsCondition(sql`p.search_text`, aliasWords, 'exact', 'once') : null;
      if (words.length > 0) {
        const spoken = wordsCondition(sql`p.search_text`, words, shape.kind, 'once');
        filters.push(aliased ? sql`(${spoken} or ${aliased})` : spoken);
      }
      if (shape.sort === 'relevance') {
        const { startsWith, closeness } = relevanceOf(sql`p.search_text`, sql`p.sort_name`, { startsWith: v.startsWith as SQL, first: v.first as SQL, term: v.term as SQL }, shape.kind, 'once');
        const sized = shape.size ? sql`(p.size_unit = ${v.sizeUnit} and p.size_value = ${v.sizeValue}::float8) is true` : sql`false`;
        // A pack (« pack 6 × 1,5 L ») answers a search for a pack, a single item one that names none.
        const packed = shape.size || shape.pack ? sql`(p.pack_count is not distinct from ${v.pack}::int)` : sql`true`;
        const packaged = shape.package ? sql`(p.package = ${v.package}) is true` : sql`false`;
        // Words of the name and brand, each after a space (products.search_words): « % huile% » says a word
        // begins with « huile »; « non sucré » is stored « non_sucre », so « lait sucré » is not it.
        const tokens = sql`p.search_words`;
        const starts =
          shape.kind === 'exact' && words.length > 0
            ? sql.join(words.map((w) => sql`(${tokens} like (select '% ' || mp_fold(${w}) || '%') escape '\\')::int`), sql` + `)
            : sql`0`;
        ranked = sql`, ${aliased ?? sql`false`} as alias_match, ${sized} as size_match, ${packed} as pack_match, ${packaged} as package_match,
          ${starts} as word_starts, ${startsWith} as starts_with, ${closeness} as closeness`;
      }
    }
    const where = filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`;
    // The cheapest price per kilo or litre (each item of a pack counted), as unit_price shows it (product-json.ts).
    const cheapest = sql`(select min(c.price_xaf) from current_prices c where c.product_id = p.id)`;
    const byUnitPrice =
      shape.sort === 'unit_price'
        ? sql`, case when ${cheapest} is null then 2 when p.size_value > 0 then 0 when p.pack_count > 1 then 1 else 2 end as unit_rank,
            case when p.size_value > 0 then ${cheapest} * 1000.0 / (p.size_value * coalesce(p.pack_count, 1)) else ${cheapest}::numeric / nullif(p.pack_count, 0) end as unit_amount`
        : sql``;
    // A search collects its matches once (a bitmap scan of the trigram index), then counts and sorts
    // them: cheaper than walking the name index and testing every product. Browsing reads the page
    // straight off the (sort_name, id) or created_at index and counts apart.
    const browsing = shape.kind === 'browse';
    const count = browsing ? sql`(select count(*) from products p where ${where})` : sql`(select count(*) from m)`;
    return sql`
      with m as ${browsing ? sql`not materialized` : sql`materialized`} (select p.id, p.sort_name, p.created_at, p.popularity${ranked}${byUnitPrice} from products p where ${where}),
      page as materialized (select * from m order by ${ORDERS[shape.sort]('m')} limit ${v.limit} offset ${v.offset})
      select ${count}::int as total, coalesce((select array_agg(page.id order by ${ORDERS[shape.sort]('page')}) from page), '{}') as ids,
        ${shape.size && shape.sort === 'relevance' ? sql`(select coalesce(bool_or(m.size_match), false) from m)` : sql`null::boolean`} as size_found`;
  });
}

const pageStatements = new Map<string, PreparedStatement<Values>>();

function statementOf(shape: Shape): PreparedStatement<Values> {
  const key = JSON.stringify(shape);
  let statement = pageStatements.get(key);
  if (!statement) pageStatements.set(key, (statement = pageStatement(shape)));
  return statement;
}

async function readPage(db: DbOrTx, shape: Shape, values: Values): Promise<PageIds> {
  const [row] = await queryStatement<{ ids: string[]; total: number; size_found: boolean | null }, Values>(db, statementOf(shape), values);
  return { ids: row.ids, total: Number(row.total), sizeFound: row.size_found };
}

function searchPage(db: DbOrTx, query: PageQuery, understood: UnderstoodSearch, mode: SearchMode, base: Values): Promise<PageIds> {
  const { text, alias, size, pack } = understood;
  const { words, startsWith, first, term } = searchValues(text, mode);
  // The everyday name's words are matched exactly (they are the catalogue's own), and only with an exact search.
  const aliasWords = alias && mode === 'exact' ? searchValues(alias, 'exact').words : [];
  const values: Values = { ...base, startsWith, first, term, sizeValue: size?.value ?? null, sizeUnit: size?.unit ?? null, pack, package: understood.package };
  words.forEach((word, i) => (values[`w${i}`] = word));
  aliasWords.forEach((word, i) => (values[`a${i}`] = word));
  const shape: Shape = {
    kind: mode,
    words: words.length,
    sort: query.sort,
    category: Boolean(query.category),
    hasPrices: query.has_prices,
    author: Boolean(query.authorId),
    size: size !== null,
    pack: pack !== null,
    package: understood.package !== null,
    aliasWords: aliasWords.length,
  };
  return readPage(db, shape, values);
}

/** How many near misses are read before the cut-off keeps the close ones (search-query.ts isNearMiss). */
const NEAR_MISS_POOL = 200;

/**
 * Near misses (no product holds every word): those whose words the search only misspells, a page of
 * them and their number. The database finds the candidates (trigram word similarity, the index);
 * the cut-off (the import matcher's similarity) keeps a typo from bringing products that share
 * only letters.
 */
async function nearMissPage(db: Db, query: PageQuery, understood: UnderstoodSearch, base: Values): Promise<PageIds> {
  const pool = await withFuzzyThreshold(db, (tx) => searchPage(tx, query, understood, 'fuzzy', { ...base, limit: NEAR_MISS_POOL, offset: 0 }));
  if (pool.ids.length === 0) return pool;
  const rows = await queryRows<{ id: string; name: string; brand: string | null }>(db, sql`select id, name, brand from products where id = any(${`{${pool.ids.join(',')}}`}::uuid[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const close = pool.ids.filter((id) => {
    const row = byId.get(id);
    return row !== undefined && isNearMiss(understood.typed, row.name, row.brand);
  });
  const offset = base.offset as number;
  return { ids: close.slice(offset, offset + (base.limit as number)), total: close.length, sizeFound: pool.sizeFound };
}

/**
 * The products of a page of GET /api/products: those whose name or brand hold every word of
 * `search` (accents and case ignored), or when none does, near misses ("crme" → "Crème"); a search
 * that is a barcode (`gtin`) finds the product carrying it first; without a search, the catalogue.
 */
export async function readPageIds(db: Db, query: PageQuery, gtin: string | null): Promise<PageIds> {
  const base: Values = { category: query.category ?? null, limit: query.limit, offset: (query.page - 1) * query.limit, author: query.authorId ?? null };
  const shape = { words: 0, sort: query.sort, category: Boolean(query.category), hasPrices: query.has_prices, author: Boolean(query.authorId) };
  const search = query.search?.trim();
  // Without a search there is no relevance to order by: the catalogue reads by name.
  if (!search) return readPage(db, { ...shape, kind: 'browse', sort: query.sort === 'relevance' ? 'name' : query.sort }, base);
  if (gtin) {
    const byBarcode = await readPage(db, { ...shape, kind: 'barcode', sort: query.sort === 'relevance' ? 'name' : query.sort }, { ...base, gtin });
    if (byBarcode.total > 0) return byBarcode;
  }
  const understood = understandSearch(search);
  const page = await searchPage(db, query, understood, 'exact', base);
  if (page.total > 0) return page;
  const nearMisses = await nearMissPage(db, query, understood, base);
  if (nearMisses.total > 0) return nearMisses;
  return oneWordLessPage(db, query, understood, base);
}

/**
 * A search of several words that no product holds whole, nor nearly (« poisson capitaine »): the
 * products holding all its words but one, a qualifier left out first (« mangue fraiche » → Mangue),
 * then the more specific answers first.
 */
async function oneWordLessPage(db: Db, query: PageQuery, understood: UnderstoodSearch, base: Values): Promise<PageIds> {
  const tries = withOneWordLess(understood);
  if (tries.length === 0) return { ids: [], total: 0, sizeFound: null };
  const found = await Promise.all(tries.map((t) => searchPage(db, query, t.search, 'exact', { ...base, limit: NEAR_MISS_POOL, offset: 0 })));
  const order = tries.map((t, i) => ({ ...t, found: found[i] })).sort((a, b) => Number(b.qualifierLeftOut) - Number(a.qualifierLeftOut) || a.found.total - b.found.total);
  const ids = [...new Set(order.flatMap((o) => o.found.ids))];
  const offset = base.offset as number;
  const sizeFound = found.some((f) => f.sizeFound === true) ? true : found.some((f) => f.sizeFound === false) ? false : null;
  return { ids: ids.slice(offset, offset + (base.limit as number)), total: ids.length, sizeFound };
}

const cardsStatement = preparedStatement(
  (v) => sql`
    with ${withShownPrice(sql`unnest(${v.ids}::uuid[]) f(id)`)}
    select shown.id, ${productJson(freshness(v), priceCount)}::text as card
    from shown join products p on p.id = shown.id`,
);

/** The cards (a Product's JSON text, its cheapest price shown) of the products `ids` that exist, by id. */
export async function readProductCards(db: DbOrTx, ids: string[], now: Date): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryStatement<{ id: string; card: string }, Values>(db, cardsStatement, { ...clock(now), ids });
  return new Map(rows.map((r) => [r.id, r.card]));
}

/** The JSON array of these cards, in their order (a product gone meanwhile has none: left out). */
export const pageBody = (cards: (string | undefined)[]) => `[${cards.filter((card) => card !== undefined).join(',')}]`;

/** A page of GET /api/products, read whole (without any cache): its products, then their cards. */
export async function readCataloguePage(db: Db, query: PageQuery, gtin: string | null, now: Date): Promise<CataloguePage> {
  const { ids, total, sizeFound } = await readPageIds(db, query, gtin);
  const cards = await readProductCards(db, ids, now);
  return { body: pageBody(ids.map((id) => cards.get(id))), total, sizeFound };
}

// ---------------------------------------------------------------- one product, products by id

/**
 * The town of store `s`, or for a store that has none (added by a user), that of the nearest listed
 * store within STORE_CITY_RADIUS_KM that has one (flat distances in degrees: exact enough at 15 km).
 */
const CITY_RADIUS_DEGREES = sql.raw(String(STORE_CITY_RADIUS_KM / 111.2));
const flatDistance = sql`sqrt(power(n.latitude - s.latitude, 2) + power((n.longitude - s.longitude) * cos(radians(s.latitude)), 2))`;
const storeCity = sql`coalesce(s.city, (
      select n.city from stores n
      where n.city is not null and n.listing = 'listed' and ${flatDistance} <= ${CITY_RADIUS_DEGREES}
      order by ${flatDistance} limit 1))`;

/** The JSON of GET /api/products/{id} for the product whose id is `id` (a placeholder, or a column of an outer row). */
const detailBody = (f: Freshness, id: SQL, listedOnly: boolean) => sql`
    with prices as materialized (
      select ${PRICE_COLUMNS}, ${STORE_COLUMNS}, ${storeCity} as store_city, row_number() over (order by cp.price_xaf, cp.observed_at desc, s.name) as n
      from current_prices cp join stores s on s.id = cp.store_id
      where cp.product_id = ${id}
    )
    select ${productJson(f, sql`(select count(*) from prices)::int`, {
      prices: sql`(select coalesce(json_agg(${priceJson(f, sql`r.n = 1`)} order by r.n), '[]') from prices r)`,
      listing: sql`p.listing`,
    })}::text as body
    from products p left join prices shown on shown.n = 1
    where p.id = ${id}${listedOnly ? sql` and p.listing = 'listed'` : sql``}`;

const detailStatement = preparedStatement((v) => detailBody(freshness(v), sql`${v.id}::uuid`, false));

const detailsStatement = preparedStatement(
  (v) => sql`
    select f.id, d.body from unnest(${v.ids}::uuid[]) f(id)
    cross join lateral (${detailBody(freshness(v), sql`f.id`, true)}) d`,
);

/** The product and its current price in each store, cheapest first, whoever may see it; null when there is no such product. */
export async function readProductDetail(db: DbOrTx, id: string, now: Date): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryStatement<{ body: string }, Values>(db, detailStatement, { ...clock(now), id });
  return row?.body ?? null;
}

/** Several products' GET /api/products/{id} answers in one statement, by id (those listed for everyone; ids that are not UUIDs are left out). */
export async function readProductDetails(db: DbOrTx, ids: string[], now: Date): Promise<Map<string, string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await queryStatement<{ id: string; body: string }, Values>(db, detailsStatement, { ...clock(now), ids: valid });
  return new Map(rows.map((r) => [r.id, r.body]));
}

const byIdsStatement = preparedStatement(
  (v) => sql`
    with ${withShownPrice(sql`unnest(${v.ids}::uuid[]) with ordinality f(id, n)`, v.prefer as SQL)}
    select coalesce(json_agg(${productJson(freshness(v), priceCount)} order by shown.n), '[]')::text as body
    from shown join products p on p.id = shown.id`,
);

/** Products by id as a JSON array, in the order of `ids`, each showing its price in `preferStoreId` when it has one there. */
export async function readProductsByIds(db: DbOrTx, ids: string[], now: Date, preferStoreId?: string): Promise<string> {
  if (ids.length === 0) return '[]';
  const [row] = await queryStatement<{ body: string }, Values>(db, byIdsStatement, { ...clock(now), ids, prefer: preferStoreId ?? null });
  return row.body;
}
