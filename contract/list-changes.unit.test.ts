// The merge rules of offline list changes (header of list-changes.ts), as pure functions.
import { describe, expect, it } from 'vitest';
import { applyListChange, applyListChanges, changesBetween, ListChangeSchema, type ListChange, type MergeItem, type MergeList } from './list-changes';
import { LIST_ITEMS_MAX } from './lists';

const RICE_ID = '11111111-1111-4111-8111-111111111111';

function item(name: string, patch: Partial<MergeItem> = {}): MergeItem {
  return { product_id: null, name, brand: null, category: null, quantity: 1, notes: null, is_manual_item: true, checked: false, ...patch };
}
const rice = item('Riz parfumé', { product_id: RICE_ID, is_manual_item: false, id: 'row-rice' });
const sugar = item('Sucre', { id: 'row-sugar' });
const list = (items: MergeItem[], name = 'Courses'): MergeList => ({ name, items });
const parse = (change: ListChange) => ListChangeSchema.parse(change);
const apply = (l: MergeList, ...changes: ListChange[]) => applyListChanges(l, changes.map(parse));
const ref = (i: MergeItem) => ({ product_id: i.product_id, name: i.name });

describe('merging a change made offline with the list as it is now', () => {
  it('keeps an item ticked offline ticked even though the list was renamed elsewhere', () => {
    const renamedElsewhere = list([rice, sugar], 'Courses du samedi');
    const result = apply(renamedElsewhere, { type: 'set_checked', item: ref(sugar), checked: true });
    expect(result.list.name).toBe('Courses du samedi');
    expect(result.list.items.find((i) => i.name === 'Sucre')?.checked).toBe(true);
    expect(result.notices).toEqual([]);
  });

  it('a rename offline keeps the ticks and quantities changed elsewhere', () => {
    const changedElsewhere = list([{ ...rice, quantity: 4, checked: true }, sugar]);
    const result = apply(changedElsewhere, { type: 'rename', name: '  Marché de Mont-Bouët ' });
    expect(result.list).toEqual({ name: 'Marché de Mont-Bouët', items: changedElsewhere.items });
  });

  it('a rename offline of a list renamed elsewhere meanwhile wins, and names the name it replaced', () => {
    const renamedElsewhere = list([rice], 'Courses du 24');
    const result = apply(renamedElsewhere, { type: 'rename', name: 'Courses de Noël', from: 'Courses du mois' });
    expect(result.list.name).toBe('Courses de Noël');
    expect(result.notices).toEqual([{ code: 'renamed_elsewhere', replaced_name: 'Courses du 24' }]);
  });

  it('says nothing when the name was not changed elsewhere, was changed to the same name, or the rename does not say what it saw', () => {
    for (const [current, change] of [
      ['Courses du mois', { type: 'rename', name: 'Courses de Noël', from: 'Courses du mois' }],
      ['Courses de Noël', { type: 'rename', name: 'Courses de Noël', from: 'Courses du mois' }],
      ['Courses du 24', { type: 'rename', name: 'Courses de Noël' }],
    ] as const) {
      const result = apply(list([rice], current), change);
      expect(result.list.name, current).toBe('Courses de Noël');
      expect(result.notices, current).toEqual([]);
    }
  });

  it('two renames queued offline tell of the name changed elsewhere once', () => {
    const result = apply(list([], 'Courses du 24'), { type: 'rename', name: 'Marché', from: 'Courses' }, { type: 'rename', name: 'Marché du samedi', from: 'Marché' });
    expect(result.list.name).toBe('Marché du samedi');
    expect(result.notices).toEqual([{ code: 'renamed_elsewhere', replaced_name: 'Courses du 24' }]);
  });

  it('matches items by product or by folded name, not by row id (an edit elsewhere renumbers lines)', () => {
    const renumbered = list([{ ...rice, id: 'new-row-1' }, { ...sugar, id: 'new-row-2', name: 'SUCRE ' }]);
    const result = apply(renumbered, { type: 'set_quantity', item: { product_id: RICE_ID, name: 'Riz' }, quantity: 3 }, { type: 'set_checked', item: { product_id: null, name: 'sucre' }, checked: true });
    expect(result.list.items.map((i) => [i.id, i.quantity, i.checked])).toEqual([
      ['new-row-1', 3, false],
      ['new-row-2', 1, true],
    ]);
  });

  it('does not apply a tick or a quantity to an item removed elsewhere, and names the item', () => {
    const sugarRemovedElsewhere = list([rice]);
    const result = apply(
      sugarRemovedElsewhere,
      { type: 'set_checked', item: ref(sugar), checked: true },
      { type: 'set_quantity', item: ref(sugar), quantity: 5 },
      { type: 'set_quantity', item: ref(rice), quantity: 2 },
    );
    expect(result.list.items).toEqual([{ ...rice, quantity: 2 }]);
    expect(result.notices).toEqual([
      { code: 'item_removed_elsewhere', item_name: 'Sucre' },
      { code: 'item_removed_elsewhere', item_name: 'Sucre' },
    ]);
  });

  it('an item added offline and elsewhere stays one line with the larger quantity', () => {
    const addedElsewhere = list([rice, { ...sugar, quantity: 2, checked: true }]);
    const result = apply(addedElsewhere, { type: 'add_item', item: { name: 'sucre', quantity: 3 } });
    expect(result.list.items).toEqual([rice, { ...sugar, quantity: 3, checked: true }]);
    expect(result.notices).toEqual([]);
  });

  it('appends an item added offline, unticked, with its quantity', () => {
    const result = apply(list([rice]), { type: 'add_item', item: { name: 'Huile', brand: 'Lesieur', quantity: 2 } });
    expect(result.list.items[1]).toEqual(item('Huile', { brand: 'Lesieur', quantity: 2 }));
  });

  it('refuses an add to a full list and names the item', () => {
    const full = list(Array.from({ length: LIST_ITEMS_MAX }, (_, i) => item(`Article ${i}`)));
    const result = apply(full, { type: 'add_item', item: { name: 'Piment', quantity: 1 } });
    expect(result.list).toBe(full);
    expect(result.notices).toEqual([{ code: 'list_full', item_name: 'Piment' }]);
  });

  it('removing an item already removed elsewhere, or setting it to 0, is quietly done', () => {
    const result = apply(list([rice]), { type: 'remove_item', item: ref(sugar) }, { type: 'set_quantity', item: ref(sugar), quantity: 0 });
    expect(result.list.items).toEqual([rice]);
    expect(result.notices).toEqual([]);
  });

  it('a quantity of 0 removes the item', () => {
    expect(apply(list([rice, sugar]), { type: 'set_quantity', item: ref(rice), quantity: 0 }).list.items).toEqual([sugar]);
  });

  it('applies changes in order: an item added then ticked then re-quantified', () => {
    const result = apply(
      list([]),
      { type: 'add_item', item: { name: 'Lait', quantity: 1 } },
      { type: 'set_checked', item: { product_id: null, name: 'Lait' }, checked: true },
      { type: 'set_quantity', item: { product_id: null, name: 'Lait' }, quantity: 6 },
    );
    expect(result.list.items).toEqual([item('Lait', { quantity: 6, checked: true })]);
  });

  it('never mutates the list it is given', () => {
    const before = list([rice, sugar]);
    const copy = structuredClone(before);
    applyListChange(before, parse({ type: 'set_checked', item: ref(rice), checked: true }));
    applyListChange(before, parse({ type: 'remove_item', item: ref(sugar) }));
    expect(before).toEqual(copy);
  });

  it('refuses changes that make no sense', () => {
    expect(ListChangeSchema.safeParse({ type: 'add_item', item: { name: 'Lait', quantity: 0 } }).success).toBe(false);
    expect(ListChangeSchema.safeParse({ type: 'set_quantity', item: ref(rice), quantity: -1 }).success).toBe(false);
    expect(ListChangeSchema.safeParse({ type: 'rename', name: '   ' }).success).toBe(false);
    expect(ListChangeSchema.safeParse({ type: 'explode' }).success).toBe(false);
  });
});

