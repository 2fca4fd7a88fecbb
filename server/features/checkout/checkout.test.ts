import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetails, BookingResult, CreateCartResult } from '#contract/checkout';
import { addDays, todayInGabon } from '#contract/format';
import type { ShoppingList } from '#contract/lists';
import type { OptimizeResponse } from '#contract/optimiser';
import { carts, notifications, orders, payments } from '../../db/schema';
import { createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { fixtureItems, insertBasketFixture, USER_POSITION, type BasketFixture } from '../optimiser/basket-fixture';
import { createDeliveryFromList } from './checkout.service';
import { checkoutSteps } from './checkout-fixture';

type Steps = ReturnType<typeof checkoutSteps>;

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let f: BasketFixture;
let as: Steps['as'], newList: Steps['newList'], cartFor: Steps['cartFor'], method: Steps['method'], book: Steps['book'], bookingQuery: Steps['bookingQuery'], listStatus: Steps['listStatus'];

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  f = await insertBasketFixture(ctx.db);
  ({ as, newList, cartFor, method, book, bookingQuery, listStatus } = checkoutSteps(ctx, f));
});
afterAll(() => ctx.close());

const principal = (who: SignedIn) => ({ userId: who.user.id, sessionId: 'test', userType: 'consumer' as const });

describe('POST /api/shopping/create-cart', () => {
  // Without an optimisation the request gives the delivery position (delivery-area-checkout.test.ts).
  const atUser = { user_latitude: USER_POSITION.latitude, user_longitude: USER_POSITION.longitude };

  it('freezes the items at their current server prices, whatever the client says', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shopping/create-cart',
      headers: as(alice),
      payload: { items: [{ product_id: f.products.p1, product_name: 'x', quantity: 2, store_id: f.stores.cheap, store_name: 'x', unit_price: 1, total_price: 2 }], total_cost: 3, view_type: 'best_prices', stores_involved: 1, ...atUser },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cart = res.json() as CreateCartResult;
    expect(cart).toMatchObject({ total_items_cost: 1600, delivery_fee: 2000, total_cost: 3600, price_changed: true });
    const [row] = await ctx.db.select().from(carts).where(eq(carts.id, cart.cart_id));
    expect(row).toMatchObject({ status: 'open', totalCostXaf: 3600 });
    expect((row.optimization as { items: { product_name: string; selected_store_name: string }[] }).items[0]).toMatchObject({ product_name: f.productNames.p1, selected_store_name: f.storeNames.cheap });
  });

  it('refuses an empty cart, a store that does not sell the item and a foreign list', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/shopping/create-cart', headers: as(alice), payload: { items: [], view_type: 'best_prices' } });
    expect(empty.statusCode).toBe(400);
    expect(detailOf(empty)).toBe('Aucun article sélectionné pour ajout au panier');
    const unsold = await ctx.app.inject({ method: 'POST', url: '/api/shopping/create-cart', headers: as(alice), payload: { items: [{ product_id: f.products.p5, quantity: 1, store_id: f.stores.near }], ...atUser } });
    expect(unsold.statusCode).toBe(409);
    expect(detailOf(unsold)).toMatch(/^Erreur lors de l'ajout au panier: /);
    const bobsList = await newList(bob);
    const foreign = await ctx.app.inject({ method: 'POST', url: '/api/shopping/create-cart', headers: as(alice), payload: { items: [{ product_id: f.products.p1, quantity: 1, store_id: f.stores.cheap }], shopping_list_id: bobsList.id, ...atUser } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /api/shopping/book-delivery', () => {
  it('cash on delivery: the order is confirmed at once, the list waits for delivery, the total is the cart total', async () => {
    const list = await newList(alice);
    const { cartId, total } = await cartFor(alice, list.id);
    const cash = await method(alice, 'cash');
    const res = await book(alice, bookingQuery(cartId, cash.id));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as BookingResult;
    expect(booking).toMatchObject({ status: 'confirmed', total_amount: total, payment: null, cart_id: cartId });
    expect(total).toBe(7600);
    expect(await listStatus(list.id)).toBe('pending_delivery');
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, booking.order_id));
    expect(order).toMatchObject({ paymentType: 'cash', deliveryTimeSlot: 'morning', origin: 'booking', totalAmountXaf: 7600 });
    // The list is now locked on the server too.
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/shopping-lists/${list.id}`, headers: as(alice), payload: { name: 'x', items: [{ name: 'y', quantity: 1 }] } });
    expect(edit.statusCode).toBe(409);

    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${booking.order_id}`, headers: as(alice) })).json() as BookingDetails;
    expect(details).toMatchObject({ status: 'confirmed', total_amount: 7600, delivery_fee: 4000, delivery_time_slot: 'morning', shopping_list_name: 'Liste à livrer' });
    expect(details.items).toHaveLength(4);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${booking.order_id}`, headers: as(bob) })).statusCode).toBe(404);
  });

  it('mobile money: pending until the customer confirms on the sandbox phone, then confirmed', async () => {
    const list = await newList(alice);
    const { cartId } = await cartFor(alice, list.id);
    const airtel = await method(alice, 'airtel_money');
    const booking = (await book(alice, bookingQuery(cartId, airtel.id, { delivery_time_slot: 'evening' }))).json() as BookingResult;
    expect(booking.status).toBe('pending');
    expect(booking.payment).toMatchObject({ provider: 'sandbox', test_mode: true, status: 'pending', method_type: 'airtel_money', customer_step: 'phone_confirmation', phone_number: '+241 07 12 34 56', amount: 7600 });
    expect(await listStatus(list.id)).toBe('pending_delivery');

    // Someone else cannot answer for the customer.
    const foreign = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: as(bob), payload: { approve: true } });
    expect(foreign.statusCode).toBe(404);

    const res = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: as(alice), payload: { approve: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', payment: { status: 'succeeded', customer_step: null } });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, booking.payment!.id));
    expect(payment.providerReference).toMatch(/^sbx_/);
    const titles = (await ctx.db.select().from(notifications).where(eq(notifications.userId, alice.user.id))).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Commande enregistrée', 'Commande confirmée']));

    const again = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: as(alice), payload: { approve: false } });
    expect(again.statusCode).toBe(409);
  });

  it('without Airtel credentials, Airtel Money goes to the sandbox and the Airtel callback does not exist', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/callbacks/airtel', payload: { transaction: { id: 'mp_x', status_code: 'TS' }, hash: 'eA==' } });
    expect(res.statusCode).toBe(404);
  });

  it('card declined: the order is cancelled and the list is active again', async () => {
    const list = await newList(alice);
    const { cartId } = await cartFor(alice, list.id);
    const card = await method(alice, 'card');
    const booking = (await book(alice, bookingQuery(cartId, card.id))).json() as BookingResult;
    expect(booking.payment).toMatchObject({ method_type: 'card', customer_step: 'card_authentication' });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: as(alice), payload: { approve: false } });
    expect(res.json()).toMatchObject({ status: 'cancelled', payment: { status: 'failed' } });
    expect(await listStatus(list.id)).toBe('active');
  });

  it('applies the spec messages and refuses past dates, unknown slots and foreign objects', async () => {
    const { cartId } = await cartFor(alice);
    const cash = await method(alice, 'cash');
    const bobsCash = await method(bob, 'cash');
    const cases: [Record<string, string | undefined>, number, string][] = [
      [bookingQuery(cartId, cash.id, { cart_id: undefined }), 400, "Erreur: Aucun panier de courses trouvé. Veuillez d'abord optimiser votre liste de courses."],
      [bookingQuery('00000000-0000-4000-8000-000000000000', cash.id), 404, "Erreur: Aucun panier de courses trouvé. Veuillez d'abord optimiser votre liste de courses."],
      [bookingQuery(cartId, cash.id, { delivery_address: '  ' }), 400, 'Veuillez remplir tous les champs requis'],
      [bookingQuery(cartId, cash.id, { delivery_date: undefined }), 400, 'Veuillez remplir tous les champs requis'],
      [bookingQuery(cartId, cash.id, { delivery_time_slot: undefined }), 400, 'Veuillez remplir tous les champs requis'],
      [bookingQuery(cartId, cash.id, { payment_method_id: undefined }), 400, 'Veuillez remplir tous les champs requis'],
      [bookingQuery(cartId, cash.id, { delivery_time_slot: 'midnight' }), 400, 'Créneau horaire invalide'],
      [bookingQuery(cartId, cash.id, { delivery_date: addDays(todayInGabon(), -1) }), 400, 'La date de livraison doit être au plus tôt demain'],
      [bookingQuery(cartId, cash.id, { delivery_date: todayInGabon() }), 400, 'La date de livraison doit être au plus tôt demain'],
      [bookingQuery(cartId, cash.id, { delivery_date: addDays(todayInGabon(), 61) }), 400, 'La date de livraison doit être dans les 60 prochains jours'],
      [bookingQuery(cartId, bobsCash.id), 404, 'Mode de paiement introuvable'],
    ];
    for (const [query, status, message] of cases) {
      const res = await book(alice, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
      expect(detailOf(res)).toBe(message);
    }
    const foreignCart = await book(bob, bookingQuery(cartId, bobsCash.id));
    expect(foreignCart.statusCode).toBe(404);
    // Nothing was booked by any of these.
    expect(await ctx.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
  });

  it('books a cart once: a second booking, even at the same instant, is a 409', async () => {
    const { cartId } = await cartFor(alice);
    const cash = await method(alice, 'cash');
    const [a, b] = await Promise.all([book(alice, bookingQuery(cartId, cash.id)), book(alice, bookingQuery(cartId, cash.id))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(detailOf(a.statusCode === 409 ? a : b)).toBe('Ce panier a déjà été réservé');
    const later = await book(alice, bookingQuery(cartId, cash.id));
    expect(later.statusCode).toBe(409);
    expect(await ctx.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
  });

  it('refuses to book an optimisation draft: it must be added to the cart first', async () => {
    const opt = (await ctx.app.inject({ method: 'POST', url: '/api/shopping/optimize', headers: as(alice), payload: { items: fixtureItems(f) } })).json() as OptimizeResponse;
    const cash = await method(alice, 'cash');
    const res = await book(alice, bookingQuery(opt.cart_id, cash.id));
    expect(res.statusCode).toBe(404);
  });
});

describe('the items a cart leaves out stay on a list', () => {
  const listItems = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/${id}`, headers: as(alice) })).json() as ShoppingList;

  it('booking the nearest-store cart keeps the missing and unpriced items on a new active list', async () => {
    // The nearest store lacks p5 and nothing prices p4: the cart holds 3 of the 5 items.
    const list = await newList(alice);
    const { cartId } = await cartFor(alice, list.id, 'nearest_store');
    const cash = await method(alice, 'cash');
    const res = await book(alice, bookingQuery(cartId, cash.id));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as BookingResult;
    expect(booking.remaining_list).toMatchObject({ name: 'Liste à livrer — reste à acheter', item_count: 2 });

    // The booked list keeps its five lines and waits for the delivery; the new one is editable.
    expect(await listStatus(list.id)).toBe('pending_delivery');
    expect((await listItems(list.id)).items).toHaveLength(5);
    const remaining = await listItems(booking.remaining_list!.id);
    expect(remaining).toMatchObject({ status: 'active', item_count: 2 });
    expect(remaining.items.map((i) => [i.product_id, i.name, i.quantity])).toEqual([
      [f.products.p4, f.productNames.p4, 1],
      [f.products.p5, f.productNames.p5, 1],
    ]);
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/shopping-lists/${remaining.id}`, headers: as(alice), payload: { name: 'Manioc à trouver', items: [{ product_id: f.products.p5, quantity: 2 }] } });
    expect(edit.statusCode, edit.body).toBe(200);

    // The confirmation screen finds it again, under its current name.
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${booking.order_id}`, headers: as(alice) })).json() as BookingDetails;
    expect(details.remaining_list).toEqual({ id: remaining.id, name: 'Manioc à trouver', item_count: 1 });
    expect(details.items).toHaveLength(3);
  });

  it('cancelling the order deletes the untouched list of what the cart left out: the booked list is active again with every item', async () => {
    const list = await newList(alice);
    const { cartId } = await cartFor(alice, list.id, 'nearest_store');
    const booking = (await book(alice, bookingQuery(cartId, (await method(alice, 'cash')).id))).json() as BookingResult;
    const remainingId = booking.remaining_list!.id;

    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${booking.order_id}/cancel`, headers: as(alice) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/${remainingId}`, headers: as(alice) })).statusCode).toBe(404);
    expect(await listStatus(list.id)).toBe('active');
    expect((await listItems(list.id)).items).toHaveLength(5);
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${booking.order_id}`, headers: as(alice) })).json() as BookingDetails;
    expect(details.remaining_list).toBeNull();
  });

  it('cancelling keeps the list of what the cart left out once the user has edited it or compared its prices', async () => {
    for (const touch of ['edit', 'compare'] as const) {
      const list = await newList(alice);
      const { cartId } = await cartFor(alice, list.id, 'nearest_store');
      const booking = (await book(alice, bookingQuery(cartId, (await method(alice, 'cash')).id))).json() as BookingResult;
      const remaining = await listItems(booking.remaining_list!.id);
      if (touch === 'edit') {
        const edit = await ctx.app.inject({ method: 'PUT', url: `/api/shopping-lists/${remaining.id}`, headers: as(alice), payload: { name: 'Manioc à trouver', items: [{ product_id: f.products.p5, quantity: 2 }] } });
        expect(edit.statusCode, edit.body).toBe(200);
      } else {
        await cartFor(alice, remaining.id, 'best_prices', remaining.items.map((i) => ({ product_id: i.product_id, product_name: i.name, quantity: i.quantity })));
      }
      const cancel = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${booking.order_id}/cancel`, headers: as(alice) });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await listItems(remaining.id)).status, touch).toBe('active');
    }
  });

  it('a cart that buys every priced line leaves only the unpriced one; a manual line priced by its exact name counts as bought', async () => {
    const lines = [
      { product_id: null, product_name: f.productNames.p1, quantity: 2 },
      { product_id: f.products.p2, product_name: f.productNames.p2, quantity: 1 },
      { product_id: null, product_name: 'Piment du jardin', quantity: 1 },
    ];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shopping-lists',
      headers: as(alice),
      payload: { name: 'Avec des lignes manuelles', items: lines.map((l) => ({ product_id: l.product_id, name: l.product_name, quantity: l.quantity })) },
    });
    const list = res.json() as ShoppingList;
    const { cartId } = await cartFor(alice, list.id, 'best_prices', lines);
    const booking = (await book(alice, bookingQuery(cartId, (await method(alice, 'cash')).id))).json() as BookingResult;
    expect(booking.remaining_list).toMatchObject({ item_count: 1 });
    expect((await listItems(booking.remaining_list!.id)).items.map((i) => i.name)).toEqual(['Piment du jardin']);
  });

  it('nothing left out: no new list', async () => {
    const list = await newList(alice, [{ product_id: f.products.p1, quantity: 1 }]);
    const { cartId } = await cartFor(alice, list.id, 'best_prices', [{ product_id: f.products.p1, product_name: f.productNames.p1, quantity: 1 }]);
    const booking = (await book(alice, bookingQuery(cartId, (await method(alice, 'cash')).id))).json() as BookingResult;
    expect(booking.remaining_list).toBeNull();
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${booking.order_id}`, headers: as(alice) })).json() as BookingDetails;
    expect(details.remaining_list).toBeNull();
  });

  it('a refused booking creates nothing', async () => {
    const list = await newList(alice);
    const { cartId } = await cartFor(alice, list.id, 'nearest_store');
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: as(alice) })).json() as ShoppingList[];
    const res = await book(alice, bookingQuery(cartId, (await method(alice, 'cash')).id, { delivery_date: todayInGabon() }));
    expect(res.statusCode).toBe(400);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: as(alice) })).json() as ShoppingList[];
    expect(after).toHaveLength(before.length);
    expect(await listStatus(list.id)).toBe('active');
  });

  it('a delivery request (POST /api/deliveries) keeps the unpriced item on a new list too', async () => {
    const list = await newList(alice);
    const order = await createDeliveryFromList(ctx.deps, principal(alice), {
      shopping_list_id: list.id,
      delivery_address: 'Akanda, Angondjé',
      latitude: USER_POSITION.latitude,
      longitude: USER_POSITION.longitude,
      delivery_date: todayInGabon(),
      delivery_time_slot: '10:00-12:00',
      notes: null,
    });
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${order.id}`, headers: as(alice) })).json() as BookingDetails;
    expect(details.remaining_list).toMatchObject({ name: 'Liste à livrer — reste à acheter', item_count: 1 });
    expect((await listItems(details.remaining_list!.id)).items.map((i) => i.product_id)).toEqual([f.products.p4]);
  });
});

