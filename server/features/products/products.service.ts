// The product catalogue: search and listing, one product with its prices per store, and the product
// forms (create with or without a shop and price, edit, duplicate to another shop, quick add).
// Products are shared by everyone (the spec lets any user add and edit them); prices are
// observations recorded through the prices feature, so the same trust rules apply to every price.
import { type SQL, and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PricedProductsQuerySchema,
  Product,
  ProductCreateSchema,
  ProductDetail,
  ProductDuplicateSchema,
  ProductListQuerySchema,
  ProductPrice,
  QuickAddSchema,
} from '#contract/products';
import { canonicalGtin } from '#contract/barcodes';
import { catalogueSort, type ProductSort } from '#contract/products';
import { isStale, type PriceFreshness } from '#contract/prices';
import type { ProductSnapshot } from '#contract/moderation';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { currentPrices, products, stores } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { queryRowsPrepared } from '../../platform/sql-rows';
import { matchCondition, relevance, type SearchMode, withFuzzyThreshold } from '../../platform/text-search';
import { recordObservation } from '../prices/prices.service';
import { resolveShop, type StoreRow } from '../stores/stores.service';
import { catalogueCache, catalogueChanged } from './catalogue-cache';
import { assertBarcodeFree, withBarcodeClashAsConflict } from './product-barcodes';
import { changesBetween, columnsOf, createSuggestion, hasChanges, lockProduct, recordRevision, snapshotOf } from './product-revisions';
import { type ProductImages, resolveProductImages, thumbnailOf } from './product-images';

type ListQuery = z.output<typeof ProductListQuerySchema>;
type ProductInput = z.output<typeof ProductCreateSchema>;

const DEFAULT_CATEGORY = 'Divers';

/**
 * One product row with the price shown on its card: its cheapest current price, or the price in
 * `preferStoreId` when it has one there. Every read of products goes through this one statement
 * shape, so a page of the catalogue or a product's details costs a single round trip.
 */
