// The list writes that may wait for the network: queued in the outbox with an Idempotency-Key,
// shown at once (pending-lists.ts), sent by list-sync.ts now or when the connection returns.
import { itemRef, type ListChange } from '#contract/list-changes';
import type { CreateList, ShoppingList } from '#contract/lists';
import { newId } from '../../lib/offline/ids';
import { outboxStore, type WriteOutcome } from '../../lib/offline/outbox-store';
import type { ListWriteMeta } from './pending-lists';

/** Queues a new list (the device gives its id, so later changes can name it before it is sent). */
export function queueNewList(list: CreateList): Promise<WriteOutcome> {
  const id = list.id ?? newId();
  return outboxStore.enqueue<ListWriteMeta>({
    key: newId(),
    scope: id,
    opensScope: true,
    method: 'POST',
    path: '/shopping-lists',
    body: { ...list, id },
    meta: { kind: 'create', listName: list.name },
  });
}

/** Queues changes to a list, applied after the list's earlier pending writes. */
export function queueListChanges(list: Pick<ShoppingList, 'id' | 'name'>, changes: ListChange[]): Promise<WriteOutcome> {
  return outboxStore.enqueue<ListWriteMeta>({
    key: newId(),
    scope: list.id,
    opensScope: false,
    method: 'POST',
    path: `/shopping-lists/${list.id}/changes`,
    body: { changes },
    meta: { kind: 'changes', listName: list.name },
  });
}

export const tickItem = (list: ShoppingList, item: ShoppingList['items'][number], checked: boolean) =>
  queueListChanges(list, [{ type: 'set_checked', item: itemRef(item), checked }]);
export const setItemQuantity = (list: ShoppingList, item: ShoppingList['items'][number], quantity: number) =>
  queueListChanges(list, [{ type: 'set_quantity', item: itemRef(item), quantity }]);
