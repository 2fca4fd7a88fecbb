// Input and output types of the basket optimiser. Pure data: no store names, no HTTP shapes.
// Money is integer XAF. Mapping to POST /api/shopping/optimize is given next to each field.
import type { LatLng } from '../platform/geo';

/** One store's price for one item of the list. */
export type Offer = { storeId: string; unitPrice: number };

/** One line of the shopping list with every store that prices it (any order, duplicates allowed). */
export type BasketItem = { quantity: number; offers: readonly Offer[] };

export type BestPricesInput = {
  items: readonly BasketItem[];
  /** Most stores the plan may use (any integer ≥ 1; the product uses 3). */
  maxStores: number;
  /** Delivery fee charged once per store used (the product uses 2000). */
  storeFee: number;
  /**
   * Items total from which delivery is free (the product uses 25 000): the fee is then 0 whatever
   * the number of stores. Absent: delivery is never free.
   */
  freeDeliveryFrom?: number;
  /**
   * Distance from the user to each store, in whole metres. Among plans of equal cost and number of
   * stores the smaller total distance wins, and an item priced the same in two chosen stores goes
   * to the nearer one. A store missing here counts as farther than every located store. Absent:
   * ties go to store id order.
   */
  storeDistances?: ReadonlyMap<string, number>;
};

/**
 * - `priced`: assigned to a store of the plan (has_price = true).
 * - `unpriced`: no store prices it at all (has_price = false, requires_manual_price = true); not in any total.
 * - `not_obtainable`: some store prices it, but no plan within maxStores stores can include it
 *   without covering fewer items; shown with its alternatives, not in the total.
 */
export type ItemStatus = 'priced' | 'unpriced' | 'not_obtainable';

/** → alternatives[] {store_id, price}; store_name is looked up by the caller. */
export type Alternative = { storeId: string; unitPrice: number; totalPrice: number };

export type PlannedItem = {
  /** Position of the item in the input list. */
  index: number;
  status: ItemStatus;
  /** → selected_store_id (null unless status is `priced`). */
  storeId: string | null;
  /** → unit_price / total_price (null unless status is `priced`). */
  unitPrice: number | null;
  totalPrice: number | null;
  /** Every store that prices the item, cheapest first, ties in store order (nearer first, then id). */
  alternatives: Alternative[];
};

export type BasketPlan = {
  items: PlannedItem[];
  /** → stores_involved: the stores used, in store order (nearer first, then storeId code-unit order). */
  storeIds: string[];
  /** → total_items_cost: Σ total price of the `priced` items. */
  itemsCost: number;
  /** → delivery_fee: 0 when itemsCost ≥ freeDeliveryFrom, else storeFee × storeIds.length. */
  deliveryFee: number;
  /** → total_cost: itemsCost + deliveryFee. */
  totalCost: number;
  /** Items with status `priced`. */
  coveredCount: number;
  /** Items that at least one store prices (`priced` + `not_obtainable`). */
  pricedCount: number;
};

export type StoreLocation = { storeId: string; position: LatLng };

export type NearestStoreInput = {
  items: readonly BasketItem[];
  /** Positions of the stores; a store without a position cannot be the nearest. */
  stores: readonly StoreLocation[];
  userPosition: LatLng;
  storeFee: number;
  /** As in BestPricesInput: from this items total the delivery is free. */
  freeDeliveryFrom?: number;
};

/**
 * - `available`: the nearest store prices it.
 * - `unavailable`: other stores price it, the nearest does not (→ unavailable_at_nearest).
 * - `unpriced`: no store prices it.
 */
export type NearestItemStatus = 'available' | 'unavailable' | 'unpriced';

export type NearestPlannedItem = {
  index: number;
  status: NearestItemStatus;
  unitPrice: number | null;
  totalPrice: number | null;
  alternatives: Alternative[];
};

export type NearestStorePlan = {
  /** → selected store with is_nearest_store = true; null when no located store prices any item. */
  storeId: string | null;
  /** → distance (km, haversine). */
  distanceKm: number | null;
  items: NearestPlannedItem[];
  itemsCost: number;
  /** storeFee when a store is chosen and itemsCost is below freeDeliveryFrom, else 0. */
  deliveryFee: number;
  totalCost: number;
  availableCount: number;
};

export type PlanSummary = {
  /** → total_savings (≥ 0). */
  totalSavings: number;
  /** → optimization_score, integer 0..100. */
  optimizationScore: number;
};