type ProductReadRow = {
  id: string;
  name: string;
  brand: string | null;
  category: string;
  description: string | null;
  barcode: string | null;
  unit: string | null;
  manufacturer_reference: string | null;
  availability: boolean;
  main_image: string | null;
  gallery_images: string[] | null;
  barcode_image: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  shown_price: number | null;
  shown_store_id: string | null;
  shown_store_name: string | null;
  shown_store_address: string | null;
  shown_latitude: number | null;
  shown_longitude: number | null;
  shown_observation_id: string | null;
  shown_observed_at: Date | string | null;
  shown_contributor_count: number | null;
  shown_verified: boolean | null;
  store_count: number | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function freshnessOf(
  row: { observation_id: string | null; observed_at: Date | string; contributor_count: number; verified: boolean },
  now: Date,
): PriceFreshness {
  return {
    observation_id: row.observation_id,
    observed_at: iso(row.observed_at),
    contributor_count: Number(row.contributor_count),
    verified: Boolean(row.verified),
    stale: isStale(row.observed_at, now),
  };
}

function toApiProduct(row: ProductReadRow, now: Date): Product {
  const gallery = row.gallery_images ?? [];
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    description: row.description,
    barcode: row.barcode,
    unit: row.unit,
    manufacturer_reference: row.manufacturer_reference,
    availability: row.availability,
    price: row.shown_price,
    currency: 'XAF',
    shop_id: row.shown_store_id,
    shop_name: row.shown_store_name,
    shop_address: row.shown_store_address,
    shop_latitude: row.shown_latitude,
    shop_longitude: row.shown_longitude,
    price_count: Number(row.store_count ?? 0),
    price_freshness:
      row.shown_price !== null && row.shown_observed_at !== null
        ? freshnessOf(
            {
              observation_id: row.shown_observation_id,
              observed_at: row.shown_observed_at,
              contributor_count: row.shown_contributor_count ?? 1,
              verified: row.shown_verified ?? false,
            },
            now,
          )
        : null,
    main_image: row.main_image,
    image_url: row.main_image,
    thumbnail_url: thumbnailOf(row.main_image),
    gallery_images: gallery,
    images: gallery,
    gallery_thumbnails: gallery.map((url) => thumbnailOf(url) ?? url),
    barcode_image: row.barcode_image,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * `select … from <from>`: the product columns and the shown price of each product `p` that `from`
 * names (the products table, or a page of ids joined to it).
 */
function productRead(from: SQL, { preferStoreId, extraColumns }: { preferStoreId?: string; extraColumns?: SQL } = {}): SQL {
  const preferred = preferStoreId ? sql`(cp.store_id = ${preferStoreId}) desc,` : sql``;
  return sql`select p.id, p.name, p.brand, p.category, p.description, p.barcode, p.unit, p.manufacturer_reference, p.availability,
                    p.main_image, p.gallery_images, p.barcode_image, p.created_at, p.updated_at,
                    shown.price_xaf as shown_price, shown.store_id as shown_store_id, s.name as shown_store_name,
                    s.address as shown_store_address, s.latitude as shown_latitude, s.longitude as shown_longitude,
                    shown.observation_id as shown_observation_id, shown.observed_at as shown_observed_at,
                    shown.contributor_count as shown_contributor_count, shown.verified as shown_verified,
                    shown.store_count ${extraColumns ?? sql``}
             from ${from}
             left join lateral (
               select cp.price_xaf, cp.store_id, cp.observation_id, cp.observed_at, cp.contributor_count, cp.verified, count(*) over () as store_count
               from ${currentPrices} cp
               where cp.product_id = p.id
               order by ${preferred} cp.price_xaf, cp.observed_at desc
               limit 1
             ) shown on true
             left join ${stores} s on s.id = shown.store_id`;
}

/** Products by id, in the order of `ids`, with their shown price. */
async function productsByIds(db: DbOrTx, ids: string[], now: Date, preferStoreId?: string): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await queryRowsPrepared<ProductReadRow>(db, sql`${productRead(sql`${products} p`, { preferStoreId })} where ${inArray(sql`p.id`, ids)}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toApiProduct(row, now)] : [];
  });
}

// ---------------------------------------------------------------- search and listing

function listFilters(query: { category?: string; has_prices?: boolean }): SQL[] {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  if (query.has_prices) filters.push(sql`exists (select 1 from ${currentPrices} where ${currentPrices.productId} = ${products.id})`);
  return filters;
}

type Page = { products: Product[]; total: number };
type CountedRow = ProductReadRow & { total: number | string };

// The matches `m` carry id, sort_name and created_at; those of a search also its relevance
// (starts_with, closeness), so that a page of them can be ordered best match first.
const ORDERS: Record<ProductSort, (alias: string) => SQL> = {
  relevance: (m) => sql.raw(`${m}.starts_with desc, ${m}.closeness desc, ${m}.sort_name, ${m}.id`),
  name: (m) => sql.raw(`${m}.sort_name, ${m}.id`),
  recent: (m) => sql.raw(`${m}.created_at desc, ${m}.id desc`),
};

/** The page of products in `sort` order and the number of matches, in one statement. */
async function readPage(db: DbOrTx, matches: SQL, countMatches: SQL, query: ListQuery, sort: ProductSort, now: Date): Promise<Page> {
  const offset = (query.page - 1) * query.limit;
  const rows = await queryRowsPrepared<CountedRow>(
    db,
    sql`with ${matches},
        page as materialized (select * from m order by ${ORDERS[sort]('m')} limit ${query.limit} offset ${offset})
        ${productRead(sql`page join ${products} p on p.id = page.id`, { extraColumns: sql`, (${countMatches}) as total` })}
        order by ${ORDERS[sort]('page')}`,
  );
  if (rows.length > 0) return { products: rows.map((row) => toApiProduct(row, now)), total: Number(rows[0].total) };
  // Past the last page: no rows to carry the count, so it is asked alone.
  const [counted] = await queryRowsPrepared<{ total: number | string }>(db, sql`with ${matches} select (${countMatches}) as total`);
  return { products: [], total: Number(counted?.total ?? 0) };
}

const MATCH_COLUMNS = sql`${products.id} as id, ${products.sortName} as sort_name, ${products.createdAt} as created_at`;

async function searchPage(db: DbOrTx, filters: SQL[], search: string, mode: SearchMode, query: ListQuery, sort: ProductSort, now: Date): Promise<Page> {
  const condition = and(...filters, matchCondition(sql`${products.searchText}`, search, mode));
  // Relevance as platform/text-search.ts defines it (the list editor's product search uses it too).
  const { startsWith, closeness } = relevance(sql`${products.searchText}`, sql`${products.sortName}`, search, mode);
  const ranked = sort === 'relevance' ? sql`, ${startsWith} as starts_with, ${closeness} as closeness` : sql``;
  // The matches are collected once (a bitmap scan of the trigram index), then counted and sorted:
  // cheaper than walking the name index and testing every product against the words.
  const matches = sql`m as materialized (select ${MATCH_COLUMNS}${ranked} from ${products} where ${condition})`;
  return readPage(db, matches, sql`select count(*) from m`, query, sort, now);
}

/** The product whose barcode is `gtin` (a search typed or scanned as a barcode). */
async function barcodePage(db: DbOrTx, filters: SQL[], gtin: string, query: ListQuery, sort: ProductSort, now: Date): Promise<Page> {
  const matches = sql`m as materialized (select ${MATCH_COLUMNS} from ${products} where ${and(...filters, eq(products.barcode, gtin))})`;
  return readPage(db, matches, sql`select count(*) from m`, query, sort === 'relevance' ? 'name' : sort, now);
}

async function browsePage(db: DbOrTx, filters: SQL[], query: ListQuery, sort: ProductSort, now: Date): Promise<Page> {
  const where = filters.length ? and(...filters) : sql`true`;
  // Not materialized: the page is read straight off the (sort_name, id) or created_at index.
  const matches = sql`m as (select ${MATCH_COLUMNS} from ${products} where ${where})`;
  return readPage(db, matches, sql`select count(*) from ${products} where ${where}`, query, sort, now);
}

/**
 * GET /api/products: name or brand containing every word of `search` (accents and case ignored);
 * when no product does, near misses ("crme" → "Crème"). A search is sorted best match first unless
 * another order is asked for; the catalogue without a search by name A-Z or most recent. A search
 * that is a valid barcode finds the product that carries it first.
 */
export async function listProducts(deps: AppDeps, query: ListQuery): Promise<Page> {
  const { db } = deps;
  const filters = listFilters(query);
  const search = query.search?.trim();
  const sort = catalogueSort(query.sort, search);
  const key = `list:${sort}:${query.page}:${query.limit}:${query.has_prices}:${query.category ?? ''}:${search ?? ''}`;
  const now = deps.now();
  return catalogueCache(db).get(key, async () => {
    if (!search) return browsePage(db, filters, query, sort, now);
    const gtin = canonicalGtin(search);
    if (gtin) {
      const byBarcode = await barcodePage(db, filters, gtin, query, sort, now);
      if (byBarcode.total > 0) return byBarcode;
    }
    const page = await searchPage(db, filters, search, 'exact', query, sort, now);
    if (page.total > 0) return page;
    return withFuzzyThreshold(db, (tx) => searchPage(tx, filters, search, 'fuzzy', query, sort, now));
  });
}

/**
 * GET /api/products-with-prices: products priced in at least one store. With `store_id`, those priced
 * in that store, the longest unconfirmed first (what the nearby-store invitation asks about), each
 * showing that store's price.
 */
export async function pricedProducts(deps: AppDeps, query: z.output<typeof PricedProductsQuerySchema>): Promise<Product[]> {
  const { db } = deps;
  if (!query.store_id) {
    const listQuery: ListQuery = { limit: query.limit, page: 1, has_prices: true, search: query.search, category: query.category, sort: 'name' };
    return (await listProducts(deps, listQuery)).products;
  }
  const search = query.search?.trim();
  const gtin = search ? canonicalGtin(search) : null;
  const searched = search ? matchCondition(sql`${products.searchText}`, search, 'exact') : undefined;
  const conditions = and(
    eq(currentPrices.storeId, query.store_id),
    query.category ? eq(products.category, query.category) : undefined,
    gtin ? or(eq(products.barcode, gtin), searched) : searched,
  );
  const rows = await db
    .select({ id: products.id })
    .from(currentPrices)
    .innerJoin(products, eq(products.id, currentPrices.productId))
    .where(conditions)
    .orderBy(asc(currentPrices.observedAt), asc(products.sortName))
    .limit(query.limit);
  return productsByIds(db, rows.map((r) => r.id), deps.now(), query.store_id);
}

// ---------------------------------------------------------------- one product

async function findProductRow(db: DbOrTx, id: string): Promise<typeof products.$inferSelect> {
  const [row] = isUuid(id) ? await db.select().from(products).where(eq(products.id, id)) : [];
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  return row;
}

type PriceJson = {
  store_id: string;
  store_name: string;
  store_address: string;
  latitude: number;
  longitude: number;
  price: number;
  observed_at: string;
  observation_id: string | null;
  contributor_count: number;
  verified: boolean;
};

/** GET /api/products/{id} (cached a few seconds, see catalogue-cache.ts). */
export function cachedProductDetail(deps: AppDeps, id: string): Promise<ProductDetail> {
  return catalogueCache(deps.db).get(`detail:${id}`, () => productDetail(deps.db, id, deps.now()));
}

type ProductColumns = Omit<ProductReadRow, `shown_${string}` | 'store_count'>;

/** The product and its current price in each store, cheapest first (one statement). */
export async function productDetail(db: DbOrTx, id: string, now: Date): Promise<ProductDetail> {
  if (!isUuid(id)) throw new AppError('PRODUCT_NOT_FOUND');
  const [row] = await queryRowsPrepared<ProductColumns & { prices: PriceJson[] | null }>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.description, p.barcode, p.unit, p.manufacturer_reference, p.availability,
               p.main_image, p.gallery_images, p.barcode_image, p.created_at, p.updated_at,
               (select json_agg(json_build_object('store_id', s.id, 'store_name', s.name, 'store_address', s.address, 'latitude', s.latitude,
                                                  'longitude', s.longitude, 'price', cp.price_xaf, 'observed_at', cp.observed_at,
                                                  'observation_id', cp.observation_id, 'contributor_count', cp.contributor_count, 'verified', cp.verified)
                                order by cp.price_xaf, cp.observed_at desc, s.name)
                from ${currentPrices} cp join ${stores} s on s.id = cp.store_id
                where cp.product_id = p.id) as prices
        from ${products} p where p.id = ${id}`,
  );
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  const prices: ProductPrice[] = (row.prices ?? []).map((p, index) => ({ ...p, ...freshnessOf(p, now), currency: 'XAF', is_best: index === 0 }));
  const best = prices[0];
  const product = toApiProduct(
    {
      ...row,
      shown_price: best?.price ?? null,
      shown_store_id: best?.store_id ?? null,
      shown_store_name: best?.store_name ?? null,
      shown_store_address: best?.store_address ?? null,
      shown_latitude: best?.latitude ?? null,
      shown_longitude: best?.longitude ?? null,
      shown_observation_id: best?.observation_id ?? null,
      shown_observed_at: best?.observed_at ?? null,
      shown_contributor_count: best?.contributor_count ?? null,
      shown_verified: best?.verified ?? null,
      store_count: prices.length,
    },
    now,
  );
  return { ...product, prices };
}

// ---------------------------------------------------------------- forms

/** The product after the form: the fields it sends over the current ones (left out: kept). */
function editedSnapshot(current: ProductSnapshot, input: Partial<ProductInput>, images: Partial<ProductImages>): ProductSnapshot {
  const next = { ...current };
  if (input.name !== undefined) next.name = input.name;
  if (input.brand !== undefined) next.brand = input.brand ?? null;
  if (input.category !== undefined) next.category = input.category;
  if (input.description !== undefined) next.description = input.description ?? null;
  if (input.barcode !== undefined) next.barcode = input.barcode ?? null;
  if (input.unit !== undefined) next.unit = input.unit ?? null;
  if (input.manufacturer_reference !== undefined) next.manufacturer_reference = input.manufacturer_reference ?? null;
  if (input.availability !== undefined) next.availability = input.availability;
  if (images.mainImage !== undefined) next.main_image = images.mainImage;
  if (images.galleryImages !== undefined) next.gallery_images = images.galleryImages;
  if (images.barcodeImage !== undefined) next.barcode_image = images.barcodeImage;
  return next;
}

/** The state of a new product (what it would be if it had been edited from nothing). */
const newProductSnapshot = (input: ProductInput, images: Partial<ProductImages>): ProductSnapshot =>
  editedSnapshot(
    {
      name: input.name,
      brand: null,
      category: DEFAULT_CATEGORY,
      description: null,
      barcode: null,
      unit: null,
      manufacturer_reference: null,
      availability: true,
      main_image: null,
      gallery_images: [],
      barcode_image: null,
    },
    input,
    images,
  );

type Requester = { principal: Principal; ip: string };

/** Records the form's price in its shop (the shop itself is found or created even without a price). */
async function recordShopPrice(tx: Tx, productId: string, input: ProductInput, who: Requester, now: Date): Promise<StoreRow | null> {
  const store = await resolveShop(tx, input, who.principal.userId);
  if (store && input.price != null) {
    await recordObservation(tx, { productId, store, userId: who.principal.userId, price: input.price, source: 'product_form', ip: who.ip, now });
  }
  return store;
}

/** POST /api/products: the simple form, or the one with a shop and a price. */
export async function createProduct(deps: AppDeps, who: Requester, input: ProductInput): Promise<ProductDetail> {
  const images = await resolveProductImages(deps, input);
  const now = deps.now();
  const snapshot = newProductSnapshot(input, images);
  const id = await withBarcodeClashAsConflict(deps.db, snapshot.barcode, () => deps.db.transaction(async (tx) => {
    await assertBarcodeFree(tx, snapshot.barcode, null);
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(snapshot), name: snapshot.name, category: snapshot.category, createdBy: who.principal.userId, createdAt: now, updatedAt: now })
      .returning({ id: products.id });
    await recordRevision(tx, row.id, { userId: who.principal.userId, kind: 'created', before: null, after: snapshot, now });
    await recordShopPrice(tx, row.id, input, who, now);
    return row.id;
  }));
  await catalogueChanged(deps.db);
  return productDetail(deps.db, id, now);
}

