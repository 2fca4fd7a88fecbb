// Turns the pure solver's plans into the spec's optimisation result (one per view), and recomputes
// a result after the user switches an item's store. Pure: store names and positions come in.
import { OPTIMISER, type Alternative, type OptimizedItem, type Optimization, type StoreInvolved, type ViewType } from '#contract/optimiser';
import { haversineKm, type LatLng } from '../../platform/geo';
import { summarisePlans } from '../../optimiser/summary';
import type { BasketPlan, NearestStorePlan, PlannedItem, PlanSummary } from '../../optimiser/types';

export type StoreInfo = { id: string; name: string; address: string; latitude: number; longitude: number };

/** A line as it was optimised: the product that priced it (null when unpriced) and its label. */
export type BasketLine = { productId: string | null; name: string; quantity: number };

/** What a stored result needs to be recomputed after a store switch (kept on the cart, never sent). */
export type OptimisationBasis = { store_fee: number; nearest: NearestStorePlan; max_stores: number; stores: StoreInfo[] };

export type ViewContext = {
  lines: BasketLine[];
  best: BasketPlan;
  nearest: NearestStorePlan;
  summary: PlanSummary;
  stores: Map<string, StoreInfo>;
  position: LatLng;
  fallbackPosition: boolean;
  maxStores: number;
  storeFee: number;
  /** `${productId}:${storeId}` of the prices older than TRUST.staleAfterDays. */
  stalePrices: Set<string>;
};

export const priceKey = (productId: string, storeId: string) => `${productId}:${storeId}`;

export type OptimisationResult = Omit<Optimization, 'cart_id'>;

const round2 = (km: number) => Math.round(km * 100) / 100;

function distanceTo(stores: Map<string, StoreInfo>, position: LatLng, storeId: string | null): number | null {
  const store = storeId ? stores.get(storeId) : undefined;
  return store ? round2(haversineKm(position, store)) : null;
}

function alternativesOf(
  item: PlannedItem | NearestStorePlan['items'][number],
  productId: string | null,
  ctx: Pick<ViewContext, 'stores' | 'position' | 'stalePrices'>,
): Alternative[] {
  return item.alternatives.map((a) => ({
    store_id: a.storeId,
    store_name: ctx.stores.get(a.storeId)?.name ?? '',
    price: a.unitPrice,
    total_price: a.totalPrice,
    distance: distanceTo(ctx.stores, ctx.position, a.storeId),
    stale: productId !== null && ctx.stalePrices.has(priceKey(productId, a.storeId)),
  }));
}

const isStaleAt = (ctx: ViewContext, productId: string | null, storeId: string | null) =>
  productId !== null && storeId !== null && ctx.stalePrices.has(priceKey(productId, storeId));

export function buildView(view: ViewType, ctx: ViewContext): OptimisationResult {
  const nearestId = ctx.nearest.storeId;
  const nearestName = nearestId ? (ctx.stores.get(nearestId)?.name ?? null) : null;
  const items = ctx.lines.map((line, index): OptimizedItem => {
    const best = ctx.best.items[index];
    const near = ctx.nearest.items[index];
    const base = {
      product_id: line.productId,
      product_name: line.name,
      quantity: line.quantity,
      alternatives: alternativesOf(best, line.productId, ctx),
      original_index: index,
      unavailable_at_nearest: near.status === 'unavailable',
      nearest_store_name: nearestName,
      has_price: best.status !== 'unpriced',
      requires_manual_price: best.status === 'unpriced',
      switched: false,
    };
    if (view === 'best_prices') {
      const storeId = best.storeId;
      return {
        ...base,
        status: best.status,
        selected_store_id: storeId,
        selected_store_name: storeId ? (ctx.stores.get(storeId)?.name ?? null) : null,
        unit_price: best.unitPrice,
        total_price: best.totalPrice,
        is_nearest_store: storeId !== null && storeId === nearestId,
        distance: distanceTo(ctx.stores, ctx.position, storeId),
        stale_price: best.status === 'priced' && isStaleAt(ctx, line.productId, storeId),
      };
    }
    const available = near.status === 'available';
    return {
      ...base,
      status: near.status === 'available' ? 'priced' : near.status === 'unavailable' ? 'unavailable_at_nearest' : 'unpriced',
      selected_store_id: available ? nearestId : null,
      selected_store_name: available ? nearestName : null,
      unit_price: near.unitPrice,
      total_price: near.totalPrice,
      is_nearest_store: available,
      distance: available ? round2(ctx.nearest.distanceKm ?? 0) : null,
      stale_price: available && isStaleAt(ctx, line.productId, nearestId),
    };
  });
  return withTotals(
    {
      view_type: view,
      items,
      currency: 'XAF',
      optimization_score: ctx.summary.optimizationScore,
      total_savings: ctx.summary.totalSavings,
      best_prices_total: ctx.best.totalCost,
      nearest_store_total: ctx.nearest.totalCost,
      nearest_store: nearestId && nearestName ? { store_id: nearestId, store_name: nearestName, distance: round2(ctx.nearest.distanceKm ?? 0) } : null,
      max_stores: ctx.maxStores,
      priced_count: ctx.best.pricedCount,
      covered_count: 0,
      user_position: { ...ctx.position, fallback: ctx.fallbackPosition },
    },
    ctx.stores,
    ctx.storeFee,
  );
}

