// Shopping lists: only their owner sees or changes them (another user's list answers 404). A list
// that waits for a delivery, is archived or has a validated cart can be neither edited nor deleted.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { applyListChanges, sameItem, type ListChangeParsed, type ListChangesResult, type MergeItem, type MergeList } from '#contract/list-changes';
import {
  type CreateListParsed,
  findDuplicateItem,
  listLock,
  type ImportResult,
  type ListItem,
  type ListStatus,
  type ProductSuggestion,
  type SaveListParsed,
  type ShoppingList,
} from '#contract/lists';
import { fr } from '#contract/messages';
import type { DbOrTx, Tx } from '../../db/client';
import { products, shoppingListItems, shoppingLists } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { buildImportResult } from '../imports/import-items';
import { searchProducts } from './catalogue-match';

/** Used by the optimiser to price manual items named exactly like a catalogue product. */
export { exactProductIds } from './catalogue-match';

type ListRow = typeof shoppingLists.$inferSelect;
type ItemRow = typeof shoppingListItems.$inferSelect;


function toApiItem(row: ItemRow): ListItem {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    brand: row.brand,
    category: row.category,
    quantity: row.quantity,
    notes: row.notes,
    is_manual_item: row.isManualItem,
    checked: row.checked,
  };
}

function toApiList(row: ListRow, items: ItemRow[]): ShoppingList {
  return {
    id: row.id,
    name: row.name,
    status: row.status as ListStatus,
    cart_validated: row.cartValidated,
    items: items.map(toApiItem),
    item_count: items.length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function itemsOf(db: DbOrTx, listIds: string[]): Promise<Map<string, ItemRow[]>> {
  const byList = new Map<string, ItemRow[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const rows = await db.select().from(shoppingListItems).where(inArray(shoppingListItems.listId, listIds)).orderBy(asc(shoppingListItems.position));
  for (const row of rows) byList.get(row.listId)?.push(row);
  return byList;
}

export async function listLists(deps: AppDeps, principal: Principal): Promise<ShoppingList[]> {
  const rows = await deps.db.select().from(shoppingLists).where(eq(shoppingLists.userId, principal.userId)).orderBy(desc(shoppingLists.createdAt));
  const items = await itemsOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => toApiList(r, items.get(r.id) ?? []));
}

/** The owner's list row, or 404 (also for another user's list or a malformed id). */
export async function findOwnList(db: DbOrTx, userId: string, listId: string, forUpdate = false): Promise<ListRow> {
  if (!isUuid(listId)) throw new AppError('LIST_NOT_FOUND');
  const query = db.select().from(shoppingLists).where(and(eq(shoppingLists.id, listId), eq(shoppingLists.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('LIST_NOT_FOUND');
  return row;
}

export async function getList(deps: AppDeps, principal: Principal, listId: string): Promise<ShoppingList> {
  const row = await findOwnList(deps.db, principal.userId, listId);
  const items = await itemsOf(deps.db, [row.id]);
  return toApiList(row, items.get(row.id) ?? []);
}

/** Refuses a change to a locked list with the message of its state. */
export function assertEditable(row: Pick<ListRow, 'status' | 'cartValidated'>): void {
  const lock = listLock({ status: row.status as ListStatus, cart_validated: row.cartValidated });
  if (lock === 'pending_delivery') throw new AppError('LIST_LOCKED_PENDING');
  if (lock === 'archived') throw new AppError('LIST_LOCKED_ARCHIVED');
  if (lock === 'cart_validated') throw new AppError('LIST_LOCKED_CART');
}

type ResolvedItem = Omit<typeof shoppingListItems.$inferInsert, 'listId'>;

type InputItem = SaveListParsed['items'][number];

/** Catalogue lines take the product's own name, brand and category; an unknown product is refused. */
async function withCatalogueNames<T extends Pick<InputItem, 'product_id' | 'name' | 'brand' | 'category'>>(tx: DbOrTx, items: T[]): Promise<T[]> {
  const ids = [...new Set(items.map((i) => i.product_id).filter((id): id is string => Boolean(id)))];
  const found = ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  return items.map((item) => {
    if (!item.product_id) return item;
    const product = byId.get(item.product_id);
    if (!product) throw new AppError('LIST_PRODUCT_UNKNOWN');
    return { ...item, name: product.name, brand: product.brand ?? item.brand, category: product.category };
  });
}

/**
 * The rows of a saved list; repeated lines are refused. A line whose tick is not given keeps the
 * tick of the same item in `previous` (an edit does not undo what was ticked while shopping).
 */
async function resolveItems(tx: DbOrTx, items: InputItem[], previous: ItemRow[] = []): Promise<ResolvedItem[]> {
  const named = await withCatalogueNames(tx, items);
  const resolved = named.map((item, position) => ({
    position,
    productId: item.product_id,
    name: item.name,
    brand: item.brand,
    category: item.category,
    quantity: item.quantity,
    notes: item.notes,
    isManualItem: !item.product_id,
    checked: item.checked ?? previous.find((row) => sameItem({ product_id: row.productId, name: row.name }, item))?.checked ?? false,
  }));
  if (findDuplicateItem(resolved.map((r) => ({ product_id: r.productId, name: r.name }))) >= 0) throw new AppError('LIST_DUPLICATE_ITEM');
  return resolved;
}

async function insertItems(tx: Tx, listId: string, items: ResolvedItem[]): Promise<void> {
  if (items.length) await tx.insert(shoppingListItems).values(items.map((i) => ({ ...i, listId })));
}

/** A new list; a list made offline brings the id its device gave it (409 if that id is taken). */
export async function createList(deps: AppDeps, principal: Principal, input: CreateListParsed): Promise<ShoppingList> {
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const items = await resolveItems(tx, input.items);
    const [list] = await tx
      .insert(shoppingLists)
      .values({ id: input.id, userId: principal.userId, name: input.name, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!list) throw new AppError('LIST_ID_TAKEN');
    await insertItems(tx, list.id, items);
    return list.id;
  });
  return getList(deps, principal, id);
}

export async function updateList(deps: AppDeps, principal: Principal, listId: string, input: SaveListParsed): Promise<ShoppingList> {
  await deps.db.transaction(async (tx) => {
    // The row lock orders this edit with a booking of the same list (which moves its status).
    const row = await findOwnList(tx, principal.userId, listId, true);
    assertEditable(row);
    const previous = (await itemsOf(tx, [row.id])).get(row.id) ?? [];
    const items = await resolveItems(tx, input.items, previous);
    await tx.update(shoppingLists).set({ name: input.name, updatedAt: deps.now() }).where(eq(shoppingLists.id, row.id));
    await tx.delete(shoppingListItems).where(eq(shoppingListItems.listId, row.id));
    await insertItems(tx, row.id, items);
  });
  return getList(deps, principal, listId);
}

export async function deleteList(deps: AppDeps, principal: Principal, listId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findOwnList(tx, principal.userId, listId, true);
    assertEditable(row);
    await tx.delete(shoppingLists).where(eq(shoppingLists.id, row.id));
  });
}

/** A copy of any of the user's lists (archived ones too: that is how a past list is reused), active again. */
export async function duplicateList(deps: AppDeps, principal: Principal, listId: string): Promise<ShoppingList> {
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const source = await findOwnList(tx, principal.userId, listId);
    const items = (await itemsOf(tx, [source.id])).get(source.id) ?? [];
    const [copy] = await tx
      .insert(shoppingLists)
      .values({ userId: principal.userId, name: fr.listsUi.copyName(source.name).slice(0, 100), createdAt: now, updatedAt: now })
      .returning();
    await insertItems(
      tx,
      copy.id,
      // A copy is a new shopping trip: nothing ticked yet.
      items.map(({ id: _id, listId: _listId, ...rest }) => ({ ...rest, checked: false })),
    );
    return copy.id;
  });
  return getList(deps, principal, id);
}

