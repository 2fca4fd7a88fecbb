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

export type Alternative = {
  store_id: string;
  store_name: string;
  price: number;
  total_price: number;
  distance: number | null;
  /** The store's price was last confirmed more than TRUST.staleAfterDays ago ("à confirmer"). */
  stale: boolean;
};

/**
 * An item's state in a view:
 * - priced: bought at selected_store_id;
 * - unpriced: no store prices it (has_price false, requires_manual_price true), not in the totals;
 * - not_obtainable: best-prices view only, priced somewhere but not within max_stores stores;
 * - unavailable_at_nearest: nearest-store view only, the nearest store does not price it.
 */
export type OptimizedItemStatus = 'priced' | 'unpriced' | 'not_obtainable' | 'unavailable_at_nearest';

export type OptimizedItem = {
  product_id: string | null;
  product_name: string;
  quantity: number;
  status: OptimizedItemStatus;
  selected_store_id: string | null;
  selected_store_name: string | null;
  unit_price: number | null;
  total_price: number | null;
  alternatives: Alternative[];
  has_price: boolean;
  requires_manual_price: boolean;
  original_index: number;
  is_nearest_store: boolean;
  unavailable_at_nearest: boolean;
  nearest_store_name: string | null;
  /** km from the user to the selected store (haversine). */
  distance: number | null;
  /** The user changed the store the optimiser chose. */
  switched: boolean;
  /** The selected store's price was last confirmed more than TRUST.staleAfterDays ago: it may have changed. */
  stale_price: boolean;
};

export type StoreInvolved = {
  store_id: string;
  store_name: string;
  address: string;
  latitude: number;
  longitude: number;
  distance: number | null;
  item_count: number;
  subtotal: number;
  /** This store's part of delivery_fee: the per-store fee, or 0 once delivery is free. */
  delivery_fee: number;
};

/** A store of a plan as the plan-by-store view shows it. */
export type StoreSubtotal = Pick<StoreInvolved, 'store_id' | 'store_name' | 'distance' | 'item_count' | 'subtotal' | 'delivery_fee'>;

export type Optimization = {
  view_type: ViewType;
  items: OptimizedItem[];
  total_items_cost: number;
  delivery_fee: number;
  total_cost: number;
  currency: 'XAF';
  stores_involved: StoreInvolved[];
  store_count: number;
  /** Out of 100; the rule is documented in server/optimiser/summary.ts. */
  optimization_score: number;
  /** What the best-prices plan saves against the nearest-store plan on the items both price (≥ 0). */
  total_savings: number;
  /** Totals of both plans, for the comparison summary. */
  best_prices_total: number;
  nearest_store_total: number;
  nearest_store: { store_id: string; store_name: string; distance: number } | null;
  max_stores: number;
  priced_count: number;
  covered_count: number;
  /** How many bought items rest on a price older than TRUST.staleAfterDays (their stale_price is true). */
  stale_count: number;
  user_position: { latitude: number; longitude: number; fallback: boolean };
  cart_id: string;
};

export type OptimizeResponse = { optimization: Optimization; cart_id: string };

/** GET /api/shopping/demo-optimization (public): the fixed demo basket through the real optimiser. */
export type DemoItem = {
  product_id: string;
  product_name: string;
  quantity: number;
  selected_store_id: string | null;
  selected_store_name: string | null;
  unit_price: number | null;
  total_price: number | null;
  is_nearest_store: boolean;
  distance: number | null;
  alternatives: { store_id: string; store_name: string; price: number }[];
};

export type DemoView = { items: DemoItem[]; total_items_cost: number; delivery_fee: number; total_cost: number; stores_involved: string[]; stores: StoreSubtotal[] };

export type DemoOptimization = {
  best_prices: DemoView;
  nearest_store: DemoView & { store_name: string | null; distance: number | null };
  total_savings: number;
  optimization_score: number;
  difference: number;
};
