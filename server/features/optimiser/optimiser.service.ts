// The optimiser behind POST /api/shopping/optimize: reads the list's current prices and the stores'
// positions from the database, runs the pure solvers (server/optimiser) for both plans, and keeps
// the chosen view on a draft cart so that store switches can be applied to it.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DemoItem, DemoOptimization, DemoView, OptimizeRequestSchema, OptimizeResponse, Optimization, StoreSubtotal, ViewType } from '#contract/optimiser';
import { deliveryFeeXaf, OPTIMISER, OPTIMISER_FALLBACK_POSITION } from '#contract/optimiser';
import { isStale } from '#contract/prices';
import type { DbOrTx } from '../../db/client';
import { carts, currentPrices, products, shoppingLists, stores } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { haversineKm, isValidPosition, type LatLng } from '../../platform/geo';
import { planBestPrices } from '../../optimiser/best-prices';
import { DEMO_ITEMS, DEMO_STORES, planDemoBasket } from '../../optimiser/demo-basket';
import { planNearestStore } from '../../optimiser/nearest-store';
import { summarisePlans } from '../../optimiser/summary';
import type { BasketItem, BasketPlan, NearestStorePlan, Offer } from '../../optimiser/types';
import { exactProductIds } from '../lists/lists.service';
import { isInDeliveryArea } from './delivery-area';
import { buildView, priceKey, type BasketLine, type OptimisationBasis, type OptimisationResult, type StoreInfo } from './optimisation-view';

export type OptimiseRequest = z.output<typeof OptimizeRequestSchema>;

export type OptimiseInput = {
  items: { product_id?: string | null; product_name: string; quantity: number }[];
  position: LatLng | null;
  maxStores: number;
  preferredStores: string[];
  view: ViewType;
};

type PriceRow = { productId: string; storeId: string; price: number; observedAt: Date; name: string; address: string; latitude: number; longitude: number };

async function loadPrices(db: DbOrTx, productIds: string[], onlyStores: string[]): Promise<PriceRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: currentPrices.productId,
      storeId: currentPrices.storeId,
      price: currentPrices.priceXaf,
      observedAt: currentPrices.observedAt,
      name: stores.name,
      address: stores.address,
      latitude: stores.latitude,
      longitude: stores.longitude,
    })
    .from(currentPrices)
    .innerJoin(stores, eq(stores.id, currentPrices.storeId))
    .where(and(inArray(currentPrices.productId, productIds), onlyStores.length ? inArray(currentPrices.storeId, onlyStores) : undefined));
}

/**
 * Both plans for a list and the result of the requested view. A catalogue line is priced by its
 * product; a manual line only when its name is exactly one catalogue product's (otherwise it is
 * unpriced: has_price false, requires_manual_price true). Only the stores within
 * OPTIMISER.deliveryRadiusKm of the user's position take part: a Libreville basket is not bought
 * in Port-Gentil.
 */