export type UpdateOutcome = { product: ProductDetail; suggestionId: string | null };

/**
 * PUT /api/products/{id}. The owner (who created the product) changes it at once; anyone else's
 * changes become a suggestion for a moderator and the product stays as it is. A price in the form
 * is an observation either way, with the same rules as every other price.
 */
export async function updateProduct(deps: AppDeps, who: Requester, id: string, input: ProductInput): Promise<UpdateOutcome> {
  const current = await findProductRow(deps.db, id);
  const currentImages: ProductImages = { mainImage: current.mainImage, galleryImages: current.galleryImages ?? [], barcodeImage: current.barcodeImage };
  const images = await resolveProductImages(deps, input, currentImages);
  const now = deps.now();
  const suggestionId = await withBarcodeClashAsConflict(deps.db, input.barcode, () => deps.db.transaction(async (tx) => {
    const locked = await lockProduct(tx, current.id);
    if (!locked) throw new AppError('PRODUCT_NOT_FOUND');
    const before = snapshotOf(locked);
    const after = editedSnapshot(before, input, images);
    const changes = changesBetween(before, after);
    let suggestion: string | null = null;
    // A barcode another product carries is refused now, whether the edit applies or waits for a moderator.
    if (changes.barcode) await assertBarcodeFree(tx, after.barcode, locked.id);
    if (hasChanges(changes)) {
      if (locked.createdBy === who.principal.userId) {
        await tx.update(products).set({ ...columnsOf(after), updatedAt: now }).where(eq(products.id, locked.id));
        await recordRevision(tx, locked.id, { userId: who.principal.userId, kind: 'edited', before, after, now });
      } else {
        suggestion = await createSuggestion(tx, locked.id, who.principal.userId, changes, now);
      }
    }
    await recordShopPrice(tx, locked.id, input, who, now);
    return suggestion;
  }));
  await catalogueChanged(deps.db);
  return { product: await productDetail(deps.db, current.id, now), suggestionId };
}

