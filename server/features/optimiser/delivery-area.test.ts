// Issue 28, item 5: the optimiser never picks a store outside the user's delivery area
// (OPTIMISER.deliveryRadiusKm around the position), however cheap it is — in the best-prices and
// the nearest-store plans, among the alternatives, with preferred stores, on a store switch, and
// when a delivery request optimises a list on the server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIMISER } from '#contract/constants';
import type { OptimizeResponse, Optimization } from '#contract/optimiser';
import { eq } from 'drizzle-orm';
import { addDays, todayInGabon } from '#contract/format';
import type { DeliveryRequest } from '#contract/orders';
import { carts, currentPrices, products, shoppingListItems, shoppingLists } from '../../db/schema';
import { haversineKm } from '../../platform/geo';
import { AREA_POSITIONS, LIBREVILLE, placeStores } from '../../test/delivery-area-fixture';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: SignedIn;
const POSITIONS = AREA_POSITIONS;
type Key = keyof typeof POSITIONS;
let storeIds: Record<Key, string>;
let rice: string;
let oil: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
  const tag = randomUUID().slice(0, 6);
  ({ ids: storeIds } = await placeStores(ctx.db, POSITIONS));
  const [r, o] = await ctx.db
    .insert(products)
    .values([{ name: `Riz zone ${tag}`, category: 'Épicerie' }, { name: `Huile zone ${tag}`, category: 'Épicerie' }])
    .returning({ id: products.id });
  [rice, oil] = [r.id, o.id];
  const observedAt = new Date();
  const price = (productId: string, k: Key, priceXaf: number) => ({ productId, storeId: storeIds[k], priceXaf, observedAt });
  await ctx.db.insert(currentPrices).values([
    // Rice: by far cheapest in Franceville, then just beyond the radius; in the area, Owendo.
    price(rice, 'franceville', 500),
    price(rice, 'edgeOut', 600),
    price(rice, 'owendo', 1200),
    price(rice, 'libreville', 1500),
    // Oil: only outside the area, and at the radius's inner edge.
    price(oil, 'franceville', 400),
    price(oil, 'edgeIn', 2000),
  ]);
});
afterAll(() => ctx.close());

async function optimise(payload: object): Promise<Optimization> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shopping/optimize', headers: bearer(alice.access_token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OptimizeResponse).optimization;
}
const basket = () => [
  { product_id: rice, product_name: 'Riz', quantity: 1 },
  { product_id: oil, product_name: 'Huile', quantity: 1 },
];
const fromLibreville = { user_latitude: LIBREVILLE.latitude, user_longitude: LIBREVILLE.longitude };
const outside = (id: string | null | undefined) => id === storeIds.franceville || id === storeIds.edgeOut;

describe('the delivery area of the optimiser', () => {
  it('the fixture stands where it says: the edge stores 1 km inside and outside the radius, Franceville 500 km away', () => {
    expect(haversineKm(LIBREVILLE, POSITIONS.edgeIn)).toBeLessThan(OPTIMISER.deliveryRadiusKm);
    expect(haversineKm(LIBREVILLE, POSITIONS.edgeOut)).toBeGreaterThan(OPTIMISER.deliveryRadiusKm);
    expect(haversineKm(LIBREVILLE, POSITIONS.franceville)).toBeGreaterThan(400);
  });

  it('best prices from Libreville: the cheapest store in the area (Owendo), never Franceville or the store beyond the radius', async () => {
    const o = await optimise({ items: basket(), ...fromLibreville });
    expect(o.items.map((i) => [i.status, i.selected_store_id])).toEqual([
      ['priced', storeIds.owendo],
      ['priced', storeIds.edgeIn],
    ]);
    expect(o.stores_involved.some((s) => outside(s.store_id))).toBe(false);
    // Not even offered as an alternative.
    for (const item of o.items) expect(item.alternatives.some((a) => outside(a.store_id))).toBe(false);
    expect(o.items[0].alternatives.map((a) => a.store_id)).toEqual([storeIds.owendo, storeIds.libreville]);
    for (const s of o.stores_involved) expect(s.distance ?? 0).toBeLessThanOrEqual(OPTIMISER.deliveryRadiusKm);
  });

  it('the nearest store is one in the area', async () => {
    const o = await optimise({ items: basket(), ...fromLibreville, view_type: 'nearest_store' });
    expect(o.nearest_store?.store_id).toBe(storeIds.libreville);
    expect(o.items.some((i) => outside(i.selected_store_id))).toBe(false);
  });

  it('a preferred store outside the area is still left out: only the in-area stores the user prefers price the basket', async () => {
    const onlyFar = await optimise({ items: basket(), ...fromLibreville, preferences: { max_stores: 3, preferred_stores: [storeIds.franceville, storeIds.edgeOut] } });
    expect(onlyFar.items.map((i) => i.status)).toEqual(['unpriced', 'unpriced']);
    expect(onlyFar.stores_involved).toEqual([]);
    const mixed = await optimise({ items: basket(), ...fromLibreville, preferences: { max_stores: 3, preferred_stores: [storeIds.franceville, storeIds.libreville] } });
    expect(mixed.items.map((i) => i.selected_store_id)).toEqual([storeIds.libreville, null]);
  });

  it('refuses to switch an item to a store outside the area', async () => {
    const o = await optimise({ items: basket(), ...fromLibreville });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/shopping/switch-store?cart_id=${o.cart_id}&item_index=0&new_store_id=${storeIds.franceville}`,
      headers: bearer(alice.access_token),
    });
    expect(res.statusCode).toBe(400);
  });

  it('from Franceville the same basket is bought in Franceville: the area moves with the user', async () => {
    const o = await optimise({ items: basket(), user_latitude: POSITIONS.franceville.latitude, user_longitude: POSITIONS.franceville.longitude });
    expect(o.items.map((i) => i.selected_store_id)).toEqual([storeIds.franceville, storeIds.franceville]);
  });

  it('a delivery request optimises the list on the server within the area of its delivery position', async () => {
    const [list] = await ctx.db.insert(shoppingLists).values({ userId: alice.user.id, name: 'Courses de la semaine' }).returning();
    await ctx.db.insert(shoppingListItems).values(basket().map((item, position) => ({ listId: list.id, position, productId: item.product_id, name: item.product_name, quantity: item.quantity })));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/deliveries',
      headers: bearer(alice.access_token),
      payload: { shopping_list_id: list.id, delivery_address: 'Quartier Louis', ...LIBREVILLE, delivery_date: addDays(todayInGabon(), 1), delivery_time_slot: '10:00-12:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as DeliveryRequest;
    // Owendo's rice and the inner-edge oil, two stores' fees: 1200 + 2000 + 2 × 2000.
    expect(created.total_amount).toBe(1200 + 2000 + 2 * OPTIMISER.storeFeeXaf);
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, created.cart_id));
    const chosen = (cart.optimization as unknown as Optimization).items.map((i) => i.selected_store_id);
    expect(chosen).toEqual([storeIds.owendo, storeIds.edgeIn]);
  });
});