type WithoutTotals = Omit<OptimisationResult, 'total_items_cost' | 'delivery_fee' | 'total_cost' | 'stores_involved' | 'store_count' | 'stale_count'>;

/**
 * Totals from the items as they stand: Σ total price of the priced items, one delivery fee per
 * distinct store (spec: 2000 XAF per store involved, a single store is 2000), none once the items
 * total reaches the free-delivery threshold (25 000 XAF).
 */
export function withTotals(result: WithoutTotals, stores: Map<string, StoreInfo>, storeFee: number, freeDeliveryFrom: number = OPTIMISER.freeDeliveryThresholdXaf): OptimisationResult {
  const involved = new Map<string, StoreInvolved>();
  let itemsCost = 0;
  let covered = 0;
  for (const item of result.items) {
    if (item.status !== 'priced' || !item.selected_store_id || item.total_price === null) continue;
    itemsCost += item.total_price;
    covered += 1;
    const store = stores.get(item.selected_store_id);
    const entry = involved.get(item.selected_store_id) ?? {
      store_id: item.selected_store_id,
      store_name: item.selected_store_name ?? store?.name ?? '',
      address: store?.address ?? '',
      latitude: store?.latitude ?? 0,
      longitude: store?.longitude ?? 0,
      distance: item.distance,
      item_count: 0,
      subtotal: 0,
      delivery_fee: 0,
    };
    entry.item_count += 1;
    entry.subtotal += item.total_price;
    involved.set(item.selected_store_id, entry);
  }
  const free = itemsCost >= freeDeliveryFrom;
  const storesInvolved = [...involved.values()]
    .map((store) => ({ ...store, delivery_fee: free ? 0 : storeFee }))
    .sort((a, b) => b.subtotal - a.subtotal || a.store_name.localeCompare(b.store_name, 'fr'));
  const deliveryFee = free ? 0 : storeFee * storesInvolved.length;
  return {
    ...result,
    covered_count: covered,
    total_items_cost: itemsCost,
    delivery_fee: deliveryFee,
    total_cost: itemsCost + deliveryFee,
    stores_involved: storesInvolved,
    store_count: storesInvolved.length,
    stale_count: result.items.filter((item) => item.status === 'priced' && item.stale_price).length,
  };
}

/**
 * The result after the item at `index` is bought at `storeId`, which must be one of the stores
 * pricing it. Totals and fees follow; in the best-prices view the savings and score are those of
 * the edited plan against the same nearest-store plan.
 */
export function switchItemStore(result: OptimisationResult, basis: OptimisationBasis, index: number, storeId: string): OptimisationResult | null {
  const stores = new Map(basis.stores.map((s) => [s.id, s]));
  const item = result.items[index];
  const alternative = item?.alternatives.find((a) => a.store_id === storeId);
  if (!item || !alternative) return null;
  const items = result.items.map((it, i): OptimizedItem => {
    if (i !== index) return it;
    return {
      ...it,
      status: 'priced',
      selected_store_id: alternative.store_id,
      selected_store_name: alternative.store_name,
      unit_price: alternative.price,
      total_price: alternative.total_price,
      is_nearest_store: result.nearest_store?.store_id === alternative.store_id,
      distance: alternative.distance,
      stale_price: alternative.stale,
      switched: it.selected_store_id !== alternative.store_id || it.switched,
    };
  });
  const next = withTotals({ ...result, items }, stores, basis.store_fee);
  if (result.view_type !== 'best_prices') return next;
  const summary = summarisePlans(asBasketPlan(next), basis.nearest, basis.store_fee);
  return { ...next, total_savings: summary.totalSavings, optimization_score: summary.optimizationScore, best_prices_total: next.total_cost };
}

/** The edited best-prices result in the solver's plan form, for summarisePlans. */
function asBasketPlan(result: OptimisationResult): BasketPlan {
  return {
    items: result.items.map((item, index) => ({
      index,
      status: item.status === 'priced' ? 'priced' : item.status === 'unpriced' ? 'unpriced' : 'not_obtainable',
      storeId: item.selected_store_id,
      unitPrice: item.unit_price,
      totalPrice: item.total_price,
      alternatives: [],
    })),
    storeIds: result.stores_involved.map((s) => s.store_id),
    itemsCost: result.total_items_cost,
    deliveryFee: result.delivery_fee,
    totalCost: result.total_cost,
    coveredCount: result.covered_count,
    pricedCount: result.priced_count,
  };
}
