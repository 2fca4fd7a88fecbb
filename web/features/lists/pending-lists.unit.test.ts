// The lists as shown while changes wait in the outbox: a list made offline, its edits, ticks and
// quantities appear at once, and data refetched from the server never undoes them (the cache bug
// KitchenOwl's and Mealie's users meet: an item ticked offline unticked by a refresh).
import { describe, expect, it } from 'vitest';
import type { ListChange } from '#contract/list-changes';
import type { ShoppingList } from '#contract/lists';
import { pendingListIds, withPendingChanges, type ListOutboxEntry } from './pending-lists';

const LIST_ID = '22222222-2222-4222-8222-222222222222';
const NEW_ID = '33333333-3333-4333-8333-333333333333';

const item = (id: string, name: string, patch: Partial<ShoppingList['items'][number]> = {}) => ({
  id,
  product_id: null,
  name,
  brand: null,
  category: null,
  quantity: 1,
  notes: null,
  is_manual_item: true,
  checked: false,
  ...patch,
});
const serverList = (patch: Partial<ShoppingList> = {}): ShoppingList => ({
  id: LIST_ID,
  name: 'Courses',
  status: 'active',
  cart_validated: false,
  items: [item('row-1', 'Riz'), item('row-2', 'Sucre')],
  item_count: 2,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...patch,
});

let seq = 0;
function changes(listId: string, ...list: ListChange[]): ListOutboxEntry {
  seq += 1;
  return { seq, key: `k${seq}`, userId: 'u', scope: listId, opensScope: false, method: 'POST', path: `/shopping-lists/${listId}/changes`, body: { changes: list }, meta: { kind: 'changes', listName: 'Courses' }, createdAt: '2026-11-21T10:00:00.000Z', attempts: 0 };
}
function created(name: string, items: { name: string; quantity: number }[]): ListOutboxEntry {
  seq += 1;
  return { seq, key: `k${seq}`, userId: 'u', scope: NEW_ID, opensScope: true, method: 'POST', path: '/shopping-lists', body: { id: NEW_ID, name, items }, meta: { kind: 'create', listName: name }, createdAt: '2026-11-21T10:00:00.000Z', attempts: 0 };
}
const riz = { product_id: null, name: 'Riz' };

describe('lists with their pending changes', () => {
  it('shows a list created offline first, with its items, and its later changes', () => {
    const entries = [created('Hors ligne', [{ name: 'Manioc', quantity: 2 }]), { ...changes(NEW_ID, { type: 'rename', name: 'Marché' }, { type: 'add_item', item: { name: 'Sel', quantity: 1 } }) }];
    const [first, second] = withPendingChanges([serverList()], entries);
    expect(first).toMatchObject({ id: NEW_ID, name: 'Marché', status: 'active', item_count: 2 });
    expect(first.items.map((i) => [i.name, i.quantity, i.checked])).toEqual([
      ['Manioc', 2, false],
      ['Sel', 1, false],
    ]);
    expect(new Set(first.items.map((i) => i.id)).size).toBe(2);
    expect(second.id).toBe(LIST_ID);
    expect(pendingListIds(entries)).toEqual(new Set([NEW_ID]));
  });

  it('an item added offline is there (offline adds never fail silently)', () => {
    const [list] = withPendingChanges([serverList()], [changes(LIST_ID, { type: 'add_item', item: { name: 'Huile', quantity: 3 } })]);
    expect(list.items.map((i) => i.name)).toEqual(['Riz', 'Sucre', 'Huile']);
    expect(list.item_count).toBe(3);
  });

  it('data refetched from the server, older than the tick made offline, does not undo the tick', () => {
    const tick = changes(LIST_ID, { type: 'set_checked', item: riz, checked: true }, { type: 'set_quantity', item: riz, quantity: 4 });
    const beforeRefetch = withPendingChanges([serverList()], [tick]);
    // The server's answer to a refetch started before the tick was sent: the item unticked.
    const afterRefetch = withPendingChanges([serverList({ name: 'Renommée ailleurs', updated_at: '2026-11-21T11:00:00.000Z' })], [tick]);
    for (const [list] of [beforeRefetch, afterRefetch]) expect(list.items[0]).toMatchObject({ name: 'Riz', checked: true, quantity: 4 });
    expect(afterRefetch[0].name).toBe('Renommée ailleurs');
  });

  it('once the server has the change (entry gone), its answer is what shows', () => {
    const answered = serverList({ items: [item('row-1', 'Riz', { checked: true }), item('row-2', 'Sucre')] });
    expect(withPendingChanges([answered], [])).toEqual([answered]);
  });

  it('a list created offline and already on the server shows once', () => {
    const entry = created('Hors ligne', [{ name: 'Manioc', quantity: 1 }]);
    const lists = withPendingChanges([serverList({ id: NEW_ID, name: 'Hors ligne' })], [entry]);
    expect(lists.map((l) => l.id)).toEqual([NEW_ID]);
  });

  it('leaves the server’s lists untouched', () => {
    const lists = [serverList()];
    const copy = structuredClone(lists);
    withPendingChanges(lists, [changes(LIST_ID, { type: 'remove_item', item: riz })]);
    expect(lists).toEqual(copy);
  });
});
