// A merchant's price lists (issue 29, item 3): the uploaded file read into rows (price-list-file.ts),
// its columns guessed (price-list-columns.ts), each row matched to the catalogue — its barcode
// first (a listed product carrying it is a sure match), then its name (and size) through the list
// import's matcher (imports/catalogue-matcher.ts) — and, once reviewed, published: every line
// through the one observation function (prices.service.ts recordObservation: the 20 % rule, holds)
// as the store's announced price, in one transaction. A merchant only ever sees its own store's lists.
import { and, eq, inArray } from 'drizzle-orm';
import { canonicalGtin } from '#contract/barcodes';
import type { PriceList, PriceListLine, PriceListMapping, PriceListPublish, PriceListPublished } from '#contract/merchants';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { products, storePriceLists } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { matchLines } from '../imports/catalogue-matcher';
import { type ParsedLine, countUnit, parseTextLine, readSize } from '../imports/line-parser';
import { catalogueChanged } from '../products/catalogue-cache';
import { entryOf, visibleTo } from '../products/catalogue-listing';
import { recordObservation } from '../prices/prices.service';
import type { MerchantWithStore } from './merchant-access';
import { barcodeOf, guessMapping, rowValues, type RowValues } from './price-list-columns';
import type { PriceListTable } from './price-list-file';

/** What store_price_lists.reading holds: the file's table, the mapping and the lines it gave. */
type StoredReading = PriceListTable & { mapping: PriceListMapping; lines: PriceListLine[] };
type PriceListRow = typeof storePriceLists.$inferSelect;

const FILE_NAME_MAX = 200;

/**
 * The catalogue's reading of a row: its name, with the unit column joined when it reads as a size
 * or a pack (« Œufs plateau de 30 », « Riz parfumé 5 kg »), so that sizes and packs agree; a unit
 * column holding anything else (a reference, a note) is left out of the match.
 */
function parsedName(name: string, unit: string | null): ParsedLine {
  const sizeOrPack = unit !== null && (readSize(unit) !== null || countUnit(unit.split(/\s+/)[0]) !== null);
  const text = sizeOrPack ? `${name} ${unit}` : name;
  return parseTextLine(text) ?? parseTextLine(name) ?? { name, quantity: 1, unit: null, size: null, brand: null, category: null, notes: null, original_text: text, source: 'csv_import' };
}

/** Listed products carrying these barcodes (canonical GTINs), by barcode. */
async function productsByBarcode(db: DbOrTx, gtins: string[]): Promise<Map<string, { id: string; name: string }>> {
  if (gtins.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, barcode: products.barcode })
    .from(products)
    .where(and(inArray(products.barcode, [...new Set(gtins)]), eq(products.listing, 'listed')));
  return new Map(rows.map((r) => [r.barcode!, { id: r.id, name: r.name }]));
}

/** Each row that names a product (by name or barcode), with its catalogue product, candidates and confidence. */
export async function matchRows(db: DbOrTx, rows: readonly string[][], mapping: PriceListMapping): Promise<PriceListLine[]> {
  const read: (RowValues & { index: number; gtin: string | null })[] = [];
  rows.forEach((row, index) => {
    const values = rowValues(row, mapping);
    if (values.name === null && values.barcode === null) return;
    const digits = values.barcode === null ? null : barcodeOf(values.barcode);
    read.push({ ...values, index, gtin: digits === null ? null : canonicalGtin(digits) });
  });
  const named = read.filter((r) => r.name !== null);
  const [byBarcode, matches] = await Promise.all([
    productsByBarcode(db, read.flatMap((r) => (r.gtin ? [r.gtin] : []))),
    matchLines(db, named.map((r) => parsedName(r.name!, r.unit))),
  ]);
  const byName = new Map(named.map((r, i) => [r.index, matches[i]]));
  return read.map(({ index, name, barcode, unit, price_xaf, gtin }): PriceListLine => {
    const match = byName.get(index);
    const candidates = (match?.candidates ?? []).map((c) => ({ product_id: c.product_id, name: c.name }));
    const known = gtin ? byBarcode.get(gtin) : undefined;
    if (known) {
      const others = [...(match?.product ? [{ product_id: match.product.id, name: match.product.name }] : []), ...candidates].filter((c) => c.product_id !== known.id);
      return { index, name, barcode, unit, price_xaf, product_id: known.id, product_name: known.name, candidates: others, confidence: 'high' };
    }
    return { index, name, barcode, unit, price_xaf, product_id: match?.product?.id ?? null, product_name: match?.product?.name ?? null, candidates, confidence: match?.product ? match.confidence : 'low' };
  });
}