export async function computeOptimisation(deps: AppDeps, input: OptimiseInput): Promise<{ result: OptimisationResult; basis: OptimisationBasis }> {
  const { db } = deps;
  const manual = input.items.map((item, index) => ({ item, index })).filter(({ item }) => !item.product_id);
  const matched = await exactProductIds(db, manual.map(({ item }) => item.product_name));
  const pricingIds = input.items.map((item) => item.product_id ?? null);
  manual.forEach(({ index }, k) => (pricingIds[index] = matched[k]));

  const fallbackPosition = !input.position || !isValidPosition(input.position);
  const position = fallbackPosition ? { ...OPTIMISER_FALLBACK_POSITION } : input.position!;
  const ids = [...new Set(pricingIds.filter((id): id is string => Boolean(id)))];
  const [names, allPrices] = await Promise.all([
    ids.length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids)) : [],
    loadPrices(db, ids, input.preferredStores),
  ]);
  // Only stores that can deliver to the user: within the delivery radius of the position.
  const prices = allPrices.filter((row) => isInDeliveryArea(position, row));
  const nameOf = new Map(names.map((p) => [p.id, p.name]));
  const offersOf = new Map<string, Offer[]>();
  const storeInfo = new Map<string, StoreInfo>();
  const now = deps.now();
  const stalePrices = new Set(prices.filter((row) => isStale(row.observedAt, now)).map((row) => priceKey(row.productId, row.storeId)));
  for (const row of prices) {
    const list = offersOf.get(row.productId) ?? [];
    list.push({ storeId: row.storeId, unitPrice: row.price });
    offersOf.set(row.productId, list);
    storeInfo.set(row.storeId, { id: row.storeId, name: row.name, address: row.address, latitude: row.latitude, longitude: row.longitude });
  }

  const lines: BasketLine[] = input.items.map((item, index) => {
    const productId = pricingIds[index];
    const name = item.product_name || (productId ? nameOf.get(productId) : undefined) || '';
    return { productId: productId && nameOf.has(productId) ? productId : null, name, quantity: item.quantity };
  });
  const basket: BasketItem[] = lines.map((line) => ({ quantity: line.quantity, offers: line.productId ? (offersOf.get(line.productId) ?? []) : [] }));

  const storeFee = OPTIMISER.storeFeeXaf;
  const freeDeliveryFrom = OPTIMISER.freeDeliveryThresholdXaf;
  // Among plans of equal cost and number of stores, the nearer stores win (whole metres: exact sums).
  const storeDistances = new Map([...storeInfo.values()].map((s) => [s.id, Math.round(haversineKm(position, s) * 1000)]));
  const best: BasketPlan = planBestPrices({ items: basket, maxStores: input.maxStores, storeFee, freeDeliveryFrom, storeDistances });
  const nearest: NearestStorePlan = planNearestStore({
    items: basket,
    stores: [...storeInfo.values()].map((s) => ({ storeId: s.id, position: { latitude: s.latitude, longitude: s.longitude } })),
    userPosition: position,
    storeFee,
    freeDeliveryFrom,
  });
  const summary = summarisePlans(best, nearest, storeFee);
  const result = buildView(input.view, {
    lines,
    best,
    nearest,
    summary,
    stores: storeInfo,
    position,
    fallbackPosition,
    maxStores: input.maxStores,
    storeFee,
    stalePrices,
  });
  return { result, basis: { store_fee: storeFee, nearest, max_stores: input.maxStores, stores: [...storeInfo.values()] } };
}

/**
 * What carts.optimization holds: the result the user sees, (hidden) what a switch needs, and once
 * booked, the list that received the items the cart left out.
 */
export type StoredOptimisation = OptimisationResult & { basis?: OptimisationBasis; remaining_list_id?: string };

export function publicOptimisation(stored: StoredOptimisation, cartId: string): Optimization {
  const { basis: _basis, remaining_list_id: _remaining, ...result } = stored;
  return { ...result, cart_id: cartId };
}

export async function optimizeAndSaveCart(deps: AppDeps, principal: Principal, request: OptimiseRequest): Promise<OptimizeResponse> {
  if (request.shopping_list_id) {
    const [own] = await deps.db
      .select({ id: shoppingLists.id })
      .from(shoppingLists)
      .where(and(eq(shoppingLists.id, request.shopping_list_id), eq(shoppingLists.userId, principal.userId)));
    if (!own) throw new AppError('LIST_NOT_FOUND');
  }
  const position = request.user_latitude != null && request.user_longitude != null ? { latitude: request.user_latitude, longitude: request.user_longitude } : null;
  const { result, basis } = await computeOptimisation(deps, {
    items: request.items,
    position,
    maxStores: request.preferences.max_stores,
    preferredStores: request.preferences.preferred_stores,
    view: request.view_type,
  });
  const now = deps.now();
  const stored: StoredOptimisation = { ...result, basis };
  const [cart] = await deps.db
    .insert(carts)
    .values({
      userId: principal.userId,
      shoppingListId: request.shopping_list_id ?? null,
      viewType: request.view_type,
      optimization: stored as unknown as Record<string, unknown>,
      totalItemsCostXaf: result.total_items_cost,
      deliveryFeeXaf: result.delivery_fee,
      totalCostXaf: result.total_cost,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: carts.id });
  return { optimization: publicOptimisation(stored, cart.id), cart_id: cart.id };
}

