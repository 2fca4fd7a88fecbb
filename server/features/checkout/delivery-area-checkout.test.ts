// Issue 28, item 5, after the optimiser: a client may send create-cart and book-delivery anything.
// Every store of a cart must lie within the delivery area (OPTIMISER.deliveryRadiusKm) of the
// cart's delivery position, checked when the cart is made and again when it is booked; a refused
// request answers in French and writes nothing.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingResult, CreateCartResult } from '#contract/checkout';
import { OPTIMISER } from '#contract/constants';
import { addDays, formatOneDecimal, todayInGabon } from '#contract/format';
import type { ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import type { OptimizeResponse } from '#contract/optimiser';
import type { PaymentMethod } from '#contract/payments';
import { carts, currentPrices, notifications, orders, payments, products, shoppingLists, stores } from '../../db/schema';
import { haversineKm, type LatLng } from '../../platform/geo';
import { AREA_POSITIONS, LIBREVILLE, placeStores } from '../../test/delivery-area-fixture';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
const FRANCEVILLE = { latitude: -1.63, longitude: 13.58 };
const POSITIONS = { ...AREA_POSITIONS, franceville: { latitude: -1.625, longitude: 13.583 }, mover: { latitude: 0.41, longitude: 9.46 } };
type Key = keyof typeof POSITIONS;
let storeIds: Record<Key, string>;
let storeNames: Record<Key, string>;
let rice: string;
let oil: string;
let bread: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  const tag = randomUUID().slice(0, 6);
  ({ ids: storeIds, names: storeNames } = await placeStores(ctx.db, POSITIONS));
  const [r, o, b] = await ctx.db
    .insert(products)
    .values([`Riz panier ${tag}`, `Huile panier ${tag}`, `Pain panier ${tag}`].map((name) => ({ name, category: 'Épicerie' })))
    .returning({ id: products.id });
  [rice, oil, bread] = [r.id, o.id, b.id];
  const observedAt = new Date();
  const price = (productId: string, k: Key, priceXaf: number) => ({ productId, storeId: storeIds[k], priceXaf, observedAt });
  await ctx.db.insert(currentPrices).values([
    price(rice, 'franceville', 500),
    price(rice, 'edgeOut', 600),
    price(rice, 'owendo', 1200),
    price(rice, 'libreville', 1500),
    price(oil, 'franceville', 400),
    price(oil, 'edgeIn', 1800),
    price(oil, 'libreville', 2000),
    // Only at the store that moves (the booking tests).
    price(bread, 'mover', 300),
  ]);
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);
const outsideDetail = (key: Key, from: LatLng) => fr.checkoutUi.storeOutsideDeliveryArea(storeNames[key], formatOneDecimal(haversineKm(from, POSITIONS[key])), OPTIMISER.deliveryRadiusKm);
const line = (productId: string, key: Key, unitPrice?: number) => ({ product_id: productId, quantity: 1, store_id: storeIds[key], store_name: storeNames[key], unit_price: unitPrice });

async function optimise(who: SignedIn, from: LatLng, productIds: string[] = [rice, oil], listId: string | null = null): Promise<OptimizeResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shopping/optimize',
    headers: as(who),
    payload: { items: productIds.map((product_id) => ({ product_id, quantity: 1 })), user_latitude: from.latitude, user_longitude: from.longitude, shopping_list_id: listId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const createCart = (who: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/shopping/create-cart', headers: as(who), payload });

/** Everything a request could have written for a user: carts, lists, orders, payments, notifications. */
async function footprint(who: SignedIn) {
  const userOrders = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, who.user.id));
  const userPayments = (await Promise.all(userOrders.map((o) => ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, o.id))))).flat();
  return {
    carts: (await ctx.db.select({ id: carts.id, status: carts.status, updatedAt: carts.updatedAt }).from(carts).where(eq(carts.userId, who.user.id))).sort((a, b) => a.id.localeCompare(b.id)),
    lists: (await ctx.db.select({ id: shoppingLists.id, status: shoppingLists.status }).from(shoppingLists).where(eq(shoppingLists.userId, who.user.id))).sort((a, b) => a.id.localeCompare(b.id)),
    orders: userOrders.length,
    payments: userPayments.length,
    notifications: (await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, who.user.id))).length,
  };
}

