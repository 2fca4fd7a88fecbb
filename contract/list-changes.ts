// One change to a shopping list at a time — the language of the offline outbox (issue 15). A phone
// queues changes while offline and replays them later, in order, through
// POST /api/shopping-lists/{id}/changes; the server applies each one to the list AS IT IS THEN, with
// the same pure function the phone uses to show its pending changes at once. So a change made
// offline is merged, item by item, with whatever another device did meanwhile.
//
// Merge rules (applyListChange):
// - Items are matched by identity, not by row id (a full edit elsewhere gives lines new ids): the
//   same catalogue product, or the same name folded (case, accents, spaces) — the rule that already
//   forbids two lines of the same thing on one list.
// - rename: the name replaces the current one (last writer wins on the name); items are untouched,
//   so an item ticked offline stays ticked even if the list was renamed elsewhere. A rename carries
//   the name the phone saw (`from`): when another device renamed the list meanwhile, the user is
//   told which name theirs replaced.
// - set_checked / set_quantity: touch only that item's tick or quantity (last writer wins on that
//   field of that item); every other item keeps the changes made elsewhere. A quantity of 0 removes
//   the item (spec: "a quantity of 0 triggers removal").
// - add_item: appended; if the same item was added elsewhere meanwhile, the lists keep one line
//   with the larger quantity (no duplicate, nothing lost). A full list (LIST_ITEMS_MAX) refuses it:
//   the user is told, naming the item.
// - remove_item: removes the item; already removed elsewhere, nothing to do.
// - A tick or a quantity for an item removed elsewhere meanwhile is NOT applied (the other device
//   removed it on purpose, often because it was bought): the user is told, naming the item.
// Outside this function (the server says it, the phone tells the user): a list deleted elsewhere
// (404) or locked meanwhile by a booking (409) keeps none of the queued changes.
import { z } from './zod';
import { fr } from './messages';
import { foldName, ITEM_QUANTITY_MAX, LIST_ITEMS_MAX, ListItemInputSchema, ListNameSchema, type ListItem, ShoppingListSchema } from './lists';

/** Which item a change is about: its catalogue product, else its name (folded for matching). */
export const ItemRefSchema = z.object({
  product_id: z.uuid({ error: fr.common.invalidValue }).nullable(),
  name: z.string().trim().min(1, { error: fr.lists.itemNameRequired }).max(200, { error: fr.listsUi.itemNameTooLong }),
});
export type ItemRef = z.infer<typeof ItemRefSchema>;

const quantity = z
  .number({ error: fr.listsUi.quantityInvalid })
  .int({ error: fr.listsUi.quantityInvalid })
  .min(0, { error: fr.listsUi.quantityInvalid })
  .max(ITEM_QUANTITY_MAX, { error: fr.listsUi.quantityInvalid });

export const ListChangeSchema = z.discriminatedUnion('type', [
  // `from`: the name this device saw when it renamed the list (optional: changes queued by an older app lack it).
  z.object({ type: z.literal('rename'), name: ListNameSchema, from: z.string().max(200, { error: fr.common.invalidValue }).optional() }),
  z.object({ type: z.literal('add_item'), item: ListItemInputSchema.refine((i) => i.quantity >= 1, { error: fr.listsUi.quantityInvalid }) }),
  z.object({ type: z.literal('remove_item'), item: ItemRefSchema }),
  z.object({ type: z.literal('set_quantity'), item: ItemRefSchema, quantity }),
  z.object({ type: z.literal('set_checked'), item: ItemRefSchema, checked: z.boolean({ error: fr.common.invalidValue }) }),
]);
export type ListChange = z.input<typeof ListChangeSchema>;
export type ListChangeParsed = z.output<typeof ListChangeSchema>;

/** The most changes one request carries (one user action: a save of the editor is one request). */
export const LIST_CHANGES_MAX = 2 * LIST_ITEMS_MAX + 1;

/** POST /api/shopping-lists/{id}/changes. */
export const ListChangesSchema = z.object({
  changes: z.array(ListChangeSchema, { error: fr.common.invalidValue }).min(1, { error: fr.common.invalidValue }).max(LIST_CHANGES_MAX, { error: fr.common.invalidValue }),
});
export type ListChanges = z.input<typeof ListChangesSchema>;

/** A change that could not be merged, for the user to be told (the item is named). */
export type ListChangeNotice = z.infer<typeof ListChangeNoticeSchema>;

/** The answer to POST /api/shopping-lists/{id}/changes: the list after the changes, and what was not applied. */
export type ListChangesResult = z.infer<typeof ListChangesResultSchema>;

/** An item as the merge sees it: the API item, with or without its server id. */
export type MergeItem = Omit<ListItem, 'id'> & { id?: string };
export type MergeList = { name: string; items: MergeItem[] };

