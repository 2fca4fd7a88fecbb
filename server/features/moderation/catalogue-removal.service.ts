// The moderators' hand on the catalogue (issue 27, item 7): publish a newcomer's pending product or
// store, hide it, delete it, merge a duplicate into the entry that stays, and undo any of these for
// CATALOGUE_RETENTION_DAYS. Each decision is one transaction: the entry is locked, its shown prices
// follow (a removed entry has none; a merge recomputes those of the entry that stays), and the audit
// log records before and after. What a removal needs to be undone is kept on the entry itself
// (`removal`); the purge job erases deleted and merged entries once their time is up.
import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_RETENTION_DAYS,
  type CatalogueEntries,
  type CatalogueEntry,
  type CatalogueKind,
  type CatalogueRemoval,
  type CatalogueView,
  type MergeMoves,
} from '#contract/catalogue-hygiene';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { currentPrices, priceObservations, products, shoppingListItems, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { registerBackgroundJob } from '../../platform/background-job';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { lockProductStore, refreshCurrentPrice } from '../prices/current-price';
import { catalogueChanged } from '../products/catalogue-cache';
import { tableOf } from '../products/catalogue-listing';
import { writeAudit } from './audit';

const DAY_MS = 86_400_000;
type Row = typeof products.$inferSelect | typeof stores.$inferSelect;
const notFound = (kind: CatalogueKind) => new AppError(kind === 'products' ? 'PRODUCT_NOT_FOUND' : 'STORE_NOT_FOUND');
const targetType = (kind: CatalogueKind) => (kind === 'products' ? ('product' as const) : ('store' as const));
/** The observations' column that names an entry of this kind. */
const observationColumn = (kind: CatalogueKind) => (kind === 'products' ? priceObservations.productId : priceObservations.storeId);

async function lockEntry(tx: Tx, kind: CatalogueKind, id: string): Promise<Row> {
  const table = tableOf(kind);
  const [row] = isUuid(id) ? await tx.select().from(table).where(eq(table.id, id)).for('update') : [];
  if (!row) throw notFound(kind);
  return row as Row;
}

/** Every product and store pair this entry has observations in, each recomputed under its lock. */
async function refreshPricesOf(tx: Tx, kind: CatalogueKind, id: string, now: Date): Promise<void> {
  const pairs = await tx
    .selectDistinct({ productId: priceObservations.productId, storeId: priceObservations.storeId })
    .from(priceObservations)
    .where(eq(observationColumn(kind), id))
    .orderBy(priceObservations.productId, priceObservations.storeId);
  for (const { productId, storeId } of pairs) {
    await lockProductStore(tx, productId, storeId);
    await refreshCurrentPrice(tx, productId, storeId, now);
  }
}

/** A removed entry shows no price anywhere (the optimiser, the comparator and the lists read these). */
async function clearShownPrices(tx: Tx, kind: CatalogueKind, id: string): Promise<void> {
  await tx.delete(currentPrices).where(eq(kind === 'products' ? currentPrices.productId : currentPrices.storeId, id));
}

function audit(tx: Tx, moderator: Principal, kind: CatalogueKind, action: 'publish' | 'hide' | 'delete' | 'merge' | 'restore', id: string, before: Record<string, unknown>, after: Record<string, unknown>, reason: string | null, now: Date) {
  return writeAudit(tx, { moderatorId: moderator.userId, action: `${targetType(kind)}.${action}` as const, targetType: targetType(kind), targetId: id, before, after, reason, now });
}

const barcodeOf = (row: Row): string | null => ('barcode' in row ? row.barcode : null);
const stateOf = (row: Row) => ({ name: row.name, listing: row.listing, removal: row.removal ?? null });

/** POST /api/admin/catalogue/{kind}/{id}/publish: a newcomer's pending entry becomes everyone's. */
export async function publishEntry(deps: AppDeps, moderator: Principal, kind: CatalogueKind, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockEntry(tx, kind, id);
    if (row.listing === 'listed') throw new AppError('CATALOGUE_ALREADY_LISTED');
    if (row.listing === 'hidden') throw new AppError('CATALOGUE_REMOVED_USE_RESTORE');
    await tx.update(tableOf(kind)).set({ listing: 'listed' }).where(eq(tableOf(kind).id, row.id));
    await audit(tx, moderator, kind, 'publish', row.id, stateOf(row), { listing: 'listed' }, null, now);
  });
  await catalogueChanged(deps.db);
}

