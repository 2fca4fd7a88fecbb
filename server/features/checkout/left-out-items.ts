// Booking locks the list (it waits for its delivery), but a cart may leave some of its items out:
// missing at the nearest store, without any price, or beyond the store cap. Those items must not
// be locked away with it: they move to a new, active list the user can compare and book on its own.
// If the order is cancelled, the booked list is active again with every item: the new list goes,
// unless the user has made it theirs meanwhile.
import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import type { RemainingList } from '#contract/checkout';
import { fr } from '#contract/messages';
import type { OptimizedItem } from '#contract/optimiser';
import type { DbOrTx } from '../../db/client';
import { carts, shoppingListItems, shoppingLists } from '../../db/schema';
import { exactProductIds } from '../lists/lists.service';
import type { StoredOptimisation } from '../optimiser/optimiser.service';

type ListRow = typeof shoppingLists.$inferSelect;

/** The products a cart buys (what the optimiser priced each line with, manual lines included). */
export function boughtProductIds(items: readonly Pick<OptimizedItem, 'status' | 'product_id'>[]): Set<string> {
  return new Set(items.flatMap((item) => (item.status === 'priced' && item.product_id ? [item.product_id] : [])));
}

/**
 * Inside the booking transaction: copies the list's lines that the cart does not buy into a new
 * active list, in their order. A manual line counts as bought when its name is exactly the name of
 * a product the cart buys (that is how the optimiser priced it). Null when nothing is left out.
 */
export async function keepLeftOutItems(tx: DbOrTx, list: ListRow, bought: ReadonlySet<string>, now: Date): Promise<RemainingList | null> {
  const lines = await tx.select().from(shoppingListItems).where(eq(shoppingListItems.listId, list.id)).orderBy(asc(shoppingListItems.position));
  const manual = lines.filter((line) => !line.productId);
  const manualMatches = await exactProductIds(tx, manual.map((line) => line.name));
  const pricedAs = new Map(manual.map((line, k) => [line.id, manualMatches[k]]));
  const leftOut = lines.filter((line) => {
    const productId = line.productId ?? pricedAs.get(line.id) ?? null;
    return !productId || !bought.has(productId);
  });
  if (leftOut.length === 0) return null;

  const [remaining] = await tx
    .insert(shoppingLists)
    .values({ userId: list.userId, name: fr.optimiserView.remainingListName(list.name), createdAt: now, updatedAt: now })
    .returning();
  await tx.insert(shoppingListItems).values(leftOut.map(({ id: _id, listId: _listId, ...line }, position) => ({ ...line, position, listId: remaining.id })));
  return { id: remaining.id, name: remaining.name, item_count: leftOut.length };
}

/** The remaining list recorded on a booked cart, as it is now (null once the user deleted it). */
export async function findRemainingList(db: DbOrTx, userId: string, listId: string | null | undefined): Promise<RemainingList | null> {
  if (!listId) return null;
  const [row] = await db
    .select({ id: shoppingLists.id, name: shoppingLists.name, itemCount: count(shoppingListItems.id) })
    .from(shoppingLists)
    .leftJoin(shoppingListItems, eq(shoppingListItems.listId, shoppingLists.id))
    .where(and(eq(shoppingLists.id, listId), eq(shoppingLists.userId, userId)))
    .groupBy(shoppingLists.id);
  return row && row.itemCount > 0 ? { id: row.id, name: row.name, item_count: row.itemCount } : null;
}

/**
 * Inside the cancellation's transaction: deletes the list of the items the cancelled order's cart
 * left out, as long as nobody touched it (never edited, still active, never optimised). The booked
 * list holds those items again; one changed since is the user's and stays.
 */
export async function dropUntouchedRemainingList(tx: DbOrTx, cartId: string): Promise<void> {
  const [cart] = await tx.select({ optimization: carts.optimization }).from(carts).where(eq(carts.id, cartId));
  const listId = (cart?.optimization as StoredOptimisation | null)?.remaining_list_id;
  if (!listId) return;
  await tx
    .delete(shoppingLists)
    .where(
      and(
        eq(shoppingLists.id, listId),
        eq(shoppingLists.status, 'active'),
        sql`${shoppingLists.updatedAt} = ${shoppingLists.createdAt}`,
        notExists(tx.select({ id: carts.id }).from(carts).where(eq(carts.shoppingListId, listId))),
      ),
    );
}
