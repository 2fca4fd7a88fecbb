// Product suggestions (edits by someone who does not own the product) and reverts to an earlier
// revision. Each decision is one transaction: the product row is locked, the change and its
// revision are written, the author is told, and the audit row records it.
import { asc, count, desc, eq } from 'drizzle-orm';
import { canonicalGtin } from '#contract/barcodes';
import { fr } from '#contract/messages';
import type { ProductRevision, ProductSizeSchema, ProductSnapshot, SuggestionPage } from '#contract/moderation';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { productRevisions, productSuggestions, products, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { createNotifications } from '../notifications/notifications.service';
import { catalogueChanged } from '../products/catalogue-cache';
import { assertBarcodeFree, productIdByBarcode, withBarcodeClashAsConflict } from '../products/product-barcodes';
import {
  applyChanges,
  changesBetween,
  columnsOf,
  hasChanges,
  listRevisions,
  lockProduct,
  recordRevision,
  sizeFromName,
  snapshotOf,
  sparingModeratorSize,
  toApiSuggestion,
  withSize,
} from '../products/product-revisions';
import { writeAudit } from './audit';

/** GET /api/admin/product-suggestions: oldest first, each with the product as it is now. */
export async function suggestionPage(deps: AppDeps, status: 'pending' | 'applied' | 'refused', page: number, limit: number): Promise<SuggestionPage> {
  const where = eq(productSuggestions.status, status);
  const [{ total }] = await deps.db.select({ total: count() }).from(productSuggestions).where(where);
  const rows = await deps.db
    .select({ suggestion: productSuggestions, product: products, authorName: users.fullName, authorReputation: users.reputation })
    .from(productSuggestions)
    .innerJoin(products, eq(products.id, productSuggestions.productId))
    .leftJoin(users, eq(users.id, productSuggestions.userId))
    .where(where)
    .orderBy(status === 'pending' ? asc(productSuggestions.createdAt) : desc(productSuggestions.reviewedAt), asc(productSuggestions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    items: rows.map((r) =>
      toApiSuggestion(r.suggestion, { productName: r.product.name, current: snapshotOf(r.product), authorName: r.authorName, authorReputation: r.authorReputation }),
    ),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

async function lockPendingSuggestion(tx: Tx, id: string) {
  const [row] = isUuid(id) ? await tx.select().from(productSuggestions).where(eq(productSuggestions.id, id)).for('update') : [];
  if (!row) throw new AppError('SUGGESTION_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('SUGGESTION_ALREADY_REVIEWED');
  return row;
}

/** POST /api/admin/product-suggestions/{id}/apply: the proposed values replace the current ones. */
export async function applySuggestion(deps: AppDeps, moderator: Principal, id: string, reason: string | null): Promise<void> {
  const now = deps.now();
  // The barcode a suggestion proposes may have gone to another product since: 409, nothing applied.
  let proposedBarcode: string | null = null;
  await withBarcodeClashAsConflict(deps.db, () => proposedBarcode, () => deps.db.transaction(async (tx) => {
    const suggestion = await lockPendingSuggestion(tx, id);
    const product = await lockProduct(tx, suggestion.productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const before = snapshotOf(product);
    const after = applyChanges(before, sparingModeratorSize(before, suggestion.changes));
    const changes = changesBetween(before, after);
    if (changes.barcode) {
      proposedBarcode = after.barcode;
      await assertBarcodeFree(tx, after.barcode, product.id);
    }
    if (hasChanges(changes)) {
      await tx.update(products).set({ ...columnsOf(after), updatedAt: now }).where(eq(products.id, product.id));
      await recordRevision(tx, product.id, { userId: suggestion.userId, kind: 'suggestion', before, after, note: reason, now });
    }
    await tx
      .update(productSuggestions)
      .set({ status: 'applied', reason, reviewedBy: moderator.userId, reviewedAt: now })
      .where(eq(productSuggestions.id, id));
    if (suggestion.userId) {
      const texts = fr.moderation;
      await createNotifications(
        tx,
        [{ userId: suggestion.userId, type: 'other', title: texts.suggestionAppliedTitle, body: texts.suggestionAppliedBody(after.name), data: { product_id: product.id } }],
        now,
      );
    }
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'suggestion.apply',
      targetType: 'product_suggestion',
      targetId: id,
      before: { product_id: product.id, status: 'pending', product: before },
      after: { status: 'applied', product: after },
      reason,
      now,
    });
  }));
  await catalogueChanged(deps.db);
}

/** POST /api/admin/product-suggestions/{id}/refuse. */
export async function refuseSuggestion(deps: AppDeps, moderator: Principal, id: string, reason: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const suggestion = await lockPendingSuggestion(tx, id);
    await tx
      .update(productSuggestions)
      .set({ status: 'refused', reason, reviewedBy: moderator.userId, reviewedAt: now })
      .where(eq(productSuggestions.id, id));
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, suggestion.productId));
    if (suggestion.userId && product) {
      const texts = fr.moderation;
      await createNotifications(
        tx,
        [{ userId: suggestion.userId, type: 'other', title: texts.suggestionRefusedTitle, body: texts.suggestionRefusedBody(product.name, reason), data: { product_id: suggestion.productId } }],
        now,
      );
    }
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'suggestion.refuse',
      targetType: 'product_suggestion',
      targetId: id,
      before: { product_id: suggestion.productId, status: 'pending', changes: suggestion.changes },
      after: { status: 'refused' },
      reason,
      now,
    });
  });
}

/** GET /api/admin/products/{id}/revisions. */
export async function productRevisionsOf(deps: AppDeps, productId: string): Promise<ProductRevision[]> {
  const [product] = isUuid(productId) ? await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId)) : [];
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return listRevisions(deps.db, productId);
}