/** Takes the entry out of everyone's sight; a product's barcode is released so the right product can carry it. */
async function takeOut(tx: Tx, kind: CatalogueKind, row: Row, removal: CatalogueRemoval, purgeAfter: Date | null): Promise<void> {
  if (row.listing === 'hidden') throw new AppError('CATALOGUE_ALREADY_REMOVED');
  const barcode = barcodeOf(row);
  const stored: CatalogueRemoval = barcode ? { ...removal, barcode } : removal;
  if (kind === 'products') await tx.update(products).set({ listing: 'hidden', removal: stored, purgeAfter, barcode: null }).where(eq(products.id, row.id));
  else await tx.update(stores).set({ listing: 'hidden', removal: stored, purgeAfter }).where(eq(stores.id, row.id));
  await clearShownPrices(tx, kind, row.id);
}

const removalOf = (row: Row, action: CatalogueRemoval['action'], moderator: Principal, reason: string, now: Date): CatalogueRemoval => ({
  action,
  at: now.toISOString(),
  by: moderator.userId,
  reason,
  was: row.listing === 'pending' ? 'pending' : 'listed',
});

/**
 * POST /api/admin/catalogue/{kind}/{id}/hide and /delete: hidden stays until restored; deleted is
 * erased after CATALOGUE_RETENTION_DAYS unless restored before.
 */
export async function removeEntry(deps: AppDeps, moderator: Principal, kind: CatalogueKind, id: string, action: 'hide' | 'delete', reason: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockEntry(tx, kind, id);
    const removal = removalOf(row, action, moderator, reason, now);
    const purgeAfter = action === 'delete' ? new Date(now.getTime() + CATALOGUE_RETENTION_DAYS * DAY_MS) : null;
    await takeOut(tx, kind, row, removal, purgeAfter);
    await audit(tx, moderator, kind, action, row.id, stateOf(row), { listing: 'hidden', purge_after: purgeAfter?.toISOString() ?? null }, reason, now);
  });
  await catalogueChanged(deps.db);
}

/**
 * POST /api/admin/catalogue/{kind}/{id}/merge: the duplicate's observations (and, for a product, the
 * list items that name it) move to the entry that stays, whose shown prices are recomputed; the
 * duplicate is removed as a deletion is. The moved rows are remembered so that a restore moves them back.
 */
export async function mergeEntry(deps: AppDeps, moderator: Principal, kind: CatalogueKind, id: string, intoId: string, reason: string): Promise<{ intoName: string }> {
  if (id.toLowerCase() === intoId.toLowerCase()) throw new AppError('CATALOGUE_MERGE_INTO_SELF');
  const now = deps.now();
  const intoName = await deps.db.transaction(async (tx) => {
    // Both rows locked in id order, so that two merges of the same pair cannot wait on each other.
    const [first, second] = [id, intoId].sort();
    const locked = new Map<string, Row>();
    for (const key of [first, second]) locked.set(key, await lockEntry(tx, kind, key));
    const row = locked.get(id)!;
    const into = locked.get(intoId)!;
    if (into.listing !== 'listed') throw new AppError('CATALOGUE_MERGE_TARGET_NOT_LISTED');
    if (row.listing === 'hidden') throw new AppError('CATALOGUE_ALREADY_REMOVED');
    const moved = await moveReferences(tx, kind, row.id, into.id);
    // The duplicate's barcode goes to the product that stays when that one has none.
    const barcode = barcodeOf(row);
    const giveBarcode = barcode !== null && barcodeOf(into) === null;
    const removal: CatalogueRemoval = { ...removalOf(row, 'merge', moderator, reason, now), into: into.id, moved, ...(giveBarcode ? { barcode_to_target: true } : {}) };
    await takeOut(tx, kind, row, removal, new Date(now.getTime() + CATALOGUE_RETENTION_DAYS * DAY_MS));
    if (giveBarcode) await tx.update(products).set({ barcode }).where(eq(products.id, into.id));
    await refreshPricesOf(tx, kind, into.id, now);
    await audit(tx, moderator, kind, 'merge', row.id, stateOf(row), { listing: 'hidden', into: { id: into.id, name: into.name }, moved_observations: moved.observations.length, moved_list_items: moved.list_items.length }, reason, now);
    return into.name;
  });
  await catalogueChanged(deps.db);
  return { intoName };
}

