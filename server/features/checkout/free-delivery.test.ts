// Free delivery from 25 000 XAF of items (OPTIMISER.freeDeliveryThresholdXaf): the fee is 0 in both
// optimiser views, after a store switch, in the cart and in the booked order once the items total
// reaches it, and the optimiser buys an item dearer when crossing the threshold is cheaper.
//   product  near (A)  other (B)
//   big       30 000       -
//   small     10 000       -
//   fish      14 000    15 000
//   oil       10 000    10 500
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCartResult } from '#contract/checkout';
import { OPTIMISER, type OptimizeResponse, type Optimization } from '#contract/optimiser';
import { currentPrices, products, stores } from '../../db/schema';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { insertBasketFixture, USER_POSITION } from '../optimiser/basket-fixture';
import { checkoutSteps } from './checkout-fixture';

let ctx: TestContext;
let alice: SignedIn;
let ids: { near: string; other: string; big: string; small: string; fish: string; oil: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
  const tag = randomUUID().slice(0, 6);
  const [near, other] = await ctx.db
    .insert(stores)
    .values([
      { name: `Proche ${tag}`, address: 'Rue 1', latitude: USER_POSITION.latitude + 0.001, longitude: USER_POSITION.longitude, source: 'user' },
      { name: `Autre ${tag}`, address: 'Rue 2', latitude: USER_POSITION.latitude + 0.05, longitude: USER_POSITION.longitude, source: 'user' },
    ])
    .returning({ id: stores.id });
  const [big, small, fish, oil] = await ctx.db
    .insert(products)
    .values(['Congélateur', 'Riz 25 kg', 'Poisson fumé', 'Huile 5 L'].map((name) => ({ name: `${name} ${tag}`, category: 'Épicerie' })))
    .returning({ id: products.id });
  const observedAt = new Date();
  const price = (productId: string, storeId: string, priceXaf: number) => ({ productId, storeId, priceXaf, observedAt });
  await ctx.db
    .insert(currentPrices)
    .values([price(big.id, near.id, 30_000), price(small.id, near.id, 10_000), price(fish.id, near.id, 14_000), price(fish.id, other.id, 15_000), price(oil.id, near.id, 10_000), price(oil.id, other.id, 10_500)]);
  ids = { near: near.id, other: other.id, big: big.id, small: small.id, fish: fish.id, oil: oil.id };
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);
const line = (productId: string) => ({ product_id: productId, product_name: '', quantity: 1 });

async function optimise(productIds: string[], view: 'best_prices' | 'nearest_store'): Promise<OptimizeResponse> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shopping/optimize',
    headers: as(alice),
    payload: { items: productIds.map(line), user_latitude: USER_POSITION.latitude, user_longitude: USER_POSITION.longitude, view_type: view },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function createCart(o: Optimization, optimisationCartId: string): Promise<CreateCartResult> {
  const items = o.items
    .filter((i) => i.status === 'priced')
    .map((i) => ({ product_id: i.product_id, product_name: i.product_name, quantity: i.quantity, store_id: i.selected_store_id, store_name: i.selected_store_name, unit_price: i.unit_price, total_price: i.total_price }));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shopping/create-cart',
    headers: as(alice),
    payload: { items, total_cost: o.total_cost, view_type: o.view_type, stores_involved: o.store_count, optimization_cart_id: optimisationCartId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('free delivery from 25 000 XAF of items', () => {
  it('is the product rule, in one constant', () => {
    expect(OPTIMISER.freeDeliveryThresholdXaf).toBe(25_000);
  });

  it('charges no delivery on a basket above the threshold, in both views, the cart and the order', async () => {
    for (const view of ['best_prices', 'nearest_store'] as const) {
      const { optimization: o, cart_id } = await optimise([ids.big], view);
      expect(o, view).toMatchObject({ total_items_cost: 30_000, delivery_fee: 0, total_cost: 30_000, store_count: 1 });
      expect(o, view).toMatchObject({ best_prices_total: 30_000, nearest_store_total: 30_000 });
      const cart = await createCart(o, cart_id);
      expect(cart).toMatchObject({ total_items_cost: 30_000, delivery_fee: 0, total_cost: 30_000 });
    }
    const { optimization: o, cart_id } = await optimise([ids.big], 'best_prices');
    const cart = await createCart(o, cart_id);
    const steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
    const cash = await steps.method(alice, 'cash');
    const booked = await steps.book(alice, steps.bookingQuery(cart.cart_id, cash.id));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ total_amount: 30_000 });
    const details = await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${booked.json().order_id}`, headers: as(alice) });
    expect(details.json()).toMatchObject({ total_amount: 30_000, total_items_cost: 30_000, delivery_fee: 0 });
  });

  it('charges the fee per store on a basket below the threshold', async () => {
    for (const view of ['best_prices', 'nearest_store'] as const) {
      const { optimization: o, cart_id } = await optimise([ids.small], view);
      expect(o, view).toMatchObject({ total_items_cost: 10_000, delivery_fee: OPTIMISER.storeFeeXaf, total_cost: 12_000 });
      expect(await createCart(o, cart_id)).toMatchObject({ delivery_fee: OPTIMISER.storeFeeXaf, total_cost: 12_000 });
    }
  });

  it('buys an item dearer to cross the threshold when that is cheaper than the fee, and recomputes after a switch', async () => {
    // Both at the near store: 24 000 + 2000. Fish at the other store: 25 000, delivery free.
    const best = await optimise([ids.fish, ids.oil], 'best_prices');
    const o = best.optimization;
    expect(o).toMatchObject({ total_items_cost: 25_000, delivery_fee: 0, total_cost: 25_000, store_count: 2, nearest_store_total: 26_000, total_savings: 1000 });
    expect(o.items.map((i) => [i.selected_store_id, i.unit_price])).toEqual([
      [ids.other, 15_000],
      [ids.near, 10_000],
    ]);
    const nearest = await optimise([ids.fish, ids.oil], 'nearest_store');
    expect(nearest.optimization).toMatchObject({ total_items_cost: 24_000, delivery_fee: 2000, total_cost: 26_000 });

    // Back to the near store for the fish: under the threshold again, the fee comes back.
    const switched = await ctx.app.inject({ method: 'POST', url: `/api/shopping/switch-store?cart_id=${best.cart_id}&item_index=0&new_store_id=${ids.near}`, headers: as(alice) });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((switched.json() as { optimization: Optimization }).optimization).toMatchObject({ total_items_cost: 24_000, delivery_fee: 2000, total_cost: 26_000, store_count: 1 });
    // And the crossing plan kept as a cart stays free.
    expect(await createCart(o, best.cart_id)).toMatchObject({ total_items_cost: 25_000, delivery_fee: 0, total_cost: 25_000 });
  });
});
