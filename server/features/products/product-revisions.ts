// Product history and integrity. Every change to a product writes a revision (who, when, the whole
// product after it and what changed); a product's owner (the account that created it) edits it
// directly, anyone else's edit becomes a suggestion that a moderator applies or refuses; a moderator
// can bring a product back to any earlier revision.
import { sizeColumnsOf } from './product-sizes';
import { desc, eq, max } from 'drizzle-orm';
import { PRODUCT_FIELDS, type ProductChanges, type ProductRevision, type ProductSnapshot, type ProductSuggestion } from '#contract/moderation';
import type { DbOrTx, Tx } from '../../db/client';
import { productRevisions, productSuggestions, products, users } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;

export function snapshotOf(row: ProductRow): ProductSnapshot {
  return {
    name: row.name,
    brand: row.brand,
    category: row.category,
    description: row.description,
    barcode: row.barcode,
    unit: row.unit,
    manufacturer_reference: row.manufacturerReference,
    availability: row.availability,
    main_image: row.mainImage,
    gallery_images: row.galleryImages ?? [],
    barcode_image: row.barcodeImage,
    size: row.sizeValue !== null && row.sizeValue > 0 && row.sizeUnit ? { value: row.sizeValue, unit: row.sizeUnit } : null,
    pack_count: row.packCount,
    size_by_moderator: row.sizeByModerator,
  };
}

/** The size and pack a name says (« bidon 5 L » → 5 000 mL), as a snapshot holds them. */
export function sizeFromName(name: string): Pick<ProductSnapshot, 'size' | 'pack_count' | 'size_by_moderator'> {
  const { sizeValue, sizeUnit, packCount } = sizeColumnsOf(name);
  return { size: sizeValue !== null && sizeValue > 0 && sizeUnit ? { value: sizeValue, unit: sizeUnit } : null, pack_count: packCount, size_by_moderator: false };
}

/**
 * A snapshot after its name changed: the size and pack follow the new name, unless a moderator set
 * them by hand (then they stay: a rename never silently undoes a correction).
 */
export function renamed(snapshot: ProductSnapshot, name: string): ProductSnapshot {
  if (name === snapshot.name) return { ...snapshot };
  return snapshot.size_by_moderator ? { ...snapshot, name } : { ...snapshot, name, ...sizeFromName(name) };
}

/** A snapshot with its size and pack: a revision written before they were kept reads them from its name. */
export const withSize = (snapshot: ProductSnapshot): ProductSnapshot => (snapshot.size === undefined ? { ...snapshot, ...sizeFromName(snapshot.name) } : snapshot);

/**
 * The changes of a suggestion as they may apply to `current`: a size a moderator set by hand is not
 * replaced by the one a suggested name was read as (non-moderators never set sizes themselves).
 */
export function sparingModeratorSize(current: ProductSnapshot, changes: ProductChanges): ProductChanges {
  if (!current.size_by_moderator) return changes;
  const { size: _size, pack_count: _pack, size_by_moderator: _by, ...rest } = changes;
  return rest;
}

/** The product columns that hold a snapshot. */
export function columnsOf(snapshot: Partial<ProductSnapshot>): Partial<typeof products.$inferInsert> {
  const columns: Partial<typeof products.$inferInsert> = {};
  if (snapshot.name !== undefined) {
    // The package is always read from the name; the size and pack too when the snapshot does not
    // hold them (a new product, a revision written before they could be corrected).
    const read = sizeColumnsOf(snapshot.name);
    columns.name = snapshot.name;
    columns.package = read.package;
    if (snapshot.size === undefined) Object.assign(columns, { sizeValue: read.sizeValue, sizeUnit: read.sizeUnit, packCount: read.packCount, sizeByModerator: false });
  }
  if (snapshot.size !== undefined) Object.assign(columns, { sizeValue: snapshot.size?.value ?? null, sizeUnit: snapshot.size?.unit ?? null });
  if (snapshot.pack_count !== undefined) columns.packCount = snapshot.pack_count;
  if (snapshot.size_by_moderator !== undefined) columns.sizeByModerator = snapshot.size_by_moderator;
  if (snapshot.brand !== undefined) columns.brand = snapshot.brand;
  if (snapshot.category !== undefined) columns.category = snapshot.category;
  if (snapshot.description !== undefined) columns.description = snapshot.description;
  if (snapshot.barcode !== undefined) columns.barcode = snapshot.barcode;
  if (snapshot.unit !== undefined) columns.unit = snapshot.unit;
  if (snapshot.manufacturer_reference !== undefined) columns.manufacturerReference = snapshot.manufacturer_reference;
  if (snapshot.availability !== undefined) columns.availability = snapshot.availability;
  if (snapshot.main_image !== undefined) columns.mainImage = snapshot.main_image;
  if (snapshot.gallery_images !== undefined) columns.galleryImages = snapshot.gallery_images;
  if (snapshot.barcode_image !== undefined) columns.barcodeImage = snapshot.barcode_image;
  return columns;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field by field, what differs between two states of a product. */
export function changesBetween(before: ProductSnapshot, after: ProductSnapshot): ProductChanges {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of PRODUCT_FIELDS) {
    if (!same(before[field], after[field])) changes[field] = { before: before[field], after: after[field] };
  }
  return changes as ProductChanges;
}