async function moveReferences(tx: Tx, kind: CatalogueKind, fromId: string, toId: string): Promise<MergeMoves> {
  const column = observationColumn(kind);
  const observations = await tx
    .update(priceObservations)
    .set(kind === 'products' ? { productId: toId } : { storeId: toId })
    .where(eq(column, fromId))
    .returning({ id: priceObservations.id });
  const items =
    kind === 'products'
      ? await tx.update(shoppingListItems).set({ productId: toId }).where(eq(shoppingListItems.productId, fromId)).returning({ id: shoppingListItems.id })
      : [];
  return { observations: observations.map((o) => o.id), list_items: items.map((i) => i.id) };
}

/** POST /api/admin/catalogue/{kind}/{id}/restore: back as it was before the removal (a merge's rows moved back). */
export async function restoreEntry(deps: AppDeps, moderator: Principal, kind: CatalogueKind, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockEntry(tx, kind, id);
    const removal = row.removal;
    if (row.listing !== 'hidden' || !removal) throw new AppError('CATALOGUE_NOT_REMOVED');
    if (row.purgeAfter && row.purgeAfter.getTime() <= now.getTime()) throw new AppError('CATALOGUE_RESTORE_TOO_LATE');
    const into = removal.action === 'merge' && removal.into ? removal.into : null;
    if (into && removal.moved) {
      const column = observationColumn(kind);
      if (removal.moved.observations.length > 0) {
        await tx
          .update(priceObservations)
          .set(kind === 'products' ? { productId: row.id } : { storeId: row.id })
          .where(and(inArray(priceObservations.id, removal.moved.observations), eq(column, into)));
      }
      if (removal.moved.list_items.length > 0) {
        await tx.update(shoppingListItems).set({ productId: row.id }).where(and(inArray(shoppingListItems.id, removal.moved.list_items), eq(shoppingListItems.productId, into)));
      }
    }
    const values = { listing: removal.was, removal: null, purgeAfter: null };
    if (kind === 'products') {
      let barcode: string | null = null;
      if (removal.barcode) {
        if (removal.barcode_to_target && into) {
          await tx.update(products).set({ barcode: null }).where(and(eq(products.id, into), eq(products.barcode, removal.barcode)));
        }
        const [holder] = await tx.select({ id: products.id }).from(products).where(eq(products.barcode, removal.barcode));
        barcode = holder ? null : removal.barcode;
      }
      await tx.update(products).set({ ...values, barcode }).where(eq(products.id, row.id));
    } else {
      await tx.update(stores).set(values).where(eq(stores.id, row.id));
    }
    await refreshPricesOf(tx, kind, row.id, now);
    if (into) await refreshPricesOf(tx, kind, into, now);
    await audit(tx, moderator, kind, 'restore', row.id, stateOf(row), { listing: removal.was }, null, now);
  });
  await catalogueChanged(deps.db);
}

const LISTING_OF_VIEW = { pending: 'pending', listed: 'listed', removed: 'hidden' } as const;
const ORDER_OF_VIEW = {
  pending: (table: ReturnType<typeof tableOf>) => asc(table.createdAt),
  listed: (table: ReturnType<typeof tableOf>) => asc(sql`mp_fold(${table.name})`),
  removed: (table: ReturnType<typeof tableOf>) => desc(sql`${table.removal}->>'at'`),
};

