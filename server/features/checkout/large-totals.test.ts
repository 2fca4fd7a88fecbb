// Money totals beyond 32 bits, end to end: 999 of a 10 000 000 FCFA product is 9 990 000 000 FCFA,
// which overflowed int4 (a 500). From the list through the optimiser, the cart, the booking (cash,
// and mobile money through the payment sandbox) and the delivery request, to every screen that shows
// the amount, the totals are exact and nothing answers 500 — on PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetails, BookingResult, CreateCartResult } from '#contract/checkout';
import { addDays, todayInGabon } from '#contract/format';
import type { ShoppingList } from '#contract/lists';
import type { OptimizeResponse } from '#contract/optimiser';
import type { DeliveryRequest } from '#contract/orders';
import type { PaymentMethod } from '#contract/payments';
import { carts, currentPrices, orders, payments, products, stores } from '../../db/schema';
import { bearer, createTestContext, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';

const PRICE = 10_000_000;
const QUANTITY = 999;
const POSITION = { latitude: 0.4, longitude: 9.45 };

let ctx: TestContext;
let alice: SignedIn;
let productIds: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
  const tag = randomUUID().slice(0, 6);
  const [store] = await ctx.db.insert(stores).values({ name: `Bijouterie ${tag}`, address: 'Rue 1', latitude: 0.401, longitude: 9.451, source: 'user' }).returning({ id: stores.id });
  const rows = await ctx.db
    .insert(products)
    .values([`Lingot ${tag}`, `Montre ${tag}`].map((name) => ({ name, category: 'Épicerie' })))
    .returning({ id: products.id });
  productIds = rows.map((r) => r.id);
  await ctx.db.insert(currentPrices).values(productIds.map((productId) => ({ productId, storeId: store.id, priceXaf: PRICE, observedAt: new Date() })));
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);
const ITEMS_TOTAL = 2 * PRICE * QUANTITY; // 19 980 000 000

async function newList(): Promise<ShoppingList> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shopping-lists',
    headers: as(alice),
    payload: { name: 'Très grosse commande', items: productIds.map((product_id) => ({ product_id, quantity: QUANTITY })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function method(type: 'cash' | 'airtel_money'): Promise<PaymentMethod> {
  const details = type === 'cash' ? { payment_on_delivery: true } : { phone_number: '+241 07 12 34 56' };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/user/payment-methods', headers: as(alice), payload: { method_type: type, display_name: type, details } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function cartOf(list: ShoppingList): Promise<CreateCartResult> {
  const opt = await ctx.app.inject({
    method: 'POST',
    url: '/api/shopping/optimize',
    headers: as(alice),
    payload: { items: productIds.map((product_id) => ({ product_id, quantity: QUANTITY })), user_latitude: POSITION.latitude, user_longitude: POSITION.longitude, shopping_list_id: list.id },
  });
  expect(opt.statusCode, opt.body).toBe(200);
  const optimisation = (opt.json() as OptimizeResponse).optimization;
  expect(optimisation.total_items_cost).toBe(ITEMS_TOTAL);
  const items = optimisation.items
    .filter((i) => i.status === 'priced')
    .map((i) => ({ product_id: i.product_id, quantity: i.quantity, store_id: i.selected_store_id, unit_price: i.unit_price, total_price: i.total_price }));
  expect(items.map((i) => i.total_price)).toEqual([PRICE * QUANTITY, PRICE * QUANTITY]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shopping/create-cart',
    headers: as(alice),
    payload: { items, total_cost: optimisation.total_cost, view_type: 'best_prices', shopping_list_id: list.id, optimization_cart_id: opt.json().cart_id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function book(cartId: string, paymentMethodId: string) {
  const query = new URLSearchParams({ cart_id: cartId, delivery_address: 'Quartier Louis', delivery_date: addDays(todayInGabon(), 1), delivery_time_slot: 'morning', payment_method_id: paymentMethodId });
  return ctx.app.inject({ method: 'POST', url: `/api/shopping/book-delivery?${query}`, headers: as(alice) });
}

describe('totals over 2^31 FCFA', () => {
  it('list → optimise → cart → cash booking: exact totals in every answer and in the database', async () => {
    const list = await newList();
    const cart = await cartOf(list);
    expect(cart.total_items_cost).toBe(ITEMS_TOTAL);
    expect(cart.delivery_fee).toBe(0); // far above 25 000 FCFA: delivery is free
    expect(cart.total_cost).toBe(ITEMS_TOTAL);
    const [stored] = await ctx.db.select().from(carts).where(eq(carts.id, cart.cart_id));
    expect(stored.totalCostXaf).toBe(cart.total_cost);

    const booked = await book(cart.cart_id, (await method('cash')).id);
    expect(booked.statusCode, booked.body).toBe(201);
    const result = booked.json() as BookingResult;
    expect(result.total_amount).toBe(cart.total_cost);

    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${result.order_id}`, headers: as(alice) })).json() as BookingDetails;
    expect(details).toMatchObject({ total_amount: cart.total_cost, total_items_cost: ITEMS_TOTAL });
    const deliveries = (await ctx.app.inject({ method: 'GET', url: '/api/deliveries', headers: as(alice) })).json() as DeliveryRequest[];
    const mine = deliveries.find((d) => d.id === result.order_id);
    expect(mine?.total_amount).toBe(cart.total_cost);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, result.order_id));
    expect(order.totalAmountXaf).toBe(cart.total_cost);

    // The agent's list and the consumer's dashboards read the same sums.
    const agent = await loginDemo(ctx.app, 'agent');
    const offered = await ctx.app.inject({ method: 'GET', url: '/api/delivery-agent/available-orders', headers: as(agent) });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.body).toContain(String(cart.total_cost));
    for (const url of ['/api/users/me/stats', '/api/dashboard']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: as(alice) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });

  it('mobile money through the payment sandbox: the payment carries the exact amount', async () => {
    const cart = await cartOf(await newList());
    const booked = await book(cart.cart_id, (await method('airtel_money')).id);
    expect(booked.statusCode, booked.body).toBe(201);
    const result = booked.json() as BookingResult;
    expect(result.total_amount).toBe(cart.total_cost);
    expect(result.payment?.amount).toBe(cart.total_cost);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, result.order_id));
    expect(payment.amountXaf).toBe(cart.total_cost);
  });

  it('a delivery request from the list (server-side optimisation, cash): exact total', async () => {
    const list = await newList();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/deliveries',
      headers: as(alice),
      payload: { shopping_list_id: list.id, delivery_address: 'Quartier Louis', ...POSITION, delivery_date: addDays(todayInGabon(), 1), delivery_time_slot: '10:00-12:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as DeliveryRequest;
    expect(created.total_amount).toBe(ITEMS_TOTAL); // far above 25 000 FCFA: delivery is free
  });
});