export const hasChanges = (changes: ProductChanges) => Object.keys(changes).length > 0;

/** The state after the changes (their `after` values over `base`). */
export function applyChanges(base: ProductSnapshot, changes: ProductChanges): ProductSnapshot {
  const next: Record<string, unknown> = { ...base };
  for (const [field, change] of Object.entries(changes)) if (change) next[field] = change.after;
  return next as ProductSnapshot;
}

type RevisionInput = {
  userId: string | null;
  kind: 'created' | 'edited' | 'suggestion' | 'reverted';
  before: ProductSnapshot | null;
  after: ProductSnapshot;
  note?: string | null;
  now: Date;
};

/**
 * Writes the revision of a change. A product that predates revisions (the seed) first gets an
 * 'original' revision of its state before the change, so a moderator can always go back to it.
 */
export async function recordRevision(tx: Tx, productId: string, input: RevisionInput): Promise<void> {
  const [{ last }] = await tx.select({ last: max(productRevisions.number) }).from(productRevisions).where(eq(productRevisions.productId, productId));
  let number = last ?? 0;
  if (number === 0 && input.before) {
    number += 1;
    await tx.insert(productRevisions).values({ productId, number, userId: null, kind: 'original', snapshot: input.before, createdAt: input.now });
  }
  await tx.insert(productRevisions).values({
    productId,
    number: number + 1,
    userId: input.userId,
    kind: input.kind,
    snapshot: input.after,
    changes: input.before ? changesBetween(input.before, input.after) : {},
    note: input.note ?? null,
    createdAt: input.now,
  });
}

/** Locks the product row for a change: revisions are numbered one after the other. */
export async function lockProduct(tx: Tx, productId: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  return row;
}

export async function listRevisions(db: DbOrTx, productId: string): Promise<ProductRevision[]> {
  const rows = await db
    .select({ revision: productRevisions, editor: users.fullName })
    .from(productRevisions)
    .leftJoin(users, eq(users.id, productRevisions.userId))
    .where(eq(productRevisions.productId, productId))
    .orderBy(desc(productRevisions.number));
  return rows.map(({ revision, editor }) => ({
    id: revision.id,
    product_id: revision.productId,
    number: revision.number,
    kind: revision.kind as ProductRevision['kind'],
    editor_id: revision.userId,
    editor_name: editor,
    snapshot: withSize(revision.snapshot),
    changes: revision.changes,
    note: revision.note,
    created_at: revision.createdAt.toISOString(),
  }));
}

/** A non-owner's edit, kept for a moderator. */
export async function createSuggestion(tx: Tx, productId: string, userId: string, changes: ProductChanges, now: Date): Promise<string> {
  const [row] = await tx.insert(productSuggestions).values({ productId, userId, changes, createdAt: now }).returning({ id: productSuggestions.id });
  return row.id;
}

export function toApiSuggestion(
  row: typeof productSuggestions.$inferSelect,
  extra: { productName: string; current: ProductSnapshot; authorName: string | null; authorReputation: number | null },
): ProductSuggestion {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: extra.productName,
    author_id: row.userId,
    author_name: extra.authorName,
    author_reputation: extra.authorReputation,
    changes: row.changes,
    current: extra.current,
    status: row.status as ProductSuggestion['status'],
    reason: row.reason,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
