// Barcodes in the catalogue: one product per barcode (a partial unique index backs the check made
// here, so a race still ends in the same French 409), the product of a barcode, and the scanner's
// "this product has this barcode" which follows the same rules as any other product edit.
import { and, eq, ne } from 'drizzle-orm';
import { canonicalGtin } from '#contract/barcodes';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { isUniqueViolation } from '../auth/auth.service';
import { catalogueCache, catalogueChanged } from './catalogue-cache';
import { changesBetween, createSuggestion, lockProduct, recordRevision, snapshotOf } from './product-revisions';

/** The product that carries `gtin` (other than `exceptId`), if any. */
export async function productIdByBarcode(db: DbOrTx, gtin: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(exceptId ? and(eq(products.barcode, gtin), ne(products.id, exceptId)) : eq(products.barcode, gtin))
    .limit(1);
  return row?.id ?? null;
}

const barcodeTaken = (productId: string) => new AppError('BARCODE_TAKEN', undefined, { product_id: productId });

/** 409 with the other product's id when another product already carries `gtin`. */
export async function assertBarcodeFree(db: DbOrTx, gtin: string | null | undefined, productId: string | null): Promise<void> {
  if (!gtin) return;
  const other = await productIdByBarcode(db, gtin, productId ?? undefined);
  if (other) throw barcodeTaken(other);
}

/** The barcode a write sets, or a function giving it once the write has read it. */
type BarcodeOf = string | null | undefined | (() => string | null | undefined);

/**
 * Runs a write that may set a barcode on a product; if another writer took the barcode between the
 * check and the write, the unique index refuses it and the answer is the same 409.
 */
export async function withBarcodeClashAsConflict<T>(db: DbOrTx, barcode: BarcodeOf, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const gtin = typeof barcode === 'function' ? barcode() : barcode;
    if (!gtin || !isUniqueViolation(error)) throw error;
    const other = await productIdByBarcode(db, gtin);
    if (!other) throw error;
    throw barcodeTaken(other);
  }
}

/** GET /api/products/by-barcode/{code}: the id of the product with that barcode, or 404. */
export async function productIdForBarcode(deps: AppDeps, code: string): Promise<string> {
  const gtin = canonicalGtin(code);
  if (!gtin) throw new AppError('BARCODE_INVALID');
  const id = await catalogueCache(deps.db).get(`barcode:${gtin}`, () => productIdByBarcode(deps.db, gtin));
  if (!id) throw new AppError('BARCODE_NOT_FOUND');
  return id;
}

export type AttachOutcome = { status: 'applied' | 'unchanged' | 'suggested'; suggestionId: string | null };

/**
 * POST /api/products/{id}/barcode. The barcode goes straight onto a product that has none when the
 * contributor created the product or is a moderator; otherwise (someone else's product, or a product
 * that already has a barcode) it becomes a suggestion a moderator applies, like any other edit.
 */
export async function attachBarcode(deps: AppDeps, principal: Principal, productId: string, gtin: string): Promise<AttachOutcome> {
  if (!isUuid(productId)) throw new AppError('PRODUCT_NOT_FOUND');
  const now = deps.now();
  const outcome = await withBarcodeClashAsConflict(deps.db, gtin, () =>
    deps.db.transaction(async (tx): Promise<AttachOutcome> => {
      const locked = await lockProduct(tx, productId);
      if (!locked) throw new AppError('PRODUCT_NOT_FOUND');
      if (locked.barcode === gtin) return { status: 'unchanged', suggestionId: null };
      await assertBarcodeFree(tx, gtin, locked.id);
      const before = snapshotOf(locked);
      const after = { ...before, barcode: gtin };
      const mayApply = locked.barcode === null && (locked.createdBy === principal.userId || principal.userType === 'admin');
      if (!mayApply) return { status: 'suggested', suggestionId: await createSuggestion(tx, locked.id, principal.userId, changesBetween(before, after), now) };
      await tx.update(products).set({ barcode: gtin, updatedAt: now }).where(eq(products.id, locked.id));
      await recordRevision(tx, locked.id, { userId: principal.userId, kind: 'edited', before, after, now });
      return { status: 'applied', suggestionId: null };
    }),
  );
  if (outcome.status === 'applied') await catalogueChanged(deps.db);
  return outcome;
}
