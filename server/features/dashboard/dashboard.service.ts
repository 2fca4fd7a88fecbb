// The consumer dashboard: counters and the three latest lists, read from the real tables.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DashboardSummary } from '#contract/dashboard';
import type { AppDeps } from '../../deps';
import { orders, priceObservations, shoppingListItems, shoppingLists } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { CONTRIBUTED_SOURCES } from '../prices/prices.service';

const RECENT_LISTS = 3;

export async function dashboardSummary(deps: AppDeps, principal: Principal): Promise<DashboardSummary> {
  const { db } = deps;
  const userId = principal.userId;
  const [[lists], [deliveries], [contributions], recent] = await Promise.all([
    db.select({ n: count() }).from(shoppingLists).where(eq(shoppingLists.userId, userId)),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
    db.select({ n: count() }).from(priceObservations).where(and(eq(priceObservations.userId, userId), inArray(priceObservations.source, CONTRIBUTED_SOURCES))),
    db.select().from(shoppingLists).where(eq(shoppingLists.userId, userId)).orderBy(desc(shoppingLists.createdAt)).limit(RECENT_LISTS),
  ]);
  const itemCounts = recent.length
    ? await db
        .select({ listId: shoppingListItems.listId, n: count() })
        .from(shoppingListItems)
        .where(inArray(shoppingListItems.listId, recent.map((l) => l.id)))
        .groupBy(shoppingListItems.listId)
    : [];
  return {
    counters: { shopping_lists: lists.n, deliveries: deliveries.n, contributions: contributions.n },
    recent_lists: recent.map((l) => ({
      id: l.id,
      name: l.name,
      item_count: itemCounts.find((c) => c.listId === l.id)?.n ?? 0,
      created_at: l.createdAt.toISOString(),
      status: l.status,
    })),
  };
}
