// The product catalogue: search and listing, one product with its prices per store, and the product
// forms (create with or without a shop and price, edit, duplicate to another shop, quick add).
// Products are shared by everyone (the spec lets any user add and edit them); prices are
// observations recorded through the prices feature, so the same trust rules apply to every price.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PricedProductsQuerySchema, Product, ProductCreateSchema, ProductDetail, ProductDuplicateSchema, ProductListQuerySchema, QuickAddSchema } from '#contract/products';
import { canonicalGtin } from '#contract/barcodes';
import { CATALOGUE } from '#contract/catalogue';
import { catalogueSort } from '#contract/products';
import type { ProductSnapshot } from '#contract/moderation';
import type { AppDeps } from '../../deps';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { currentPrices, products } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { type BatchedReader, batchedReader } from '../../platform/batched-reads';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { matchCondition, normaliseSearch, searchKey } from '../../platform/text-search';
import { recordObservation } from '../prices/prices.service';
import { resolveShop, storeCities, type StoreRow } from '../stores/stores.service';
import { savedCity } from '../profile/profile.service';
import { type LatLng } from '../../platform/geo';
import { nearestCity, pricesNear } from './prices-near';
import { type CataloguePage, type PageIds, type PageQuery, pageBody, readCataloguePage, readPageIds, readProductCards, readProductDetail, readProductDetails, readProductsByIds } from './catalogue-reads';
import { catalogueCache, catalogueChanged, productCardCache } from './catalogue-cache';
import { assertBarcodeFree, withBarcodeClashAsConflict } from './product-barcodes';
import { changesBetween, columnsOf, createSuggestion, hasChanges, lockProduct, recordRevision, renamed, sizeFromName, snapshotOf } from './product-revisions';
import { type ProductImages, resolveProductImages } from './product-images';
import { assertCreationQuota } from './creation-quota';
import { confirmBy, entryOf, isEstablished, listingForNewEntry, notHidden, visibleTo } from './catalogue-listing';

type ListQuery = z.output<typeof ProductListQuerySchema>;
type ProductInput = z.output<typeof ProductCreateSchema>;

const DEFAULT_CATEGORY = 'Divers';

/**
 * GET /api/products: name or brand containing every word of `search` (accents and case ignored);
 * when no product does, near misses ("crme" → "Crème"). A search is sorted best match first unless
 * another order is asked for; the catalogue without a search by name A-Z or most recent. A search
 * that is a valid barcode finds the product that carries it first. Answers are cached until a write
 * changes them (a minute at most, catalogue-cache.ts) under a key that equivalent searches share
 * ("Crème  fraîche" and "creme fraiche").
 */
export async function listProducts(deps: AppDeps, query: ListQuery, viewer?: Principal | null): Promise<CataloguePage> {
  const { key, readIds } = cataloguePageRead(query);
  // An author whose additions still wait for confirmation finds them too: their pages are their own, read uncached.
  if (viewer && (await hasPendingProducts(deps, viewer.userId))) {
    const { ids, total, sizeFound } = await cataloguePageRead(query, viewer.userId).readIds(deps.db);
    return { body: await cachedCardsJson(deps, ids), total, sizeFound };
  }
  const { ids, total, sizeFound } = await catalogueCache(deps.db).get(key, () => readIds(deps.db));
  return { body: await cachedCardsJson(deps, ids), total, sizeFound };
}

/** Whether the account added products that wait for confirmation (kept until the catalogue changes). */
const hasPendingProducts = (deps: AppDeps, userId: string) =>
  catalogueCache(deps.db).get(`pending-of:${userId}`, async () => {
    const [row] = await deps.db.select({ id: products.id }).from(products).where(and(eq(products.listing, 'pending'), eq(products.createdBy, userId))).limit(1);
    return row !== undefined;
  });