/** GET /api/admin/catalogue: the pending entries (oldest first), the listed ones (by name) or the removed ones (latest first). */
export async function catalogueEntries(deps: AppDeps, query: { kind: CatalogueKind; view: CatalogueView; search?: string; page: number; limit: number }): Promise<CatalogueEntries> {
  const table = tableOf(query.kind);
  const words = (query.search ?? '').split(/\s+/).filter(Boolean);
  const where = and(eq(table.listing, LISTING_OF_VIEW[query.view]), ...words.map((w) => sql`mp_fold(${table.name}) like '%' || mp_fold(${w}) || '%'`));
  const [{ total }] = await deps.db.select({ total: count() }).from(table).where(where);
  const rows = (await deps.db
    .select()
    .from(table)
    .where(where)
    .orderBy(ORDER_OF_VIEW[query.view](table), asc(table.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as Row[];
  const names = await namesOf(deps, query.kind, rows);
  return { items: rows.map((row) => entryJson(query.kind, row, names)), total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
}

type Names = { users: Map<string, string>; entries: Map<string, string> };

async function namesOf(deps: AppDeps, kind: CatalogueKind, rows: Row[]): Promise<Names> {
  const userIds = [...new Set(rows.flatMap((r) => [r.createdBy, r.removal?.by]).filter((v): v is string => Boolean(v)))];
  const intoIds = [...new Set(rows.map((r) => r.removal?.into).filter((v): v is string => Boolean(v)))];
  const people = userIds.length ? await deps.db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, userIds)) : [];
  const table = tableOf(kind);
  const targets = intoIds.length ? await deps.db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, intoIds)) : [];
  return { users: new Map(people.map((p) => [p.id, p.name])), entries: new Map(targets.map((t) => [t.id, t.name])) };
}

function entryJson(kind: CatalogueKind, row: Row, names: Names): CatalogueEntry {
  const detail =
    kind === 'products'
      ? [(row as typeof products.$inferSelect).brand, (row as typeof products.$inferSelect).category].filter(Boolean).join(' · ')
      : [(row as typeof stores.$inferSelect).address, (row as typeof stores.$inferSelect).city].filter(Boolean).join(', ');
  const removal = row.removal;
  return {
    kind,
    id: row.id,
    name: row.name,
    detail,
    listing: row.listing,
    created_at: row.createdAt.toISOString(),
    author: row.createdBy ? { id: row.createdBy, name: names.users.get(row.createdBy) ?? fr.catalogueHygiene.byUnknown } : null,
    removal: removal
      ? {
          action: removal.action,
          at: removal.at,
          by_name: removal.by ? (names.users.get(removal.by) ?? null) : null,
          reason: removal.reason,
          into: removal.into ? { id: removal.into, name: names.entries.get(removal.into) ?? '' } : null,
          purge_after: row.purgeAfter?.toISOString() ?? null,
        }
      : null,
  };
}

/** Erases the deleted and merged entries whose time is up (their observations go with them). Answers how many. */
export async function purgeRemovedEntries(deps: AppDeps): Promise<number> {
  const now = deps.now();
  let purged = 0;
  for (const table of [products, stores]) {
    const rows = await deps.db
      .delete(table)
      .where(and(eq(table.listing, 'hidden'), isNotNull(table.purgeAfter), lt(table.purgeAfter, now)))
      .returning({ id: table.id });
    purged += rows.length;
  }
  if (purged > 0) await catalogueChanged(deps.db);
  return purged;
}

export function registerCataloguePurgeJob(app: FastifyInstance, deps: AppDeps): void {
  registerBackgroundJob(app, {
    key: 'catalogue-purge',
    name: 'effacement des entrées du catalogue supprimées',
    firstPassDelayMs: 5 * 60_000,
    intervalMs: 6 * 3600_000,
    pass: async () => {
      const purged = await purgeRemovedEntries(deps);
      if (purged) app.log.info({ purged }, 'entrées du catalogue effacées');
    },
  });
}