type ItemIdentity = { product_id: string | null; name: string };

/** Same item: the same catalogue product, or the same folded name (as findDuplicateItem). */
export function sameItem(a: ItemIdentity, b: ItemIdentity): boolean {
  if (a.product_id && a.product_id === b.product_id) return true;
  return foldName(a.name) === foldName(b.name);
}

type ItemLine = z.output<typeof ListItemInputSchema>;

/** The line of a new item, as add_item stores it. */
export function newItemOf(item: ItemLine): MergeItem {
  return {
    product_id: item.product_id,
    name: item.name,
    brand: item.brand,
    category: item.category,
    quantity: item.quantity,
    notes: item.notes,
    is_manual_item: item.is_manual_item,
    checked: item.checked ?? false,
  };
}

/** The list after one change, and a notice when the change could not be merged. Never mutates `list`. */
export function applyListChange(list: MergeList, change: ListChangeParsed): { list: MergeList; notice: ListChangeNotice | null } {
  const index = 'item' in change ? list.items.findIndex((i) => sameItem(i, change.item)) : -1;
  const withItems = (items: MergeItem[]) => ({ list: { name: list.name, items }, notice: null });
  // map/filter rather than Array#with/toSpliced: older phone browsers lack them.
  const replaced = (patch: Partial<MergeItem>) => withItems(list.items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const removed = () => withItems(list.items.filter((_, i) => i !== index));
  const removedElsewhere = { list, notice: { code: 'item_removed_elsewhere' as const, item_name: 'item' in change ? change.item.name : '' } };

  switch (change.type) {
    case 'rename': {
      const renamedElsewhere = change.from !== undefined && list.name !== change.from && list.name !== change.name;
      return { list: { name: change.name, items: list.items }, notice: renamedElsewhere ? { code: 'renamed_elsewhere', replaced_name: list.name } : null };
    }
    case 'add_item': {
      if (index >= 0) {
        return replaced({ quantity: Math.max(list.items[index].quantity, change.item.quantity) });
      }
      if (list.items.length >= LIST_ITEMS_MAX) return { list, notice: { code: 'list_full', item_name: change.item.name } };
      return withItems([...list.items, newItemOf(change.item)]);
    }
    case 'remove_item':
      return index < 0 ? { list, notice: null } : removed();
    case 'set_quantity':
      if (index < 0) return change.quantity === 0 ? { list, notice: null } : removedElsewhere;
      return change.quantity === 0 ? removed() : replaced({ quantity: change.quantity });
    case 'set_checked':
      if (index < 0) return removedElsewhere;
      return replaced({ checked: change.checked });
  }
}

/** The list after several changes in order, with every notice. */
export function applyListChanges(list: MergeList, changes: readonly ListChangeParsed[]): { list: MergeList; notices: ListChangeNotice[] } {
  const notices: ListChangeNotice[] = [];
  let current = list;
  for (const change of changes) {
    const result = applyListChange(current, change);
    current = result.list;
    if (result.notice) notices.push(result.notice);
  }
  return { list: current, notices };
}

export const itemRef = (item: ItemIdentity): ItemRef => ({ product_id: item.product_id, name: item.name });

const lineOf = ({ product_id, name, brand, category, quantity, notes, is_manual_item, checked }: MergeItem): ItemLine => ({
  product_id,
  name,
  brand,
  category,
  quantity,
  notes,
  is_manual_item,
  checked,
});

/**
 * The changes that turn `before` into `after` (what the list editor saved): a rename, the removed
 * items, the added items, the new quantities. Sent as changes, an edit keeps what another device
 * changed meanwhile on the other items.
 */
export function changesBetween(before: MergeList, after: MergeList): ListChangeParsed[] {
  const changes: ListChangeParsed[] = [];
  if (before.name.trim() !== after.name.trim()) changes.push({ type: 'rename', name: after.name.trim(), from: before.name.trim() });
  for (const old of before.items) {
    if (!after.items.some((i) => sameItem(i, old))) changes.push({ type: 'remove_item', item: itemRef(old) });
  }
  for (const item of after.items) {
    const old = before.items.find((i) => sameItem(i, item));
    if (!old) changes.push({ type: 'add_item', item: lineOf(item) });
    else if (old.quantity !== item.quantity) changes.push({ type: 'set_quantity', item: itemRef(old), quantity: item.quantity });
  }
  return changes;
}

export const ListChangeNoticeSchema = z.discriminatedUnion('code', [
  z.object({ code: z.enum(['item_removed_elsewhere', 'list_full']), item_name: z.string() }),
  // The name another device had given the list, which this device's rename replaced.
  z.object({ code: z.literal('renamed_elsewhere'), replaced_name: z.string() }),
]);
export const ListChangesResultSchema = z.object({ list: ShoppingListSchema, notices: z.array(ListChangeNoticeSchema) });