describe('POST /api/shopping/create-cart keeps to the delivery area', () => {
  it("refuses Franceville's cheaper rice in a cart from a Libreville optimisation, in French, and saves nothing", async () => {
    const opt = await optimise(alice, LIBREVILLE);
    expect(opt.optimization.items.map((i) => i.selected_store_id)).not.toContain(storeIds.franceville);
    const before = await footprint(alice);
    const res = await createCart(alice, { items: [line(rice, 'franceville', 500), line(oil, 'libreville', 2000)], view_type: 'best_prices', optimization_cart_id: opt.cart_id });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'STORE_OUTSIDE_DELIVERY_AREA' });
    expect(detailOf(res)).toBe(fr.optimiser.cartError(outsideDetail('franceville', LIBREVILLE)));
    expect(detailOf(res)).toMatch(new RegExp(`^Erreur lors de l'ajout au panier: ${storeNames.franceville} est à 5\\d\\d,\\d km de votre position de livraison, hors de la zone de livraison \\(50 km au plus\\)\\.`));
    // Not even the draft optimisation was touched.
    expect(await footprint(alice)).toEqual(before);
  });

  it('draws the line at the radius: a store 1 km beyond it is refused, one 1 km inside it is taken', async () => {
    const opt = await optimise(alice, LIBREVILLE);
    const beyond = await createCart(alice, { items: [line(rice, 'edgeOut')], optimization_cart_id: opt.cart_id });
    expect(beyond.statusCode, beyond.body).toBe(422);
    expect(detailOf(beyond)).toBe(fr.optimiser.cartError(outsideDetail('edgeOut', LIBREVILLE)));
    const inside = await createCart(alice, { items: [line(oil, 'edgeIn')], optimization_cart_id: opt.cart_id });
    expect(inside.statusCode, inside.body).toBe(201);
  });

  it('a position the request gives is the delivery position: Libreville with Franceville stores is refused, Franceville with them is fine', async () => {
    const before = await footprint(alice);
    const fromLibreville = await createCart(alice, { items: [line(rice, 'franceville')], user_latitude: LIBREVILLE.latitude, user_longitude: LIBREVILLE.longitude });
    expect(fromLibreville.statusCode, fromLibreville.body).toBe(422);
    expect(detailOf(fromLibreville)).toBe(fr.optimiser.cartError(outsideDetail('franceville', LIBREVILLE)));
    expect(await footprint(alice)).toEqual(before);

    const fromFranceville = await createCart(alice, { items: [line(rice, 'franceville'), line(oil, 'franceville')], user_latitude: FRANCEVILLE.latitude, user_longitude: FRANCEVILLE.longitude });
    expect(fromFranceville.statusCode, fromFranceville.body).toBe(201);
    expect(fromFranceville.json()).toMatchObject({ total_items_cost: 900, delivery_fee: OPTIMISER.storeFeeXaf });
  });

  it('an optimisation re-used after the user moved to Franceville cannot send an agent back to Libreville', async () => {
    const opt = await optimise(alice, LIBREVILLE);
    const before = await footprint(alice);
    const res = await createCart(alice, { items: [line(rice, 'owendo')], optimization_cart_id: opt.cart_id, user_latitude: FRANCEVILLE.latitude, user_longitude: FRANCEVILLE.longitude });
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res)).toBe(fr.optimiser.cartError(outsideDetail('owendo', FRANCEVILLE)));
    expect(await footprint(alice)).toEqual(before);
  });

  it('without any position (no optimisation, no coordinates) there is no delivery area: refused, and half a position is invalid', async () => {
    const before = await footprint(alice);
    const none = await createCart(alice, { items: [line(rice, 'libreville')] });
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json()).toEqual({ code: 'DELIVERY_POSITION_UNKNOWN', detail: "Erreur lors de l'ajout au panier: Position de livraison inconnue. Relancez l'optimisation de votre liste depuis votre position." });
    const half = await createCart(alice, { items: [line(rice, 'libreville')], user_latitude: LIBREVILLE.latitude });
    expect(half.statusCode, half.body).toBe(400);
    expect(await footprint(alice)).toEqual(before);
  });

  it("another user's optimisation lends no position: 404 and nothing saved", async () => {
    const opt = await optimise(alice, LIBREVILLE);
    const before = await footprint(bob);
    const res = await createCart(bob, { items: [line(rice, 'libreville')], optimization_cart_id: opt.cart_id });
    expect(res.statusCode, res.body).toBe(404);
    expect(await footprint(bob)).toEqual(before);
  });

  it("an in-area cart still works, at the server's prices and stores, and is booked to the optimisation's position", async () => {
    const opt = await optimise(bob, LIBREVILLE);
    // Owendo's rice is in the area even where the optimiser preferred another store: allowed, at its own price.
    const res = await createCart(bob, {
      items: [{ ...line(rice, 'owendo', 1), store_name: 'Magasin imaginaire', total_price: 1 }, line(oil, 'libreville', 2000)],
      total_cost: 2,
      optimization_cart_id: opt.cart_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const cart = res.json() as CreateCartResult;
    expect(cart).toMatchObject({ total_items_cost: 1200 + 2000, delivery_fee: 2 * OPTIMISER.storeFeeXaf, price_changed: true });
    const [row] = await ctx.db.select().from(carts).where(eq(carts.id, cart.cart_id));
    const stored = row.optimization as { user_position: unknown; items: { selected_store_name: string; unit_price: number }[] };
    expect(stored.user_position).toEqual({ ...LIBREVILLE, fallback: false });
    expect(stored.items.map((i) => [i.selected_store_name, i.unit_price])).toEqual([
      [storeNames.owendo, 1200],
      [storeNames.libreville, 2000],
    ]);

    const booked = await book(bob, cart.cart_id, (await method(bob, 'cash')).id);
    expect(booked.statusCode, booked.body).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, (booked.json() as BookingResult).order_id));
    expect(order).toMatchObject({ latitude: LIBREVILLE.latitude, longitude: LIBREVILLE.longitude, totalAmountXaf: cart.total_cost });
  });
});

