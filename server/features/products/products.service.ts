// The product catalogue: search and listing, one product with its prices per store, and the product
// forms (create with or without a shop and price, edit, duplicate to another shop, quick add).
// Products are shared by everyone (the spec lets any user add and edit them); prices are
// observations recorded through the prices feature, so the same trust rules apply to every price.
import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
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
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { currentPrices, products, stores } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid, queryRows } from '../../platform/sql-rows';
import { matchCondition, type SearchMode, withFuzzyThreshold } from '../../platform/text-search';
import { recordObservation } from '../prices/prices.service';
import { resolveShop, type StoreRow } from '../stores/stores.service';
import { type ProductImages, resolveProductImages, thumbnailOf } from './product-images';

type ProductRow = typeof products.$inferSelect;
type ListQuery = z.output<typeof ProductListQuerySchema>;
type ProductInput = z.output<typeof ProductCreateSchema>;

const DEFAULT_CATEGORY = 'Divers';

/** The price shown on a product card: its cheapest current price (or the one in a given store). */
type ShownPrice = { price: number; storeId: string; storeName: string; storeAddress: string; latitude: number; longitude: number; storeCount: number };

function toApiProduct(row: ProductRow, shown?: ShownPrice): Product {
  const gallery = row.galleryImages ?? [];
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    description: row.description,
    barcode: row.barcode,
    unit: row.unit,
    manufacturer_reference: row.manufacturerReference,
    availability: row.availability,
    price: shown?.price ?? null,
    currency: 'XAF',
    shop_id: shown?.storeId ?? null,
    shop_name: shown?.storeName ?? null,
    shop_address: shown?.storeAddress ?? null,
    shop_latitude: shown?.latitude ?? null,
    shop_longitude: shown?.longitude ?? null,
    price_count: shown?.storeCount ?? 0,
    main_image: row.mainImage,
    image_url: row.mainImage,
    thumbnail_url: thumbnailOf(row.mainImage),
    gallery_images: gallery,
    images: gallery,
    gallery_thumbnails: gallery.map((url) => thumbnailOf(url) ?? url),
    barcode_image: row.barcodeImage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The shown price of each product: the cheapest, or the one in `preferStoreId` when it has one there. */
async function shownPrices(db: DbOrTx, ids: string[], preferStoreId?: string): Promise<Map<string, ShownPrice>> {
  if (ids.length === 0) return new Map();
  const preferred = preferStoreId ? sql`(cp.store_id = ${preferStoreId}) desc,` : sql``;
  const rows = await queryRows<{
    product_id: string;
    price_xaf: number;
    store_id: string;
    name: string;
    address: string;
    latitude: number;
    longitude: number;
    store_count: number | string;
  }>(
    db,
    sql`select distinct on (cp.product_id) cp.product_id, cp.price_xaf, cp.store_id, s.name, s.address, s.latitude, s.longitude,
               count(*) over (partition by cp.product_id) as store_count
        from current_prices cp join stores s on s.id = cp.store_id
        where ${inArray(sql`cp.product_id`, ids)}
        order by cp.product_id, ${preferred} cp.price_xaf, cp.observed_at desc`,
  );
  return new Map(
    rows.map((r) => [
      r.product_id,
      {
        price: r.price_xaf,
        storeId: r.store_id,
        storeName: r.name,
        storeAddress: r.address,
        latitude: r.latitude,
        longitude: r.longitude,
        storeCount: Number(r.store_count),
      },
    ]),
  );
}

/** Products by id, in the order of `ids`, with their shown price. */
async function productsByIds(db: DbOrTx, ids: string[], preferStoreId?: string): Promise<Product[]> {
  if (ids.length === 0) return [];
  const [rows, prices] = await Promise.all([db.select().from(products).where(inArray(products.id, ids)), shownPrices(db, ids, preferStoreId)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toApiProduct(row, prices.get(id))] : [];
  });
}

// ---------------------------------------------------------------- search and listing