/** POST /api/admin/products/{id}/revert: the product as it was in that revision (a new revision). */
export async function revertProduct(deps: AppDeps, moderator: Principal, productId: string, revisionId: string): Promise<void> {
  const now = deps.now();
  let restoredBarcode: string | null = null;
  await withBarcodeClashAsConflict(deps.db, () => restoredBarcode, () => deps.db.transaction(async (tx) => {
    const product = isUuid(productId) ? await lockProduct(tx, productId) : undefined;
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const [revision] = await tx
      .select()
      .from(productRevisions)
      .where(eq(productRevisions.id, revisionId));
    if (!revision || revision.productId !== product.id) throw new AppError('REVISION_NOT_FOUND');
    const before = snapshotOf(product);
    const target = withSize(revision.snapshot);
    const changes = changesBetween(before, target);
    if (!hasChanges(changes)) throw new AppError('REVISION_IS_CURRENT');
    // The old barcode may belong to another product now.
    if (changes.barcode) {
      restoredBarcode = revision.snapshot.barcode;
      await assertBarcodeFree(tx, revision.snapshot.barcode, product.id);
    }
    await tx.update(products).set({ ...columnsOf(target), updatedAt: now }).where(eq(products.id, product.id));
    await recordRevision(tx, product.id, {
      userId: moderator.userId,
      kind: 'reverted',
      before,
      after: target,
      note: fr.moderation.revertedTo(revision.number),
      now,
    });
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'product.revert',
      targetType: 'product',
      targetId: product.id,
      before: { product: before },
      after: { revision: revision.number, product: target },
      reason: null,
      now,
    });
  }));
  await catalogueChanged(deps.db);
}

/**
 * POST /api/admin/products/{id}/barcode (finding 9: a fake product squatted a real barcode, and the
 * real product got 409 BARCODE_TAKEN). The moderator gives the barcode to the right product: the
 * squatter loses it, both changes are revisions (so either can be reverted) and the audit log says so.
 */
export async function claimBarcode(deps: AppDeps, moderator: Principal, productId: string, code: string): Promise<void> {
  const gtin = canonicalGtin(code);
  if (!gtin) throw new AppError('BARCODE_INVALID');
  const now = deps.now();
  await withBarcodeClashAsConflict(deps.db, gtin, () => deps.db.transaction(async (tx) => {
    const product = isUuid(productId) ? await lockProduct(tx, productId) : undefined;
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    if (product.barcode === gtin) throw new AppError('BARCODE_ALREADY_HERE');
    const holderId = await productIdByBarcode(tx, gtin, product.id);
    const holder = holderId ? await lockProduct(tx, holderId) : undefined;
    if (holder) {
      const before = snapshotOf(holder);
      const after = { ...before, barcode: null };
      await tx.update(products).set({ ...columnsOf(after), updatedAt: now }).where(eq(products.id, holder.id));
      await recordRevision(tx, holder.id, { userId: moderator.userId, kind: 'edited', before, after, note: fr.moderation.barcodeGivenTo(gtin, product.name), now });
    }
    const before = snapshotOf(product);
    const after = { ...before, barcode: gtin };
    await tx.update(products).set({ ...columnsOf(after), updatedAt: now }).where(eq(products.id, product.id));
    await recordRevision(tx, product.id, { userId: moderator.userId, kind: 'edited', before, after, note: holder ? fr.moderation.barcodeClaimedFrom(gtin, holder.name) : null, now });
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'product.barcode_claim',
      targetType: 'product',
      targetId: product.id,
      before: { barcode: before.barcode, holder: holder ? { id: holder.id, name: holder.name } : null },
      after: { barcode: gtin },
      reason: null,
      now,
    });
  }));
  await catalogueChanged(deps.db);
}

/**
 * PUT /api/admin/products/{id}/size: a moderator corrects what one item holds and how many a pack
 * holds. Set by hand, they no longer follow the name (a later rename keeps them); `from_name` reads
 * them from the name again and lets them follow it. A revision and the audit log record it; a
 * correction that changes nothing writes nothing.
 */
export async function setProductSize(deps: AppDeps, moderator: Principal, productId: string, input: z.output<typeof ProductSizeSchema>): Promise<void> {
  const now = deps.now();
  const changed = await deps.db.transaction(async (tx) => {
    const product = isUuid(productId) ? await lockProduct(tx, productId) : undefined;
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const before = snapshotOf(product);
    const size = input.size_value != null && input.size_unit != null ? { value: input.size_value, unit: input.size_unit } : null;
    const set: Pick<ProductSnapshot, 'size' | 'pack_count' | 'size_by_moderator'> = input.from_name
      ? sizeFromName(before.name)
      : { size, pack_count: input.pack_count != null && input.pack_count > 1 ? input.pack_count : null, size_by_moderator: true };
    const after: ProductSnapshot = { ...before, ...set };
    const changes = changesBetween(before, after);
    if (!hasChanges(changes)) return false;
    await tx.update(products).set({ ...columnsOf(after), updatedAt: now }).where(eq(products.id, product.id));
    await recordRevision(tx, product.id, { userId: moderator.userId, kind: 'edited', before, after, now });
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'product.size',
      targetType: 'product',
      targetId: product.id,
      before: { size: before.size, pack_count: before.pack_count, size_by_moderator: before.size_by_moderator },
      after: { size: after.size, pack_count: after.pack_count, size_by_moderator: after.size_by_moderator },
      reason: null,
      now,
    });
    return true;
  });
  if (changed) await catalogueChanged(deps.db);
}
