// Shopping lists (spec part 2 sections 3, 4, 5): the save payload shared by the list editor and the
// API, the list as the API returns it, and the text/CSV import result.
import { z } from './zod';
import { fr } from './messages';
import { DOCUMENT_TEXT_MAX_CHARS } from './imports';
import { SIZE_UNITS } from './product-size';

export const LIST_STATUSES = ['active', 'pending_delivery', 'archived'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export const LIST_NAME_MAX = 100;
export const LIST_ITEMS_MAX = 200;
export const ITEM_NAME_MAX = 120;
export const ITEM_QUANTITY_MAX = 999;
/** Longest pasted or uploaded text list accepted by the import (characters). */
export const IMPORT_TEXT_MAX = DOCUMENT_TEXT_MAX_CHARS;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: fr.common.invalidValue })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * One line of a list. The spec names the label item_name, product_name or name: any of them is
 * accepted and saved as `name`. A quantity of 0 means "remove this line" and is dropped on save.
 */
export const ListItemInputSchema = z
  .object({
    product_id: z.string().uuid({ error: fr.common.invalidValue }).nullish(),
    name: z.string().optional(),
    item_name: z.string().optional(),
    product_name: z.string().optional(),
    brand: optionalText(80),
    product_brand: optionalText(80),
    category: optionalText(60),
    quantity: z
      .number({ error: fr.listsUi.quantityInvalid })
      .int({ error: fr.listsUi.quantityInvalid })
      .min(0, { error: fr.listsUi.quantityInvalid })
      .max(ITEM_QUANTITY_MAX, { error: fr.listsUi.quantityInvalid }),
    notes: optionalText(300),
    is_manual_item: z.boolean().optional(),
    /** Ticked off while shopping; left out, a saved line keeps its tick (see updateList). */
    checked: z.boolean().optional(),
  })
  .transform((item, ctx) => {
    const name = (item.name ?? item.item_name ?? item.product_name ?? '').trim();
    const productId = item.product_id ?? null;
    if (!productId && !name) ctx.addIssue({ code: 'custom', message: fr.lists.itemNameRequired, path: ['name'] });
    if (name.length > ITEM_NAME_MAX) ctx.addIssue({ code: 'custom', message: fr.listsUi.itemNameTooLong, path: ['name'] });
    return {
      product_id: productId,
      name,
      brand: item.brand ?? item.product_brand ?? null,
      category: item.category ?? null,
      quantity: item.quantity,
      notes: item.notes ?? null,
      is_manual_item: item.is_manual_item ?? !productId,
      checked: item.checked,
    };
  });
export type ListItemInput = z.input<typeof ListItemInputSchema>;

export const ListNameSchema = z
  .string({ error: fr.lists.nameRequired })
  .trim()
  .min(1, { error: fr.lists.nameRequired })
  .max(LIST_NAME_MAX, { error: fr.listsUi.nameTooLong });

/** POST /api/shopping-lists and PUT /api/shopping-lists/{id}. */
export const SaveListSchema = z.object({
  name: ListNameSchema,
  items: z
    .array(ListItemInputSchema, { error: fr.lists.itemsRequired })
    .max(LIST_ITEMS_MAX, { error: fr.listsUi.tooManyItems(LIST_ITEMS_MAX) })
    // Quantity 0 removes the line (spec: "a quantity of 0 triggers removal").
    .transform((items) => items.filter((i) => i.quantity > 0))
    .refine((items) => items.length > 0, { error: fr.lists.itemsRequired }),
});
export type SaveList = z.input<typeof SaveListSchema>;
export type SaveListParsed = z.output<typeof SaveListSchema>;

/**
 * POST /api/shopping-lists: a list made offline carries the id its device gave it, so that the
 * changes queued after it can name it before the server has seen it.
 */
export const CreateListSchema = SaveListSchema.extend({ id: z.uuid({ error: fr.common.invalidValue }).optional() });
export type CreateList = z.input<typeof CreateListSchema>;
export type CreateListParsed = z.output<typeof CreateListSchema>;

/** Folded form of an item name: duplicates are refused whatever their case, accents or spacing. */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Index of the first line that repeats an earlier one (same product, or same folded name), or -1. */
export function findDuplicateItem(items: readonly { product_id: string | null; name: string }[]): number {
  const products = new Set<string>();
  const names = new Set<string>();
  for (const [index, item] of items.entries()) {
    const folded = foldName(item.name);
    if ((item.product_id && products.has(item.product_id)) || (folded && names.has(folded))) return index;
    if (item.product_id) products.add(item.product_id);
    if (folded) names.add(folded);
  }
  return -1;
}

export const ListItemSchema = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  is_manual_item: z.boolean(),
  checked: z.boolean(),
});
export type ListItem = z.infer<typeof ListItemSchema>;

/** A list as the API answers it (the response schema of the list routes). */
export const ShoppingListSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(LIST_STATUSES),
  cart_validated: z.boolean(),
  items: z.array(ListItemSchema),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShoppingList = z.infer<typeof ShoppingListSchema>;

/** Why a list may not be edited or deleted, or null when it may. */
export function listLock(list: Pick<ShoppingList, 'status' | 'cart_validated'>): 'pending_delivery' | 'archived' | 'cart_validated' | null {
  if (list.status === 'pending_delivery') return 'pending_delivery';
  if (list.status === 'archived') return 'archived';
  if (list.cart_validated) return 'cart_validated';
  return null;
}

/** The badge a list shows: archived and cart-validated lists read 'Archivée'. */
export function listStatusLabel(list: Pick<ShoppingList, 'status' | 'cart_validated'>): string {
  const lock = listLock(list);
  if (lock === 'pending_delivery') return fr.lists.pendingDelivery;
  if (lock) return fr.lists.archived;
  return fr.listsUi.active;
}

/** A catalogue product offered while building a list, with what the price data says about it. */
export const ProductSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  unit: z.string().nullable(),
  /** What one item holds and how many a pack holds (contract/product-size.ts), shown beside the name. */
  size: z.object({ value: z.number(), unit: z.enum(SIZE_UNITS) }).nullable(),
  pack_count: z.number().nullable(),
  store_count: z.number(),
  min_price: z.number().nullable(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;

/** GET /api/shopping-lists/product-search. */
export const ProductSuggestionsSchema = z.object({ products: z.array(ProductSuggestionSchema) });

export const ProductSearchQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** POST /api/shopping-lists/import-text: a pasted list or the content of an uploaded .txt/.csv file. */
export const ImportTextSchema = z.object({
  text: z.string({ error: fr.lists.importFailed }).max(IMPORT_TEXT_MAX, { error: fr.lists.fileTooLarge }),
  filename: z.string().max(255).nullish(),
});

export type { ExtractedItem, ImportResult } from './imports';