function listFilters(query: { category?: string; has_prices?: boolean }): SQL[] {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  if (query.has_prices) filters.push(sql`exists (select 1 from ${currentPrices} where ${currentPrices.productId} = ${products.id})`);
  return filters;
}

type Page = { ids: string[]; total: number };

async function searchPage(db: DbOrTx, filters: SQL[], search: string, mode: SearchMode, query: ListQuery): Promise<Page> {
  const condition = and(...filters, matchCondition(sql`${products.searchText}`, search, mode));
  const order = query.sort === 'recent' ? sql`created_at desc, id desc` : sql`sort_name, id`;
  // The matches are collected once (a bitmap scan of the trigram index), then counted and sorted:
  // cheaper than walking the name index and testing every product against the words.
  const rows = await queryRows<{ id: string; total: number | string }>(
    db,
    sql`with m as materialized (select ${products.id} as id, ${products.sortName} as sort_name, ${products.createdAt} as created_at from ${products} where ${condition})
        select id, (select count(*) from m) as total from m order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0].total) };
  const [counted] = await queryRows<{ total: number | string }>(db, sql`select count(*) as total from ${products} where ${condition}`);
  return { ids: [], total: Number(counted?.total ?? 0) };
}

async function browsePage(db: DbOrTx, filters: SQL[], query: ListQuery): Promise<Page> {
  const where = filters.length ? and(...filters) : undefined;
  const order = query.sort === 'recent' ? [desc(products.createdAt), desc(products.id)] : [asc(products.sortName), asc(products.id)];
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(products).where(where),
    db.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(query.limit).offset((query.page - 1) * query.limit),
  ]);
  return { ids: rows.map((r) => r.id), total: counted.n };
}

/**
 * GET /api/products: name or brand containing every word of `search` (accents and case ignored);
 * when no product does, near misses ("crme" → "Crème"). Sorted by name A-Z or most recent.
 */
export async function listProducts(deps: AppDeps, query: ListQuery): Promise<{ products: Product[]; total: number }> {
  const { db } = deps;
  const filters = listFilters(query);
  const search = query.search?.trim();
  let page: Page;
  if (!search) {
    page = await browsePage(db, filters, query);
  } else {
    page = await searchPage(db, filters, search, 'exact', query);
    if (page.total === 0) page = await withFuzzyThreshold(db, (tx) => searchPage(tx, filters, search, 'fuzzy', query));
  }
  return { products: await productsByIds(db, page.ids), total: page.total };
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
  const conditions = and(
    eq(currentPrices.storeId, query.store_id),
    query.category ? eq(products.category, query.category) : undefined,
    search ? matchCondition(sql`${products.searchText}`, search, 'exact') : undefined,
  );
  const rows = await db
    .select({ id: products.id })
    .from(currentPrices)
    .innerJoin(products, eq(products.id, currentPrices.productId))
    .where(conditions)
    .orderBy(asc(currentPrices.observedAt), asc(products.sortName))
    .limit(query.limit);
  return productsByIds(db, rows.map((r) => r.id), query.store_id);
}

// ---------------------------------------------------------------- one product

async function findProductRow(db: DbOrTx, id: string): Promise<ProductRow> {
  const [row] = isUuid(id) ? await db.select().from(products).where(eq(products.id, id)) : [];
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  return row;
}

/** GET /api/products/{id}: the product and its current price in each store, cheapest first. */
export async function productDetail(db: DbOrTx, id: string): Promise<ProductDetail> {
  const row = await findProductRow(db, id);
  const rows = await db
    .select({ price: currentPrices.priceXaf, observedAt: currentPrices.observedAt, store: stores })
    .from(currentPrices)
    .innerJoin(stores, eq(stores.id, currentPrices.storeId))
    .where(eq(currentPrices.productId, row.id))
    .orderBy(asc(currentPrices.priceXaf), desc(currentPrices.observedAt), asc(stores.name));
  const prices: ProductPrice[] = rows.map((r, index) => ({
    store_id: r.store.id,
    store_name: r.store.name,
    store_address: r.store.address,
    latitude: r.store.latitude,
    longitude: r.store.longitude,
    price: r.price,
    currency: 'XAF',
    observed_at: r.observedAt.toISOString(),
    is_best: index === 0,
  }));
  const best = rows[0];
  const shown = best && {
    price: best.price,
    storeId: best.store.id,
    storeName: best.store.name,
    storeAddress: best.store.address,
    latitude: best.store.latitude,
    longitude: best.store.longitude,
    storeCount: rows.length,
  };
  return { ...toApiProduct(row, shown), prices };
}

// ---------------------------------------------------------------- forms

function productValues(input: Partial<ProductInput>) {
  const values: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.brand !== undefined) values.brand = input.brand;
  if (input.category !== undefined) values.category = input.category;
  if (input.description !== undefined) values.description = input.description;
  if (input.barcode !== undefined) values.barcode = input.barcode;
  if (input.unit !== undefined) values.unit = input.unit;
  if (input.manufacturer_reference !== undefined) values.manufacturerReference = input.manufacturer_reference;
  if (input.availability !== undefined) values.availability = input.availability;
  return values;
}

/** Records the form's price in its shop (the shop itself is found or created even without a price). */
async function recordShopPrice(tx: Tx, productId: string, input: ProductInput, userId: string, now: Date): Promise<StoreRow | null> {
  const store = await resolveShop(tx, input, userId);
  if (store && input.price != null) {
    await recordObservation(tx, { productId, store, userId, price: input.price, source: 'product_form', now });
  }
  return store;
}

/** POST /api/products: the simple form, or the one with a shop and a price. */
export async function createProduct(deps: AppDeps, principal: Principal, input: ProductInput): Promise<ProductDetail> {
  const images = await resolveProductImages(deps, input);
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        ...productValues(input),
        name: input.name,
        category: input.category ?? DEFAULT_CATEGORY,
        ...images,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id });
    await recordShopPrice(tx, row.id, input, principal.userId, now);
    return row.id;
  });
  return productDetail(deps.db, id);
}

/** PUT /api/products/{id}. */
export async function updateProduct(deps: AppDeps, principal: Principal, id: string, input: ProductInput): Promise<ProductDetail> {
  const current = await findProductRow(deps.db, id);
  const currentImages: ProductImages = { mainImage: current.mainImage, galleryImages: current.galleryImages ?? [], barcodeImage: current.barcodeImage };
  const images = await resolveProductImages(deps, input, currentImages);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ ...productValues(input), ...images, updatedAt: now })
      .where(eq(products.id, current.id));
    await recordShopPrice(tx, current.id, input, principal.userId, now);
  });
  return productDetail(deps.db, current.id);
}

/** POST /api/products/duplicate: the same product, priced in another shop. */
export async function duplicateProduct(
  deps: AppDeps,
  principal: Principal,
  input: z.output<typeof ProductDuplicateSchema>,
): Promise<{ product: ProductDetail; shopName: string }> {
  const original = await findProductRow(deps.db, input.original_product_id);
  const store = await deps.db.transaction(async (tx) => {
    const shop = await resolveShop(tx, input, principal.userId);
    if (!shop) throw new AppError('SHOP_REQUIRED');
    await recordObservation(tx, { productId: original.id, store: shop, userId: principal.userId, price: input.price, source: 'product_form', now: deps.now() });
    return shop;
  });
  return { product: await productDetail(deps.db, original.id), shopName: store.name };
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
    const [row] = await tx
      .insert(products)
      .values({
        name: input.name,
        brand: input.brand ?? null,
        category: input.category ?? DEFAULT_CATEGORY,
        description: input.description ?? null,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id });
    return { id: row.id, alreadyExisted: false };
  });
  const [product] = await productsByIds(deps.db, [id]);
  return { product, alreadyExisted };
}