describe('changesBetween (what the list editor saved)', () => {
  it('turns an edit into a rename, removals, additions and new quantities', () => {
    const before = list([rice, sugar, item('Sel')]);
    const after = list([{ ...rice, quantity: 2 }, item('Sel'), item('Savon', { quantity: 3 })], 'Courses du mois');
    expect(changesBetween(before, after)).toEqual([
      { type: 'rename', name: 'Courses du mois', from: 'Courses' },
      { type: 'remove_item', item: { product_id: null, name: 'Sucre' } },
      { type: 'set_quantity', item: { product_id: RICE_ID, name: 'Riz parfumé' }, quantity: 2 },
      { type: 'add_item', item: { product_id: null, name: 'Savon', brand: null, category: null, quantity: 3, notes: null, is_manual_item: true, checked: false } },
    ]);
  });

  it('replaying the edit on the list it was made from gives the edited list', () => {
    const before = list([rice, sugar]);
    const after = list([{ ...rice, quantity: 5 }, item('Savon')], 'Autre nom');
    const replayed = applyListChanges(before, changesBetween(before, after).map((c) => ListChangeSchema.parse(c)));
    expect(replayed.list.name).toBe('Autre nom');
    expect(replayed.list.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Riz parfumé', 5],
      ['Savon', 1],
    ]);
  });

  it('an unchanged list gives no change', () => {
    expect(changesBetween(list([rice, sugar]), list([rice, sugar]))).toEqual([]);
  });
});
