// The lists as the user should see them: the server's lists (fresh or from the offline cache) with
// the writes still waiting in the outbox applied on top, in order, by the same merge the server
// uses (contract/list-changes.ts). Because the pending writes are re-applied to whatever the server
// last said, a refetch of older data can never undo an item ticked offline; a write leaves the
// outbox only once the server's answer is in the cache.
import { applyListChanges, ListChangesSchema, type MergeItem } from '#contract/list-changes';
import { CreateListSchema, type ShoppingList } from '#contract/lists';
import type { OutboxEntry } from '../../lib/offline/outbox';

export type ListWriteMeta = { kind: 'create' | 'changes'; listName: string };
export type ListOutboxEntry = OutboxEntry<ListWriteMeta>;

function withIds(items: MergeItem[], seq: number): ShoppingList['items'] {
  return items.map((item, index) => ({ ...item, id: item.id ?? `local-${seq}-${index}` }));
}

function createdOffline(entry: ListOutboxEntry): ShoppingList | null {
  const parsed = CreateListSchema.safeParse(entry.body);
  if (!parsed.success || !parsed.data.id) return null;
  const items = withIds(
    parsed.data.items.map((i) => ({ ...i, checked: i.checked ?? false })),
    entry.seq,
  );
  return { id: parsed.data.id, name: parsed.data.name, status: 'active', cart_validated: false, items, item_count: items.length, created_at: entry.createdAt, updated_at: entry.createdAt };
}

function changedOffline(list: ShoppingList, entry: ListOutboxEntry): ShoppingList {
  const parsed = ListChangesSchema.safeParse(entry.body);
  if (!parsed.success) return list;
  const merged = applyListChanges({ name: list.name, items: list.items }, parsed.data.changes).list;
  const items = withIds(merged.items, entry.seq);
  return { ...list, name: merged.name, items, item_count: items.length };
}

/** The lists with the pending writes applied (newest list first, as the server orders them). */
export function withPendingChanges(lists: readonly ShoppingList[], entries: readonly ListOutboxEntry[]): ShoppingList[] {
  let result = [...lists];
  for (const entry of entries) {
    if (entry.meta.kind === 'create') {
      const list = createdOffline(entry);
      if (list && !result.some((l) => l.id === list.id)) result = [list, ...result];
    } else {
      result = result.map((list) => (list.id === entry.scope ? changedOffline(list, entry) : list));
    }
  }
  return result;
}

/** Ids of the lists that have writes waiting. */
export function pendingListIds(entries: readonly ListOutboxEntry[]): Set<string> {
  return new Set(entries.map((e) => e.scope));
}
