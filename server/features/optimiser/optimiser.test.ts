import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoOptimization, OptimizeResponse, Optimization } from '#contract/optimiser';
import { carts, currentPrices, products, shoppingListItems, shoppingLists, stores } from '../../db/schema';
import { exhaustiveOptimum } from '../../optimiser/test/exhaustive';
import { haversineKm } from '../../platform/geo';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { fixtureItems, insertBasketFixture, USER_POSITION, type BasketFixture } from './basket-fixture';

let ctx: TestContext;
let alice: SignedIn;
let bob: SignedIn;
let f: BasketFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  f = await insertBasketFixture(ctx.db);
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);
const optimize = (who: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/shopping/optimize', headers: as(who), payload });
async function optimizeOk(payload: object, who = alice): Promise<Optimization> {
  const res = await optimize(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as OptimizeResponse;
  expect(body.optimization.cart_id).toBe(body.cart_id);
  return body.optimization;
}
const position = { user_latitude: USER_POSITION.latitude, user_longitude: USER_POSITION.longitude };

describe('POST /api/shopping/optimize, best prices', () => {
  it('finds the cheapest plan within 3 stores, fees included, and flags the unpriced item', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), ...position });
    expect(o).toMatchObject({ view_type: 'best_prices', currency: 'XAF', total_items_cost: 3600, delivery_fee: 4000, total_cost: 7600, store_count: 2 });
    expect(o.stores_involved.map((s) => s.store_name).sort()).toEqual([f.storeNames.cheap, f.storeNames.far].sort());
    // The plan by store: each store's items, subtotal and delivery fee.
    expect(o.stores_involved.map((s) => [s.store_name, s.item_count, s.subtotal, s.delivery_fee])).toEqual([
      [f.storeNames.cheap, 2, 2600, 2000],
      [f.storeNames.far, 2, 1000, 2000],
    ]);
    expect(o.items.map((i) => [i.status, i.selected_store_name, i.unit_price, i.total_price])).toEqual([
      ['priced', f.storeNames.cheap, 800, 1600],
      ['priced', f.storeNames.cheap, 1000, 1000],
      ['priced', f.storeNames.far, 300, 300],
      ['unpriced', null, null, null],
      ['priced', f.storeNames.far, 700, 700],
    ]);
    expect(o.items[3]).toMatchObject({ has_price: false, requires_manual_price: true, alternatives: [] });
    expect(o.items[4]).toMatchObject({ unavailable_at_nearest: true, nearest_store_name: f.storeNames.near });
    // Alternatives: every store that prices the item, cheapest first, with the line total and distance.
    expect(o.items[0].alternatives.map((a) => [a.store_name, a.price, a.total_price])).toEqual([
      [f.storeNames.cheap, 800, 1600],
      [f.storeNames.far, 900, 1800],
      [f.storeNames.near, 1500, 3000],
    ]);
    expect(o.items[0].alternatives[2].distance).toBeCloseTo(0.16, 1);
    // Savings on the three items both plans price: 8100 − (1600 + 1000 + 300 + 2 × 2000) = 1200.
    expect(o.total_savings).toBe(1200);
    expect(o.optimization_score).toBe(100);
    expect(o).toMatchObject({ best_prices_total: 7600, nearest_store_total: 8100, priced_count: 4, covered_count: 4 });
    expect(o.nearest_store).toMatchObject({ store_id: f.stores.near, store_name: f.storeNames.near });
    expect(o.user_position).toEqual({ ...USER_POSITION, fallback: false });
  });

  it('keeps the draft cart of the optimisation on the server, without the client seeing its basis', async () => {
    const res = await optimize(alice, { items: fixtureItems(f), ...position });
    const body = res.json() as OptimizeResponse;
    expect(JSON.stringify(body)).not.toContain('basis');
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, body.cart_id));
    expect(cart).toMatchObject({ userId: alice.user.id, status: 'draft', viewType: 'best_prices', totalCostXaf: 7600, deliveryFeeXaf: 4000 });
  });

  it('covers as many items as possible first when the store cap is tight, then minimises cost', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), ...position, preferences: { max_stores: 1, preferred_stores: [] } });
    // {far} and {near} both cover three items; far is cheaper (1800 + 300 + 700 + 2000).
    expect(o.total_cost).toBe(4800);
    expect(o.items.map((i) => i.status)).toEqual(['priced', 'not_obtainable', 'priced', 'unpriced', 'priced']);
    expect(o.items[1]).toMatchObject({ has_price: true, requires_manual_price: false, selected_store_id: null });
    expect(o.items[1].alternatives.map((a) => a.store_name)).toEqual([f.storeNames.cheap, f.storeNames.near]);
  });

  it('prices a manual item named exactly like a catalogue product, and only then', async () => {
    const o = await optimizeOk({
      items: [
        { product_id: null, product_name: f.productNames.p2.toUpperCase(), quantity: 1 },
        { product_id: null, product_name: `${f.productNames.p2} bio`, quantity: 1 },
      ],
      ...position,
    });
    expect(o.items[0]).toMatchObject({ status: 'priced', product_id: f.products.p2, selected_store_id: f.stores.cheap, total_price: 1000 });
    expect(o.items[1]).toMatchObject({ status: 'unpriced', product_id: null, requires_manual_price: true });
  });

  it('considers only the preferred stores when some are given', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), ...position, preferences: { max_stores: 3, preferred_stores: [f.stores.near] } });
    expect(o.stores_involved.map((s) => s.store_id)).toEqual([f.stores.near]);
    expect(o.total_cost).toBe(8100);
  });

  it('is exact on the seeded catalogue: the same optimum as an exhaustive search over every store set', async () => {
    const [demoList] = await ctx.db.select().from(shoppingLists).limit(1);
    const lines = await ctx.db.select().from(shoppingListItems).where(eq(shoppingListItems.listId, demoList.id));
    const extra = await ctx.db.select({ id: products.id, name: products.name }).from(products).limit(12);
    const items = [...lines.map((l) => ({ product_id: l.productId, product_name: l.name, quantity: l.quantity })), ...extra.map((p) => ({ product_id: p.id, product_name: p.name, quantity: 1 }))];
    const unique = items.filter((item, i) => items.findIndex((x) => x.product_id === item.product_id) === i);
    // The reference sees the same stores: those within the 50 km delivery radius.
    const rows = await ctx.db
      .select({ productId: currentPrices.productId, storeId: currentPrices.storeId, priceXaf: currentPrices.priceXaf, latitude: stores.latitude, longitude: stores.longitude })
      .from(currentPrices)
      .innerJoin(stores, eq(stores.id, currentPrices.storeId))
      .where(inArray(currentPrices.productId, unique.map((i) => i.product_id!)));
    const prices = rows.filter((r) => haversineKm(USER_POSITION, r) <= 50);
    expect(prices.length).toBeLessThan(rows.length);
    const reference = exhaustiveOptimum({
      items: unique.map((i) => ({ quantity: i.quantity, offers: prices.filter((p) => p.productId === i.product_id).map((p) => ({ storeId: p.storeId, unitPrice: p.priceXaf })) })),
      maxStores: 3,
      storeFee: 2000,
      freeDeliveryFrom: 25_000,
      storeDistances: new Map(prices.map((p) => [p.storeId, Math.round(haversineKm(USER_POSITION, p) * 1000)])),
    });
    const o = await optimizeOk({ items: unique, ...position });
    expect(o.total_cost).toBe(reference.totalCost);
    expect(o.covered_count).toBe(reference.coveredCount);
    expect(o.stores_involved.map((s) => s.store_id).sort()).toEqual([...reference.storeIds].sort());
  });

  it('on a tied cheapest price, buys at the nearest of the tied stores (every one-product basket of the seed)', async () => {
    // The case: one-product baskets whose cheapest price is shared by stores at different distances.
    const libreville = { latitude: 0.392, longitude: 9.454 };
    const rows = await ctx.db
      .select({ productId: currentPrices.productId, storeId: currentPrices.storeId, priceXaf: currentPrices.priceXaf, latitude: stores.latitude, longitude: stores.longitude })
      .from(currentPrices)
      .innerJoin(stores, eq(stores.id, currentPrices.storeId));
    const byProduct = new Map<string, { storeId: string; price: number; km: number }[]>();
    for (const row of rows) {
      const km = haversineKm(libreville, row);
      if (km > 50) continue;
      byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), { storeId: row.storeId, price: row.priceXaf, km }]);
    }
    const tied = [...byProduct].flatMap(([productId, offers]) => {
      const cheapest = Math.min(...offers.map((o) => o.price));
      const atCheapest = offers.filter((o) => o.price === cheapest).sort((a, b) => a.km - b.km);
      const distinct = atCheapest.length > 1 && Math.round(atCheapest[0].km * 1000) < Math.round(atCheapest[1].km * 1000);
      return distinct ? [{ productId, nearest: atCheapest[0].storeId }] : [];
    });
    expect(tied.length).toBeGreaterThanOrEqual(20);
    const chosen = await Promise.all(
      tied.map(async ({ productId }) => (await optimizeOk({ items: [{ product_id: productId, quantity: 1 }], user_latitude: libreville.latitude, user_longitude: libreville.longitude })).items[0].selected_store_id),
    );
    expect(chosen).toEqual(tied.map((t) => t.nearest));
  });

  it('falls back to the spec position when the browser gives none, and only uses stores that can deliver there', async () => {
    const o = await optimizeOk({ items: fixtureItems(f) });
    expect(o.user_position.fallback).toBe(true);
    expect(o.user_position.latitude).toBeCloseTo(-0.72, 1);
    // The fixture stores are in Libreville, 130 km away: nothing is priced from Port-Gentil.
    expect(o.priced_count).toBe(0);
    expect(o.items.every((i) => i.status === 'unpriced')).toBe(true);
  });
});