function toApi(row: PriceListRow): PriceList {
  const reading = row.reading as StoredReading;
  return { price_list_id: row.id, status: row.status, file_name: row.fileName, columns: reading.columns, mapping: reading.mapping, lines: reading.lines };
}

/** The merchant's list, or a 404 (also for another merchant's list: its existence is not told). */
async function ownList(db: DbOrTx, merchant: MerchantWithStore, id: string, forUpdate = false): Promise<PriceListRow> {
  if (!isUuid(id)) throw new AppError('PRICE_LIST_NOT_FOUND');
  const query = db.select().from(storePriceLists).where(and(eq(storePriceLists.id, id), eq(storePriceLists.merchantId, merchant.merchant.id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('PRICE_LIST_NOT_FOUND');
  return row;
}

/** POST /api/merchants/price-lists: the read file kept as a list ready for review (201). */
export async function createPriceList(deps: AppDeps, merchant: MerchantWithStore, table: PriceListTable, fileName: string | null): Promise<PriceList> {
  const mapping = guessMapping(table.columns, table.rows);
  const lines = await matchRows(deps.db, table.rows, mapping);
  const reading: StoredReading = { ...table, mapping, lines };
  const [row] = await deps.db
    .insert(storePriceLists)
    .values({ merchantId: merchant.merchant.id, storeId: merchant.store.id, fileName: (fileName ?? 'liste').slice(0, FILE_NAME_MAX), reading, createdAt: deps.now() })
    .returning();
  return toApi(row);
}

export async function priceListOf(deps: AppDeps, merchant: MerchantWithStore, id: string): Promise<PriceList> {
  return toApi(await ownList(deps.db, merchant, id));
}

/** PUT …/{id}/mapping: the rows read again with the merchant's mapping. */
export async function remapPriceList(deps: AppDeps, merchant: MerchantWithStore, id: string, mapping: PriceListMapping): Promise<PriceList> {
  const row = await ownList(deps.db, merchant, id);
  if (row.status === 'published') throw new AppError('PRICE_LIST_ALREADY_PUBLISHED');
  const reading = row.reading as StoredReading;
  const width = reading.columns.length;
  if ([mapping.name, mapping.barcode, mapping.price, mapping.unit].some((c) => c !== null && c >= width)) throw new AppError('PRICE_LIST_COLUMN_INVALID');
  const lines = await matchRows(deps.db, reading.rows, mapping);
  const [updated] = await deps.db
    .update(storePriceLists)
    .set({ reading: { ...reading, mapping, lines } satisfies StoredReading })
    .where(and(eq(storePriceLists.id, row.id), eq(storePriceLists.status, 'ready')))
    .returning();
  if (!updated) throw new AppError('PRICE_LIST_ALREADY_PUBLISHED');
  return toApi(updated);
}

/**
 * POST …/{id}/publish: the reviewed lines as the store's announced prices, in one transaction —
 * a bad line, or any observation refused, leaves nothing saved. A list is published once.
 */
export async function publishPriceList(deps: AppDeps, merchant: MerchantWithStore, principal: Principal, id: string, input: PriceListPublish, ip: string): Promise<PriceListPublished> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const row = await ownList(tx, merchant, id, true);
    if (row.status === 'published') throw new AppError('PRICE_LIST_ALREADY_PUBLISHED');
    const indexes = new Set((row.reading as StoredReading).lines.map((l) => l.index));
    const seen = new Set<number>();
    for (const line of input.lines) {
      if (!indexes.has(line.index)) throw new AppError('PRICE_LIST_LINE_UNKNOWN');
      if (seen.has(line.index)) throw new AppError('PRICE_LIST_LINE_TWICE');
      seen.add(line.index);
      const product = isUuid(line.product_id) ? await entryOf(tx, 'products', line.product_id) : undefined;
      if (!product || !visibleTo(product, principal)) throw new AppError('PRODUCT_NOT_FOUND');
    }
    const observationIds: string[] = [];
    let held = 0;
    for (const line of input.lines) {
      const recorded = await recordObservation(tx, { productId: line.product_id, store: merchant.store, userId: merchant.merchant.userId, price: line.price_xaf, source: 'store', position: null, ip, now });
      observationIds.push(recorded.observation.id);
      if (recorded.observation.status === 'held') held++;
    }
    await tx.update(storePriceLists).set({ status: 'published', publishedAt: now }).where(eq(storePriceLists.id, row.id));
    return { created: observationIds.length, held, observation_ids: observationIds };
  });
  await catalogueChanged(deps.db);
  return result;
}