/** POST /api/products/duplicate: the same product, priced in another shop. */
export async function duplicateProduct(
  deps: AppDeps,
  who: Requester,
  input: z.output<typeof ProductDuplicateSchema>,
): Promise<{ product: ProductDetail; shopName: string }> {
  const original = await findProductRow(deps.db, input.original_product_id);
  const now = deps.now();
  const store = await deps.db.transaction(async (tx) => {
    const shop = await resolveShop(tx, input, who.principal.userId);
    if (!shop) throw new AppError('SHOP_REQUIRED');
    await recordObservation(tx, { productId: original.id, store: shop, userId: who.principal.userId, price: input.price, source: 'product_form', ip: who.ip, now });
    return shop;
  });
  await catalogueChanged(deps.db);
  return { product: await productDetail(deps.db, original.id, now), shopName: store.name };
}

/** POST /api/products/quick-add: the product of that name and brand (accents and case ignored), created if new. */
export async function quickAdd(deps: AppDeps, principal: Principal, input: z.output<typeof QuickAddSchema>): Promise<{ product: Product; alreadyExisted: boolean }> {
  const now = deps.now();
  const { id, alreadyExisted } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product:' || mp_fold(${input.name})))`);
    const [existing] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(sql`${products.sortName} = mp_fold(${input.name})`, sql`mp_fold(coalesce(${products.brand}, '')) = mp_fold(${input.brand ?? ''})`))
      .orderBy(asc(products.createdAt))
      .limit(1);
    if (existing) return { id: existing.id, alreadyExisted: true };
    const snapshot = newProductSnapshot(input, {});
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(snapshot), name: snapshot.name, category: snapshot.category, createdBy: principal.userId, createdAt: now, updatedAt: now })
      .returning({ id: products.id });
    await recordRevision(tx, row.id, { userId: principal.userId, kind: 'created', before: null, after: snapshot, now });
    return { id: row.id, alreadyExisted: false };
  });
  if (!alreadyExisted) await catalogueChanged(deps.db);
  const [product] = await productsByIds(deps.db, [id], now);
  return { product, alreadyExisted };
}