/** What GET /api/products reads for a query: the key its page is cached under, and the read of the page's products. */
export function cataloguePageRead(query: ListQuery, authorId?: string): { key: string; readIds: (db: Db) => Promise<PageIds>; read: (db: Db, now: Date) => Promise<CataloguePage> } {
  const search = normaliseSearch(query.search);
  const sort = catalogueSort(query.sort, search);
  const category = query.category || undefined;
  const pageQuery: PageQuery = { search, category, has_prices: query.has_prices, sort, page: query.page, limit: query.limit, authorId };
  const gtin = search ? canonicalGtin(search) : null;
  return {
    key: `list:${sort}:${query.page}:${query.limit}:${query.has_prices}:${category ?? ''}:${search ? searchKey(search) : ''}`,
    readIds: (db) => readPageIds(db, pageQuery, gtin),
    /** The whole page without any cache (what the catalogue benchmark compares the API with). */
    read: (db, now) => readCataloguePage(db, pageQuery, gtin, now),
  };
}

/**
 * The JSON array of the cards of `ids`, in order: those in the card cache as they are, the others
 * read together (with the cards other requests miss meanwhile) and kept.
 */
async function cachedCardsJson(deps: AppDeps, ids: string[]): Promise<string> {
  const cache = productCardCache(deps.db);
  const { card } = readersOf(deps);
  return pageBody(await Promise.all(ids.map((id) => cache.get(id, () => card(id)))));
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
    return JSON.parse((await listProducts(deps, listQuery)).body) as Product[];
  }
  const search = query.search?.trim();
  const gtin = search ? canonicalGtin(search) : null;
  const searched = search ? matchCondition(sql`${products.searchText}`, search, 'exact') : undefined;
  const conditions = and(
    eq(currentPrices.storeId, query.store_id),
    eq(products.listing, 'listed'),
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
  return JSON.parse(await readProductsByIds(db, rows.map((r) => r.id), deps.now(), query.store_id)) as Product[];
}

// ---------------------------------------------------------------- one product

/** The product row, if `viewer` may see it (catalogue-listing.ts); else PRODUCT_NOT_FOUND as if there were none. */
async function findProductRow(db: DbOrTx, id: string, viewer: Principal): Promise<typeof products.$inferSelect> {
  const [row] = isUuid(id) ? await db.select().from(products).where(eq(products.id, id)) : [];
  if (!row || !visibleTo(row, viewer)) throw new AppError('PRODUCT_NOT_FOUND');
  return row;
}

// Product pages and cards missing from the cache are read together under load
// (platform/batched-reads.ts): one statement at a time, with every product that requests asked for
// meanwhile. On the catalogue benchmark, PostgreSQL: cold product pages from 25-31 % to 32-36 % of a
// bare route's throughput, cold searches from 80 % to 102-108 % of their SQL alone; PGlite: cold
// product pages from 1,763 to 3,068 requests/s, cold searches from 1,497 to 1,691-1,816 (README,
// performance section). A batch of cards holds at least two whole pages.
type CatalogueReaders = { detail: BatchedReader<string>; card: BatchedReader<string> };
const catalogueReaders = new WeakMap<AppDeps, CatalogueReaders>();

function readersOf(deps: AppDeps): CatalogueReaders {
  let readers = catalogueReaders.get(deps);
  if (!readers) {
    readers = {
      detail: batchedReader((ids) => readProductDetails(deps.db, ids, deps.now()), { maxInFlight: 1, maxBatch: 32 }),
      card: batchedReader((ids) => readProductCards(deps.db, ids, deps.now()), { maxInFlight: 1, maxBatch: 2 * CATALOGUE.maxLimit }),
    };
    catalogueReaders.set(deps, readers);
  }
  return readers;
}

/**
 * GET /api/products/{id}: the product and its current price in each store, as JSON text (cached until
 * a write changes it, see catalogue-cache.ts). The cache holds listed products only; one that is not
 * is read for the viewer who may see it (its author while pending, moderators) and is a 404 for others.
 */
export async function cachedProductDetail(deps: AppDeps, id: string, viewer?: Principal | null): Promise<string> {
  const key = id.toLowerCase();
  if (!isUuid(key)) throw new AppError('PRODUCT_NOT_FOUND');
  const body = await catalogueCache(deps.db).get(`detail:${key}`, () => readersOf(deps).detail(key));
  if (body !== undefined) return body;
  const entry = viewer ? await entryOf(deps.db, 'products', key) : undefined;
  const unlisted = entry && visibleTo(entry, viewer) ? await readProductDetail(deps.db, key, deps.now()) : null;
  if (unlisted === null) throw new AppError('PRODUCT_NOT_FOUND');
  return unlisted;
}