const toMergeItem = (row: ItemRow): MergeItem => ({ ...toApiItem(row) });

/** Writes what the merge changed: the name, removed lines, new ticks and quantities, new lines at the end. */
async function saveMerge(tx: Tx, list: ListRow, rows: ItemRow[], merged: MergeList, now: Date): Promise<void> {
  const kept = new Set(merged.items.map((i) => i.id).filter(Boolean));
  const removed = rows.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (removed.length) await tx.delete(shoppingListItems).where(inArray(shoppingListItems.id, removed));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let position = rows.reduce((max, r) => Math.max(max, r.position), -1);
  const added: ResolvedItem[] = [];
  for (const item of merged.items) {
    const row = item.id ? byId.get(item.id) : undefined;
    if (!row) {
      position += 1;
      added.push({ position, productId: item.product_id, name: item.name, brand: item.brand, category: item.category, quantity: item.quantity, notes: item.notes, isManualItem: !item.product_id, checked: item.checked });
    } else if (row.quantity !== item.quantity || row.checked !== item.checked) {
      await tx.update(shoppingListItems).set({ quantity: item.quantity, checked: item.checked }).where(eq(shoppingListItems.id, row.id));
    }
  }
  await insertItems(tx, list.id, added);
  await tx.update(shoppingLists).set({ name: merged.name, updatedAt: now }).where(eq(shoppingLists.id, list.id));
}

/**
 * Changes made one at a time (often offline, replayed later), applied in order to the list as it is
 * now and merged item by item with what changed elsewhere (rules in contract/list-changes.ts).
 * What could not be merged comes back as notices naming the item.
 */
export async function applyChanges(deps: AppDeps, principal: Principal, listId: string, changes: ListChangeParsed[]): Promise<ListChangesResult> {
  const notices = await deps.db.transaction(async (tx) => {
    const row = await findOwnList(tx, principal.userId, listId, true);
    assertEditable(row);
    const rows = (await itemsOf(tx, [row.id])).get(row.id) ?? [];
    const added = await withCatalogueNames(tx, changes.flatMap((c) => (c.type === 'add_item' ? [c.item] : [])));
    const resolved = changes.map((change) => (change.type === 'add_item' ? { ...change, item: added.shift()! } : change));
    const merged = applyListChanges({ name: row.name, items: rows.map(toMergeItem) }, resolved);
    await saveMerge(tx, row, rows, merged.list, deps.now());
    return merged.notices;
  });
  return { list: await getList(deps, principal, listId), notices };
}

export async function suggestProducts(deps: AppDeps, principal: Principal, search: string, limit: number): Promise<{ products: ProductSuggestion[] }> {
  return { products: await searchProducts(deps.db, search, limit, principal.userId) };
}

/** A pasted list or an uploaded .txt/.csv: the document import on text (see features/imports). */
export async function importText(deps: AppDeps, text: string, filename: string | null | undefined): Promise<ImportResult> {
  return buildImportResult(deps.db, { text, kind: 'text', ocrConfidence: null, filename });
}