/** The public demo: the fixed basket of server/optimiser/demo-basket.ts through the real solvers. */
export function demoOptimization(): DemoOptimization {
  const { best, nearest, summary } = planDemoBasket();
  const storeName = (id: string | null) => DEMO_STORES.find((s) => s.storeId === id)?.name ?? null;
  const nearestStore = DEMO_STORES.find((s) => s.storeId === nearest.storeId);
  const km = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
  const distanceOf = (id: string | null) => {
    if (!id || !nearestStore) return null;
    return id === nearest.storeId ? km(nearest.distanceKm) : null;
  };
  const alternatives = (index: number) => best.items[index].alternatives.map((a) => ({ store_id: a.storeId, store_name: storeName(a.storeId) ?? '', price: a.unitPrice }));

  const bestViewItems = DEMO_ITEMS.map((item, index) => {
      const planned = best.items[index];
      return {
        product_id: `demo-${index + 1}`,
        product_name: item.name,
        quantity: item.quantity,
        selected_store_id: planned.storeId,
        selected_store_name: storeName(planned.storeId),
        unit_price: planned.unitPrice,
        total_price: planned.totalPrice,
        is_nearest_store: planned.storeId === nearest.storeId,
        distance: distanceOf(planned.storeId),
        alternatives: alternatives(index),
      };
    });
  const bestView: DemoView = {
    items: bestViewItems,
    total_items_cost: best.itemsCost,
    delivery_fee: best.deliveryFee,
    total_cost: best.totalCost,
    stores_involved: best.storeIds.map((id) => storeName(id) ?? id),
    stores: demoStores(bestViewItems),
  };
  const nearestViewItems = DEMO_ITEMS.map((item, index) => {
      const planned = nearest.items[index];
      const available = planned.status === 'available';
      return {
        product_id: `demo-${index + 1}`,
        product_name: item.name,
        quantity: item.quantity,
        selected_store_id: available ? nearest.storeId : null,
        selected_store_name: available ? storeName(nearest.storeId) : null,
        unit_price: planned.unitPrice,
        total_price: planned.totalPrice,
        is_nearest_store: available,
        distance: available ? km(nearest.distanceKm) : null,
        alternatives: alternatives(index),
      };
    });
  const nearestView: DemoOptimization['nearest_store'] = {
    items: nearestViewItems,
    total_items_cost: nearest.itemsCost,
    delivery_fee: nearest.deliveryFee,
    total_cost: nearest.totalCost,
    stores_involved: nearest.storeId ? [storeName(nearest.storeId) ?? nearest.storeId] : [],
    stores: demoStores(nearestViewItems),
    store_name: storeName(nearest.storeId),
    distance: km(nearest.distanceKm),
  };
  /** Per store of a view: its items, their subtotal and its delivery fee (one per store, none once the items reach the free-delivery threshold). */
  function demoStores(items: DemoItem[]): StoreSubtotal[] {
    const itemsCost = items.reduce((sum, item) => sum + (item.total_price ?? 0), 0);
    const stores = new Map<string, StoreSubtotal>();
    for (const item of items) {
      if (!item.selected_store_id || item.total_price === null) continue;
      const store = stores.get(item.selected_store_id) ?? {
        store_id: item.selected_store_id,
        store_name: item.selected_store_name ?? '',
        distance: item.distance,
        item_count: 0,
        subtotal: 0,
        delivery_fee: deliveryFeeXaf(itemsCost, 1),
      };
      store.item_count += 1;
      store.subtotal += item.total_price;
      stores.set(store.store_id, store);
    }
    return [...stores.values()].sort((x, y) => y.subtotal - x.subtotal);
  }

  return {
    best_prices: bestView,
    nearest_store: nearestView,
    total_savings: summary.totalSavings,
    optimization_score: summary.optimizationScore,
    difference: nearest.totalCost - best.totalCost,
  };
}
