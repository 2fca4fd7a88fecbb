// Carts: an optimisation kept as a draft (store switches apply to it), and the cart the user
// adds to, whose items, stores and prices are frozen from the current prices on the server.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateCartResult, CreateCartSchema } from '#contract/checkout';
import { OPTIMISER, type OptimizedItem, type Optimization, type ViewType } from '#contract/optimiser';
import { fr } from '#contract/messages';
import { isStale } from '#contract/prices';
import type { DbOrTx } from '../../db/client';
import { carts, currentPrices, products, stores } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { formatOneDecimal } from '#contract/format';
import type { LatLng } from '../../platform/geo';
import { isUuid } from '../../platform/ids';
import { findOwnList } from '../lists/lists.service';
import { firstStoreOutsideArea } from '../optimiser/delivery-area';
import { priceKey, withTotals, type StoreInfo, switchItemStore } from '../optimiser/optimisation-view';
import { publicOptimisation, type StoredOptimisation } from '../optimiser/optimiser.service';

type CartRow = typeof carts.$inferSelect;

export async function findOwnCart(db: DbOrTx, userId: string, cartId: string, forUpdate = false): Promise<CartRow> {
  if (!isUuid(cartId)) throw new AppError('CART_NOT_FOUND');
  const query = db.select().from(carts).where(and(eq(carts.id, cartId), eq(carts.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('CART_NOT_FOUND');
  return row;
}

/** POST /api/shopping/switch-store: buys one item of an optimisation at another store that prices it. */
export async function switchStore(deps: AppDeps, principal: Principal, cartId: string, itemIndex: number, storeId: string): Promise<{ optimization: Optimization }> {
  return deps.db.transaction(async (tx) => {
    const cart = await findOwnCart(tx, principal.userId, cartId, true);
    if (cart.status !== 'draft') throw new AppError('CART_ALREADY_BOOKED');
    const stored = cart.optimization as unknown as StoredOptimisation;
    if (!stored.basis) throw new AppError('SWITCH_STORE_INVALID');
    const next = switchItemStore(stored, stored.basis, itemIndex, storeId);
    if (!next) throw new AppError('SWITCH_STORE_INVALID');
    const saved: StoredOptimisation = { ...next, basis: stored.basis };
    await tx
      .update(carts)
      .set({ optimization: saved as unknown as Record<string, unknown>, totalItemsCostXaf: next.total_items_cost, deliveryFeeXaf: next.delivery_fee, totalCostXaf: next.total_cost, updatedAt: deps.now() })
      .where(eq(carts.id, cart.id));
    return { optimization: publicOptimisation(saved, cart.id) };
  });
}

type CreateCartInput = z.output<typeof CreateCartSchema> & { optimization_cart_id?: string | null };
type UserPosition = StoredOptimisation['user_position'];

/**
 * Where a stored cart or optimisation is delivered: the position its stores were chosen for (the
 * optimiser's fallback position when the browser gave none). Null when unknown: carts made before
 * create-cart required a position hold a {0, 0} placeholder there.
 */
export function deliveryPositionOf(stored: Pick<StoredOptimisation, 'user_position'> | null | undefined): UserPosition | null {
  const position = stored?.user_position;
  if (!position || typeof position.latitude !== 'number' || typeof position.longitude !== 'number') return null;
  if (position.fallback && position.latitude === 0 && position.longitude === 0) return null;
  return position;
}

/**
 * Refuses (422, before anything is written) a cart with a store outside the delivery area of its
 * delivery position: an agent would be sent to shop hundreds of kilometres from the customer.
 * `wrap` dresses the message for the step that refuses (create-cart's spec prefix).
 */
export function assertStoresInDeliveryArea(position: LatLng, cartStores: Iterable<StoreInfo>, wrap: (detail: string) => string = (d) => d): void {
  const outside = firstStoreOutsideArea(position, cartStores);
  if (!outside) return;
  const detail = fr.checkoutUi.storeOutsideDeliveryArea(outside.store.name, formatOneDecimal(outside.distanceKm), OPTIMISER.deliveryRadiusKm);
  throw new AppError('STORE_OUTSIDE_DELIVERY_AREA', wrap(detail));
}

/**
 * POST /api/shopping/create-cart. Each line must be priced by its store today; the price used is
 * the current one (price_changed tells the client when it differs from what it showed). Every
 * store must lie within the delivery area of the delivery position: the one the request gives, or
 * else the position of the optimisation the cart comes from (one of them is required).
 */
export async function createCart(deps: AppDeps, principal: Principal, input: CreateCartInput): Promise<CreateCartResult> {
  const { db } = deps;
  if (input.shopping_list_id) await findOwnList(db, principal.userId, input.shopping_list_id);
  // The optimisation the cart comes from (when given) lends its savings, its score and its position.
  let origin: StoredOptimisation | null = null;
  if (input.optimization_cart_id) origin = (await findOwnCart(db, principal.userId, input.optimization_cart_id)).optimization as unknown as StoredOptimisation;
  const position: UserPosition | null =
    input.user_latitude != null && input.user_longitude != null ? { latitude: input.user_latitude, longitude: input.user_longitude, fallback: false } : deliveryPositionOf(origin);
  if (!position) throw new AppError('DELIVERY_POSITION_UNKNOWN', fr.optimiser.cartError(fr.checkoutUi.deliveryPositionUnknown));

  const productIds = [...new Set(input.items.map((i) => i.product_id))];
  const storeIds = [...new Set(input.items.map((i) => i.store_id))];
  const [prices, productRows, storeRows] = await Promise.all([
    db
      .select()
      .from(currentPrices)
      .where(and(inArray(currentPrices.productId, productIds), inArray(currentPrices.storeId, storeIds))),
    db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)),
    db.select().from(stores).where(inArray(stores.id, storeIds)),
  ]);
  const priceOf = new Map(prices.map((p) => [priceKey(p.productId, p.storeId), p]));
  const now = deps.now();
  const productName = new Map(productRows.map((p) => [p.id, p.name]));
  const storeInfo = new Map<string, StoreInfo>(storeRows.map((s) => [s.id, { id: s.id, name: s.name, address: s.address, latitude: s.latitude, longitude: s.longitude }]));
  assertStoresInDeliveryArea(position, storeInfo.values(), fr.optimiser.cartError);

  let priceChanged = false;
  const items = input.items.map((line, index): OptimizedItem => {
    const current = priceOf.get(priceKey(line.product_id, line.store_id));
    const price = current?.priceXaf;
    const name = productName.get(line.product_id) ?? line.product_name ?? '';
    const store = storeInfo.get(line.store_id);
    if (current === undefined || price === undefined || !store) {
      throw new AppError('CART_PRICE_UNAVAILABLE', fr.optimiser.cartError(fr.checkoutUi.cartPriceUnavailable(name || line.product_name || '?', store?.name ?? line.store_name ?? '?')));
    }
    if (line.unit_price !== undefined && line.unit_price !== price) priceChanged = true;
    return {
      product_id: line.product_id,
      product_name: name,
      quantity: line.quantity,
      status: 'priced',
      selected_store_id: store.id,
      selected_store_name: store.name,
      unit_price: price,
      total_price: price * line.quantity,
      alternatives: [],
      has_price: true,
      requires_manual_price: false,
      original_index: index,
      is_nearest_store: false,
      unavailable_at_nearest: false,
      nearest_store_name: null,
      distance: null,
      switched: false,
      stale_price: isStale(current.observedAt, now),
    };
  });

  const result = withTotals(
    {
      view_type: input.view_type,
      items,
      currency: 'XAF',
      optimization_score: origin?.optimization_score ?? 0,
      total_savings: origin?.total_savings ?? 0,
      best_prices_total: origin?.best_prices_total ?? 0,
      nearest_store_total: origin?.nearest_store_total ?? 0,
      nearest_store: origin?.nearest_store ?? null,
      max_stores: origin?.max_stores ?? OPTIMISER.maxStores,
      priced_count: items.length,
      covered_count: items.length,
      // The position the stores were checked against: booking checks them again against it.
      user_position: position,
    },
    storeInfo,
    OPTIMISER.storeFeeXaf,
  );
  const cart = await insertCart(db, principal.userId, input.shopping_list_id ?? null, input.view_type, result, 'open', deps.now());
  return { cart_id: cart.id, total_cost: result.total_cost, total_items_cost: result.total_items_cost, delivery_fee: result.delivery_fee, price_changed: priceChanged };
}

/**
 * Booking's check of a stored cart: its delivery position is known and every store it sends the
 * agent to still stands (where it stands today) within the delivery area of that position. Catches
 * carts saved before create-cart checked the area, and stores moved or removed since. Returns the
 * position.
 */
export async function assertCartDeliverable(db: DbOrTx, stored: StoredOptimisation): Promise<UserPosition> {
  const position = deliveryPositionOf(stored);
  if (!position) throw new AppError('DELIVERY_POSITION_UNKNOWN');
  const lines = (stored.items ?? []).filter((item) => item.status === 'priced' && item.selected_store_id);
  const storeIds = [...new Set(lines.map((item) => item.selected_store_id!))];
  if (storeIds.length === 0) return position;
  const rows = await db.select({ id: stores.id, name: stores.name, address: stores.address, latitude: stores.latitude, longitude: stores.longitude }).from(stores).where(inArray(stores.id, storeIds));
  const found = new Set(rows.map((row) => row.id));
  const gone = lines.find((item) => !found.has(item.selected_store_id!));
  if (gone) throw new AppError('CART_PRICE_UNAVAILABLE', fr.checkoutUi.cartPriceUnavailable(gone.product_name || '?', gone.selected_store_name ?? '?'));
  assertStoresInDeliveryArea(position, rows);
  return position;
}

export async function insertCart(db: DbOrTx, userId: string, listId: string | null, view: ViewType, result: StoredOptimisation, status: 'draft' | 'open', now: Date): Promise<CartRow> {
  const [cart] = await db
    .insert(carts)
    .values({
      userId,
      shoppingListId: listId,
      viewType: view,
      optimization: result as unknown as Record<string, unknown>,
      totalItemsCostXaf: result.total_items_cost,
      deliveryFeeXaf: result.delivery_fee,
      totalCostXaf: result.total_cost,
      status,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return cart;
}