describe('POST /api/shopping/optimize, nearest store', () => {
  it('buys everything at the nearest store that prices something, by real distance', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), ...position, view_type: 'nearest_store' });
    expect(o).toMatchObject({ view_type: 'nearest_store', total_items_cost: 6100, delivery_fee: 2000, total_cost: 8100, store_count: 1, total_savings: 1200 });
    expect(o.items.map((i) => i.status)).toEqual(['priced', 'priced', 'priced', 'unpriced', 'unavailable_at_nearest']);
    expect(o.items[0]).toMatchObject({ selected_store_id: f.stores.near, is_nearest_store: true, unit_price: 1500, total_price: 3000 });
    expect(o.items[0].distance).toBeCloseTo(0.157, 2);
    expect(o.items[4]).toMatchObject({ unavailable_at_nearest: true, selected_store_id: null, has_price: true });
    expect(o.items[4].alternatives.map((a) => a.store_name)).toEqual([f.storeNames.far]);
  });

  it('moves the nearest store with the user', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), user_latitude: 0.49, user_longitude: 9.45, view_type: 'nearest_store' });
    expect(o.nearest_store?.store_id).toBe(f.stores.far);
    expect(o.nearest_store?.distance).toBeCloseTo(0, 1);
  });
});

describe('POST /api/shopping/optimize, refusals', () => {
  it('answers clear French errors', async () => {
    const empty = await optimize(alice, { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(detailOf(empty)).toBe('Ajoutez au moins un produit à comparer');
    const badQty = await optimize(alice, { items: [{ product_id: f.products.p1, product_name: 'x', quantity: 0 }] });
    expect(badQty.statusCode).toBe(400);
    const nameless = await optimize(alice, { items: [{ product_id: null, product_name: '  ', quantity: 1 }] });
    expect(nameless.statusCode).toBe(400);
    expect(detailOf(nameless)).toBe("Veuillez entrer un nom d'article");
    const badStores = await optimize(alice, { items: fixtureItems(f), preferences: { max_stores: 4 } });
    expect(badStores.statusCode).toBe(400);
    const badLat = await optimize(alice, { items: fixtureItems(f), user_latitude: 123, user_longitude: 9 });
    expect(badLat.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/shopping/optimize', payload: { items: fixtureItems(f) } })).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await optimize(agent, { items: fixtureItems(f) })).statusCode).toBe(403);
  });

  it("refuses to attach the optimisation to another user's list", async () => {
    const list = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: as(bob), payload: { name: 'De Bob', items: [{ name: 'Riz', quantity: 1 }] } });
    const res = await optimize(alice, { items: fixtureItems(f), shopping_list_id: list.json().id });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/shopping/switch-store', () => {
  const switchStore = (who: SignedIn, cartId: string, index: number, storeId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/shopping/switch-store?cart_id=${cartId}&item_index=${index}&new_store_id=${storeId}`, headers: as(who) });

  it('recomputes totals, delivery fee, savings and score, and keeps the change on the cart', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), ...position });
    const res = await switchStore(alice, o.cart_id, 0, f.stores.near);
    expect(res.statusCode, res.body).toBe(200);
    const next = (res.json() as { optimization: Optimization }).optimization;
    expect(next.items[0]).toMatchObject({ selected_store_id: f.stores.near, unit_price: 1500, total_price: 3000, switched: true, is_nearest_store: true });
    // 3000 + 1000 + 300 + 700, three stores now.
    expect(next).toMatchObject({ total_items_cost: 5000, delivery_fee: 6000, total_cost: 11000, store_count: 3, total_savings: 0 });
    expect(next.optimization_score).toBeLessThan(o.optimization_score);
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, o.cart_id));
    expect(cart.totalCostXaf).toBe(11000);

    // A not-obtainable or unavailable item can be bought at one of its stores.
    const near = await optimizeOk({ items: fixtureItems(f), ...position, view_type: 'nearest_store' });
    const fixed = (await switchStore(alice, near.cart_id, 4, f.stores.far)).json() as { optimization: Optimization };
    expect(fixed.optimization.items[4]).toMatchObject({ status: 'priced', selected_store_id: f.stores.far, total_price: 700 });
    expect(fixed.optimization).toMatchObject({ total_items_cost: 6800, delivery_fee: 4000, total_cost: 10800 });
  });

  it('refuses a store that does not price the item, an unknown index and a foreign cart', async () => {
    const o = await optimizeOk({ items: fixtureItems(f), ...position });
    const wrongStore = await switchStore(alice, o.cart_id, 1, f.stores.far);
    expect(wrongStore.statusCode).toBe(400);
    expect(detailOf(wrongStore)).toBe('Erreur lors du changement de magasin');
    expect((await switchStore(alice, o.cart_id, 3, f.stores.near)).statusCode).toBe(400);
    expect((await switchStore(alice, o.cart_id, 42, f.stores.near)).statusCode).toBe(400);
    const foreign = await switchStore(bob, o.cart_id, 0, f.stores.near);
    expect(foreign.statusCode).toBe(404);
    expect(detailOf(foreign)).toBe("Erreur: Aucun panier de courses trouvé. Veuillez d'abord optimiser votre liste de courses.");
  });
});

describe('GET /api/shopping/demo-optimization', () => {
  it('is public and computed by the real optimiser: best prices 4700, nearest store 4850', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shopping/demo-optimization' });
    expect(res.statusCode).toBe(200);
    const demo = res.json() as DemoOptimization;
    expect(demo.best_prices.total_cost).toBe(4700);
    expect(demo.nearest_store.total_cost).toBe(4850);
    expect(demo.difference).toBe(150);
    expect(demo.best_prices.items).toHaveLength(4);
    expect(demo.nearest_store.items.every((i) => i.is_nearest_store)).toBe(true);
    // Per store: the subtotals add up to the items cost, one fee per store.
    for (const view of [demo.best_prices, demo.nearest_store]) {
      expect(view.stores.reduce((sum, s) => sum + s.subtotal, 0)).toBe(view.total_items_cost);
      expect(view.stores.reduce((sum, s) => sum + s.delivery_fee, 0)).toBe(view.delivery_fee);
      expect(view.stores.reduce((sum, s) => sum + s.item_count, 0)).toBe(view.items.filter((i) => i.selected_store_id).length);
    }
    expect(demo.nearest_store.stores).toHaveLength(1);
  });
});