/**
 * GET /api/products/{id}?latitude&longitude (issue 28, item 5): the cached answer, its prices in the
 * order of this user — the stores of the town nearest to the position first (or without one, of the
 * signed-in user's saved city), then by price — each with its distance from the position. Without a
 * position or a saved city, the cached text as it is (cheapest first). The city filter itself is the
 * web app's: a product has one price per store, all of them in this one answer, so switching the
 * filter costs no request and this answer stays one per product and position.
 */
export async function productDetailNear(deps: AppDeps, id: string, viewer: Principal | null | undefined, position: LatLng | null): Promise<string> {
  const [body, city] = await Promise.all([
    cachedProductDetail(deps, id, viewer),
    position ? storeCities(deps).then(({ points }) => nearestCity(points, position)) : viewer ? savedCity(deps, viewer.userId) : null,
  ]);
  if (!position && !city) return body;
  return JSON.stringify(pricesNear(JSON.parse(body) as ProductDetail, { city, position }));
}

/** The product and its current price in each store, cheapest first, read now (after a write). */
async function productDetail(db: DbOrTx, id: string, now: Date): Promise<ProductDetail> {
  const body = await readProductDetail(db, id, now);
  if (body === null) throw new AppError('PRODUCT_NOT_FOUND');
  return JSON.parse(body) as ProductDetail;
}

// ---------------------------------------------------------------- forms

/** The product after the form: the fields it sends over the current ones (left out: kept). */
function editedSnapshot(current: ProductSnapshot, input: Partial<ProductInput>, images: Partial<ProductImages>): ProductSnapshot {
  // A new name brings the size it says, unless a moderator set the size by hand (product-revisions.ts).
  const next = { ...(input.name !== undefined ? renamed(current, input.name) : current) };
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
      ...sizeFromName(input.name),
    },
    input,
    images,
  );

type Requester = { principal: Principal; ip: string };

/** Records the form's price in its shop (the shop itself is found or created even without a price). */
async function recordShopPrice(tx: Tx, productId: string, input: ProductInput, who: Requester, now: Date): Promise<StoreRow | null> {
  const store = await resolveShop(tx, input, who.principal);
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
    await assertCreationQuota(tx, 'products', who.principal.userId, now);
    const listing = await listingForNewEntry(tx, who.principal.userId);
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(snapshot), name: snapshot.name, category: snapshot.category, listing, createdBy: who.principal.userId, createdAt: now, updatedAt: now })
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
  const current = await findProductRow(deps.db, id, who.principal);
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
  const original = await findProductRow(deps.db, input.original_product_id, who.principal);
  const now = deps.now();
  const store = await deps.db.transaction(async (tx) => {
    const shop = await resolveShop(tx, input, who.principal);
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
  const { id, alreadyExisted, changed } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product:' || mp_fold(${input.name})))`);
    const [existing] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          sql`${products.sortName} = mp_fold(${input.name})`,
          sql`mp_fold(coalesce(${products.brand}, '')) = mp_fold(${input.brand ?? ''})`,
          notHidden('products'),
          // Another newcomer's pending product is not shown to this one: they get their own.
          sql`(${products.listing} = 'listed' or ${products.createdBy} = ${principal.userId}::uuid or ${await isEstablished(tx, principal.userId)})`,
        ),
      )
      .orderBy(asc(products.createdAt))
      .limit(1);
    if (existing) return { id: existing.id, alreadyExisted: true, changed: await confirmBy(tx, 'products', existing.id, principal.userId) };
    await assertCreationQuota(tx, 'products', principal.userId, now);
    const snapshot = newProductSnapshot(input, {});
    const listing = await listingForNewEntry(tx, principal.userId);
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(snapshot), name: snapshot.name, category: snapshot.category, listing, createdBy: principal.userId, createdAt: now, updatedAt: now })
      .returning({ id: products.id });
    await recordRevision(tx, row.id, { userId: principal.userId, kind: 'created', before: null, after: snapshot, now });
    return { id: row.id, alreadyExisted: false, changed: true };
  });
  if (changed) await catalogueChanged(deps.db);
  const [product] = JSON.parse(await readProductsByIds(deps.db, [id], now)) as Product[];
  return { product, alreadyExisted };
}