async function method(who: SignedIn, type: 'cash' | 'airtel_money'): Promise<PaymentMethod> {
  const details = type === 'cash' ? { payment_on_delivery: true } : { phone_number: '+241 07 12 34 56' };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/user/payment-methods', headers: as(who), payload: { method_type: type, display_name: type, details } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function book(who: SignedIn, cartId: string, paymentMethodId: string) {
  const query = new URLSearchParams({ cart_id: cartId, delivery_address: 'Quartier Louis, Libreville', delivery_date: addDays(todayInGabon(ctx.clock.now()), 1), delivery_time_slot: 'morning', payment_method_id: paymentMethodId });
  return ctx.app.inject({ method: 'POST', url: `/api/shopping/book-delivery?${query}`, headers: as(who) });
}

async function newList(who: SignedIn, productIds: string[]): Promise<ShoppingList> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: as(who), payload: { name: 'Liste du quartier', items: productIds.map((product_id) => ({ product_id, quantity: 1 })) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A cart row as create-cart wrote it before the area was checked (or before it required a position). */
async function legacyCart(who: SignedIn, userPosition: { latitude: number; longitude: number; fallback: boolean }, key: Key, productId: string, priceXaf: number): Promise<string> {
  const now = ctx.clock.now();
  const item = {
    product_id: productId,
    product_name: 'Riz',
    quantity: 1,
    status: 'priced',
    selected_store_id: storeIds[key],
    selected_store_name: storeNames[key],
    unit_price: priceXaf,
    total_price: priceXaf,
    alternatives: [],
  };
  const optimization = { view_type: 'best_prices', items: [item], user_position: userPosition, total_items_cost: priceXaf, delivery_fee: OPTIMISER.storeFeeXaf, total_cost: priceXaf + OPTIMISER.storeFeeXaf };
  const [row] = await ctx.db
    .insert(carts)
    .values({ userId: who.user.id, viewType: 'best_prices', optimization, totalItemsCostXaf: priceXaf, deliveryFeeXaf: OPTIMISER.storeFeeXaf, totalCostXaf: priceXaf + OPTIMISER.storeFeeXaf, status: 'open', createdAt: now, updatedAt: now })
    .returning({ id: carts.id });
  return row.id;
}

describe('POST /api/shopping/book-delivery checks the cart against its delivery position again', () => {
  it('a store that moved 500 km away since the cart was made: booking refused in French, no order, no payment, the list still active; once back, it books', async () => {
    const list = await newList(alice, [bread]);
    const opt = await optimise(alice, LIBREVILLE, [bread], list.id);
    const made = await createCart(alice, { items: [line(bread, 'mover')], optimization_cart_id: opt.cart_id, shopping_list_id: list.id });
    expect(made.statusCode, made.body).toBe(201);
    const { cart_id } = made.json() as CreateCartResult;
    const airtel = await method(alice, 'airtel_money');

    await ctx.db.update(stores).set(FRANCEVILLE).where(eq(stores.id, storeIds.mover));
    try {
      const before = await footprint(alice);
      const res = await book(alice, cart_id, airtel.id);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'STORE_OUTSIDE_DELIVERY_AREA' });
      // Booking shows the server's detail as it is (spec), without create-cart's prefix.
      expect(detailOf(res)).toBe(fr.checkoutUi.storeOutsideDeliveryArea(storeNames.mover, formatOneDecimal(haversineKm(LIBREVILLE, FRANCEVILLE)), OPTIMISER.deliveryRadiusKm));
      const after = await footprint(alice);
      expect(after).toEqual(before);
      expect(after.lists.find((l) => l.id === list.id)?.status).toBe('active');
      expect(after.carts.find((c) => c.id === cart_id)?.status).toBe('open');

      // Bob cannot book Alice's cart either way.
      const bobs = await book(bob, cart_id, (await method(bob, 'cash')).id);
      expect(bobs.statusCode).toBe(404);
    } finally {
      await ctx.db.update(stores).set(POSITIONS.mover).where(eq(stores.id, storeIds.mover));
    }

    const res = await book(alice, cart_id, airtel.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', payment: { status: 'pending', method_type: 'airtel_money' } });
    const [order] = await ctx.db.select().from(orders).where(and(eq(orders.cartId, cart_id), eq(orders.userId, alice.user.id)));
    expect(order).toMatchObject({ latitude: LIBREVILLE.latitude, longitude: LIBREVILLE.longitude });
  });

  it('a cart saved before the area was checked, delivered in Libreville with a Franceville store, is refused at booking', async () => {
    const cartId = await legacyCart(alice, { ...LIBREVILLE, fallback: false }, 'franceville', rice, 500);
    const cash = await method(alice, 'cash');
    const before = await footprint(alice);
    const res = await book(alice, cartId, cash.id);
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res)).toBe(outsideDetail('franceville', LIBREVILLE));
    expect(await footprint(alice)).toEqual(before);
  });

  it('a cart saved before create-cart required a position (the {0, 0} placeholder) asks for a new optimisation', async () => {
    const cartId = await legacyCart(alice, { latitude: 0, longitude: 0, fallback: true }, 'libreville', rice, 1500);
    const cash = await method(alice, 'cash');
    const before = await footprint(alice);
    const res = await book(alice, cartId, cash.id);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ code: 'DELIVERY_POSITION_UNKNOWN', detail: "Position de livraison inconnue. Relancez l'optimisation de votre liste depuis votre position." });
    expect(await footprint(alice)).toEqual(before);
  });
});
