// The optimiser's HTTP contract (spec part 2 sections 3, 7, 9): POST /api/shopping/optimize,
// POST /api/shopping/switch-store, and the optimisation result both views share.
import { z } from './zod';
import { OPTIMISER } from './constants';
import { fr } from './messages';

export const VIEW_TYPES = ['best_prices', 'nearest_store'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

// Spec part 2 section 9: the optimiser's constants live with the other business constants, which a
// page can read without loading zod.
export { OPTIMISER };

/** The delivery fee of a basket: one fee per store, none from the free-delivery threshold on. */
export function deliveryFeeXaf(itemsCostXaf: number, storeCount: number): number {
  return itemsCostXaf >= OPTIMISER.freeDeliveryThresholdXaf ? 0 : OPTIMISER.storeFeeXaf * storeCount;
}

/** Where the optimiser assumes the user is when the browser gives no position (spec: Port-Gentil area). */
export const OPTIMISER_FALLBACK_POSITION = { latitude: -0.7193, longitude: 8.7815 } as const;

export const OptimizeItemSchema = z
  .object({
    /** Null for a manual item: priced only when its name is exactly a catalogue product's. */
    product_id: z.string().uuid({ error: fr.common.invalidValue }).nullish(),
    product_name: z.string().trim().max(200).default(''),
    quantity: z.number({ error: fr.listsUi.quantityInvalid }).int({ error: fr.listsUi.quantityInvalid }).min(1, { error: fr.listsUi.quantityInvalid }).max(999, { error: fr.listsUi.quantityInvalid }),
  })
  .refine((item) => Boolean(item.product_id) || item.product_name !== '', { error: fr.lists.itemNameRequired, path: ['product_name'] });

export const OptimizeRequestSchema = z.object({
  items: z.array(OptimizeItemSchema, { error: fr.optimiserUi.noItems }).min(1, { error: fr.optimiserUi.noItems }).max(OPTIMISER.maxItems, { error: fr.listsUi.tooManyItems(OPTIMISER.maxItems) }),
  user_latitude: z.number().min(-90).max(90).nullish(),
  user_longitude: z.number().min(-180).max(180).nullish(),
  preferences: z
    .object({
      max_stores: z.number().int().min(1).max(OPTIMISER.maxStores).default(OPTIMISER.maxStores),
      /** When not empty, only these stores are considered. */
      preferred_stores: z.array(z.string().uuid()).max(100).default([]),
    })
    .default({ max_stores: OPTIMISER.maxStores, preferred_stores: [] }),
  view_type: z.enum(VIEW_TYPES).default('best_prices'),
  /** The list being optimised, when there is one (kept on the cart). */
  shopping_list_id: z.string().uuid().nullish(),
});
export type OptimizeRequest = z.input<typeof OptimizeRequestSchema>;

export const SwitchStoreQuerySchema = z.object({
  cart_id: z.string({ error: fr.booking.noCart }).uuid({ error: fr.booking.noCart }),
  item_index: z.coerce.number().int().min(0),
  new_store_id: z.string().uuid({ error: fr.optimiser.switchError }),
});

export const AlternativeSchema = z.object({
  store_id: z.string(),
  store_name: z.string(),
  price: z.number(),
  total_price: z.number(),
  distance: z.number().nullable(),
  /** The store's price was last confirmed more than TRUST.staleAfterDays ago ("à confirmer"). */
  stale: z.boolean(),
});
export type Alternative = z.infer<typeof AlternativeSchema>;

/**
 * An item's state in a view:
 * - priced: bought at selected_store_id;
 * - unpriced: no store prices it (has_price false, requires_manual_price true), not in the totals;
 * - not_obtainable: best-prices view only, priced somewhere but not within max_stores stores;
 * - unavailable_at_nearest: nearest-store view only, the nearest store does not price it.
 */
export const OPTIMIZED_ITEM_STATUSES = ['priced', 'unpriced', 'not_obtainable', 'unavailable_at_nearest'] as const;
export type OptimizedItemStatus = (typeof OPTIMIZED_ITEM_STATUSES)[number];

export const OptimizedItemSchema = z.object({
  product_id: z.string().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  status: z.enum(OPTIMIZED_ITEM_STATUSES),
  selected_store_id: z.string().nullable(),
  selected_store_name: z.string().nullable(),
  unit_price: z.number().nullable(),
  total_price: z.number().nullable(),
  alternatives: z.array(AlternativeSchema),
  has_price: z.boolean(),
  requires_manual_price: z.boolean(),
  original_index: z.number(),
  is_nearest_store: z.boolean(),
  unavailable_at_nearest: z.boolean(),
  nearest_store_name: z.string().nullable(),
  /** km from the user to the selected store (haversine). */
  distance: z.number().nullable(),
  /** The user changed the store the optimiser chose. */
  switched: z.boolean(),
  /** The selected store's price was last confirmed more than TRUST.staleAfterDays ago: it may have changed. */
  stale_price: z.boolean(),
});
export type OptimizedItem = z.infer<typeof OptimizedItemSchema>;

export const StoreInvolvedSchema = z.object({
  store_id: z.string(),
  store_name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distance: z.number().nullable(),
  item_count: z.number(),
  subtotal: z.number(),
  /** This store's part of delivery_fee: the per-store fee, or 0 once delivery is free. */
  delivery_fee: z.number(),
});
export type StoreInvolved = z.infer<typeof StoreInvolvedSchema>;

/** A store of a plan as the plan-by-store view shows it. */
export const StoreSubtotalSchema = StoreInvolvedSchema.pick({ store_id: true, store_name: true, distance: true, item_count: true, subtotal: true, delivery_fee: true });
export type StoreSubtotal = z.infer<typeof StoreSubtotalSchema>;

export const OptimizationSchema = z.object({
  view_type: z.enum(VIEW_TYPES),
  items: z.array(OptimizedItemSchema),
  total_items_cost: z.number(),
  delivery_fee: z.number(),
  total_cost: z.number(),
  currency: z.literal('XAF'),
  stores_involved: z.array(StoreInvolvedSchema),
  store_count: z.number(),
  /** Out of 100; the rule is documented in server/optimiser/summary.ts. */
  optimization_score: z.number(),
  /** What the best-prices plan saves against the nearest-store plan on the items both price (≥ 0). */
  total_savings: z.number(),
  /** Totals of both plans, for the comparison summary. */
  best_prices_total: z.number(),
  nearest_store_total: z.number(),
  nearest_store: z.object({ store_id: z.string(), store_name: z.string(), distance: z.number() }).nullable(),
  max_stores: z.number(),
  priced_count: z.number(),
  covered_count: z.number(),
  /** How many bought items rest on a price older than TRUST.staleAfterDays (their stale_price is true). */
  stale_count: z.number(),
  user_position: z.object({ latitude: z.number(), longitude: z.number(), fallback: z.boolean() }),
  cart_id: z.string(),
});
export type Optimization = z.infer<typeof OptimizationSchema>;

/** POST /api/shopping/optimize. */
export const OptimizeResponseSchema = z.object({ optimization: OptimizationSchema, cart_id: z.string() });
export type OptimizeResponse = z.infer<typeof OptimizeResponseSchema>;

/** POST /api/shopping/switch-store. */
export const SwitchStoreResponseSchema = z.object({ optimization: OptimizationSchema });

/** GET /api/shopping/demo-optimization (public): the fixed demo basket through the real optimiser. */
export const DemoItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  quantity: z.number(),
  selected_store_id: z.string().nullable(),
  selected_store_name: z.string().nullable(),
  unit_price: z.number().nullable(),
  total_price: z.number().nullable(),
  is_nearest_store: z.boolean(),
  distance: z.number().nullable(),
  alternatives: z.array(z.object({ store_id: z.string(), store_name: z.string(), price: z.number() })),
});
export type DemoItem = z.infer<typeof DemoItemSchema>;

export const DemoViewSchema = z.object({
  items: z.array(DemoItemSchema),
  total_items_cost: z.number(),
  delivery_fee: z.number(),
  total_cost: z.number(),
  stores_involved: z.array(z.string()),
  stores: z.array(StoreSubtotalSchema),
});
export type DemoView = z.infer<typeof DemoViewSchema>;

export const DemoOptimizationSchema = z.object({
  best_prices: DemoViewSchema,
  nearest_store: DemoViewSchema.extend({ store_name: z.string().nullable(), distance: z.number().nullable() }),
  total_savings: z.number(),
  optimization_score: z.number(),
  difference: z.number(),
});
export type DemoOptimization = z.infer<typeof DemoOptimizationSchema>;
