// The product answers (contract/product-answers.ts) written by the database itself. A catalogue read
// returns its answer's JSON text in one column, which the API sends as it is: nothing is parsed into
// objects, mapped and serialised again on the way (that cost the API as much as the query did). This
// file is the one place that names the fields of a product and of its prices.
import { type SQL, sql } from 'drizzle-orm';
import { TRUST } from '#contract/constants';

/** What the JSON of a product depends on besides its rows: the clock that says when a price is stale. */
export type Freshness = { now: Date | SQL; staleSeconds: number | SQL };

export const STALE_SECONDS = TRUST.staleAfterDays * 86_400;

/** A timestamp as JavaScript's toISOString writes it ("2026-05-01T08:30:00.000Z"). */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The thumbnail stored next to a product image ("/uploads/products/ab12.webp" → "…/ab12-thumb.webp",
 * see product-images.ts); any other URL is its own thumbnail.
 */
export const thumbnailUrl = (url: SQL) =>
  sql`case when ${url} like '/uploads/products/%' and ${url} like '%.webp' and ${url} not like '%-thumb.webp'
           then left(${url}, -5) || '-thumb.webp' else ${url} end`;

const isStale = (observedAt: SQL, { now, staleSeconds }: Freshness) =>
  sql`(${observedAt} < ${now}::timestamptz - ${staleSeconds}::int * interval '1 second')`;

/**
 * The columns of a price in a store, as the statements select them (from current_prices `cp` and
 * stores `s`) for pricedJson's rows.
 */
export const PRICED_COLUMNS = sql.raw(`cp.price_xaf, cp.store_id, cp.observation_id, cp.observed_at, cp.contributor_count, cp.verified, cp.announced_price_xaf, cp.announced_at, cp.shelf_differs,
  s.name as store_name, s.address as store_address, s.latitude as store_latitude, s.longitude as store_longitude`);

/** PriceFreshness (contract/prices.ts) of a row `r` of PRICED_COLUMNS. */
const freshnessFields = (r: string, freshness: Freshness) => {
  const c = (column: string) => sql.raw(`${r}.${column}`);
  return sql`'observation_id', ${c('observation_id')}, 'observed_at', ${isoTime(c('observed_at'))},
             'contributor_count', ${c('contributor_count')}, 'verified', ${c('verified')}, 'stale', ${isStale(c('observed_at'), freshness)}`;
};

/**
 * A price per kilo or litre when the product's size is known (products.size_value in g or mL, for
 * each item of a pack), else per item of a pack; null otherwise (contract/products.ts UnitPrice).
 * `price` is an expression of the price in XAF; `p` the products row.
 */
function unitPriceJson(price: SQL): SQL {
  return sql`case
    when ${price} is null then null
    when p.size_value > 0 then json_build_object('amount_xaf', round(${price} * 1000.0 / (p.size_value * coalesce(p.pack_count, 1)))::int, 'per', case when p.size_unit = 'g' then 'kg' else 'L' end)
    when p.pack_count > 1 then json_build_object('amount_xaf', round(${price}::numeric / p.pack_count)::int, 'per', 'unité')
  end`;
}

/** What one item holds (contract/product-size.ts ProductSize), null when the size is not known. */
const sizeJson = sql`case when p.size_value > 0 and p.size_unit is not null then json_build_object('value', p.size_value, 'unit', p.size_unit) end`;

/**
 * The JSON of a Product: `p` a products row, `shown` its shown price (a row of PRICED_COLUMNS, or
 * nulls) and `priceCount` the number of stores that price it. `more`: the fields of a larger answer
 * (a ProductDetail's prices).
 */
export function productJson(freshness: Freshness, priceCount: SQL, more: Partial<Record<'prices' | 'listing', SQL>> = {}): SQL {
  const extra = Object.entries(more).filter(([, value]) => value !== undefined).map(([name, value]) => sql`, ${sql.raw(`'${name}'`)}, ${value}`);
  return sql`json_build_object(
    'id', p.id, 'name', p.name, 'brand', p.brand, 'category', p.category, 'description', p.description,
    'barcode', p.barcode, 'unit', p.unit, 'manufacturer_reference', p.manufacturer_reference, 'availability', p.availability,
    'size', ${sizeJson}, 'pack_count', p.pack_count,
    'price', shown.price_xaf, 'unit_price', ${unitPriceJson(sql`shown.price_xaf`)}, 'currency', 'XAF', 'shop_id', shown.store_id, 'shop_name', shown.store_name, 'shop_address', shown.store_address,
    'shop_latitude', shown.store_latitude, 'shop_longitude', shown.store_longitude, 'price_count', ${priceCount},
    'price_freshness', case when shown.price_xaf is null then null else json_build_object(${freshnessFields('shown', freshness)}) end,
    'main_image', p.main_image, 'image_url', p.main_image, 'thumbnail_url', ${thumbnailUrl(sql`p.main_image`)},
    'gallery_images', p.gallery_images, 'images', p.gallery_images,
    'gallery_thumbnails', (select coalesce(json_agg(${thumbnailUrl(sql`g.url`)} order by g.n), '[]') from jsonb_array_elements_text(p.gallery_images) with ordinality g(url, n)),
    'barcode_image', p.barcode_image, 'created_at', ${isoTime(sql`p.created_at`)}, 'updated_at', ${isoTime(sql`p.updated_at`)}${sql.join(extra)})`;
}

/**
 * The JSON of a ProductPrice (with the store's announced price and « Prix en rayon différent »): `r` a row of PRICED_COLUMNS and the store's town `store_city`, `isBest`
 * whether it is the cheapest. Its distance is the request's (null here: products.service.ts gives it
 * for a position, after the cache).
 */
export function priceJson(freshness: Freshness, isBest: SQL): SQL {
  return sql`json_build_object(
    'store_id', r.store_id, 'store_name', r.store_name, 'store_address', r.store_address, 'latitude', r.store_latitude,
    'longitude', r.store_longitude, 'city', r.store_city, 'distance_km', null, 'price', r.price_xaf, 'unit_price', ${unitPriceJson(sql`r.price_xaf`)}, ${freshnessFields('r', freshness)}, 'currency', 'XAF', 'is_best', ${isBest},
    'announced', case when r.announced_price_xaf is null then null else json_build_object('price_xaf', r.announced_price_xaf, 'announced_at', ${isoTime(sql`r.announced_at`)}) end,
    'shelf_differs', r.shelf_differs)`;
}