describe('createDeliveryFromList (POST /api/deliveries)', () => {
  const request = (listId: string, overrides: Partial<Parameters<typeof createDeliveryFromList>[2]> = {}) => ({
    shopping_list_id: listId,
    delivery_address: 'Akanda, Angondjé',
    latitude: USER_POSITION.latitude,
    longitude: USER_POSITION.longitude,
    delivery_date: todayInGabon(),
    delivery_time_slot: '10:00-12:00' as const,
    notes: 'Sonner deux fois',
    ...overrides,
  });

  it('optimises the list on the server and books it with cash on delivery', async () => {
    const list = await newList(alice);
    const order = await createDeliveryFromList(ctx.deps, principal(alice), request(list.id));
    expect(order).toMatchObject({ status: 'confirmed', origin: 'delivery_request', paymentType: 'cash', totalAmountXaf: 7600, shoppingListId: list.id, notes: 'Sonner deux fois', deliveryTimeSlot: '10:00-12:00' });
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, order.cartId));
    expect(cart).toMatchObject({ status: 'booked', viewType: 'best_prices', totalCostXaf: 7600 });
    expect(await listStatus(list.id)).toBe('pending_delivery');
    // The same list cannot be requested twice while it waits.
    await expect(createDeliveryFromList(ctx.deps, principal(alice), request(list.id))).rejects.toMatchObject({ status: 409 });
  });

  it("refuses a past date, another user's list, and a list nothing prices", async () => {
    const list = await newList(alice);
    await expect(createDeliveryFromList(ctx.deps, principal(alice), request(list.id, { delivery_date: addDays(todayInGabon(), -1) }))).rejects.toMatchObject({ status: 400, detail: 'La date de livraison ne peut pas être dans le passé' });
    await expect(createDeliveryFromList(ctx.deps, principal(bob), request(list.id))).rejects.toMatchObject({ status: 404 });
    const unpriced = await newList(alice, [{ product_id: f.products.p4, quantity: 1 }]);
    await expect(createDeliveryFromList(ctx.deps, principal(alice), request(unpriced.id))).rejects.toMatchObject({ status: 422 });
    expect(await listStatus(list.id)).toBe('active');
  });
});
