// A store's announced prices (issue 29, item 3): « Prix annoncé par le magasin » beside the shoppers'
// price, one voice in the consensus, « Prix en rayon différent » and a moderator's flag when the
// shelf disagrees by more than 10 %, and the merchant's own view with the cheapest store nearby.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { MerchantPricesSchema, NEARBY_STORES_KM } from '#contract/merchants';
import type { ProductDetail } from '#contract/products';
import { priceFlags, stores } from '../../db/schema';
import { haversineKm } from '../../platform/geo';
import { queryRows } from '../../platform/sql-rows';
import { recordObservation } from '../prices/prices.service';
import { catalogueChanged } from '../products/catalogue-cache';
import { approvedMerchantOf } from './merchant-fixture';
import { bearer, createTestContext, detailOf, realModerator, registerUser, trustedUser, type SignedIn, type TestContext } from '../../test/harness';

let ctx: TestContext;
let moderator: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
});
afterAll(() => ctx.close());

type StoreRow = typeof stores.$inferSelect;
const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });

const merchantOf = (store: StoreRow) => approvedMerchantOf(ctx, moderator, store.id);

/** What the store's merchant publishes, through the one observation function (as the price-list publish does). */
async function announce(merchant: SignedIn, store: StoreRow, productId: string, price: number) {
  const recorded = await ctx.db.transaction((tx) => recordObservation(tx, { productId, store, userId: merchant.user.id, price, source: 'store', position: null, now: ctx.clock.now() }));
  // As the publish route does after its commit: cached catalogue answers are renewed.
  await catalogueChanged(ctx.db);
  return recorded;
}

const priceIn = async (productId: string, storeId: string) =>
  ((await call(null, 'GET', `/products/${productId}`)).json() as ProductDetail).prices.find((p) => p.store_id === storeId);

/** A product shown in a store that has another priced store within 10 km; the store taken is not yet any merchant's. */
async function pricedPair(skip: string[]): Promise<{ store: StoreRow; productId: string; price: number }> {
  const rows = await queryRows<{ store_id: string; product_id: string; price_xaf: number }>(
    ctx.db,
    sql`select cp.store_id, cp.product_id, cp.price_xaf from current_prices cp
        join stores s on s.id = cp.store_id and s.listing = 'listed'
        where cp.announced_price_xaf is null
          and (select count(*) from current_prices o where o.product_id = cp.product_id) >= 3
          and not exists (select 1 from merchants m where m.store_id = cp.store_id)
        order by cp.store_id, cp.product_id limit 400`,
  );
  const row = rows.find((r) => !skip.includes(r.store_id))!;
  const [store] = await ctx.db.select().from(stores).where(eq(stores.id, row.store_id));
  return { store, productId: row.product_id, price: row.price_xaf };
}

describe('the store’s announced price', () => {
  it('is shown beside the shoppers’ price, is one voice, and the merchant sees it with the cheapest store nearby', async () => {
    const { store, productId, price } = await pricedPair([]);
    const merchant = await merchantOf(store);
    const announced = Math.round(price * 1.05);
    const recorded = await announce(merchant, store, productId, announced);
    expect(recorded.observation).toMatchObject({ status: 'accepted', source: 'store' });

    const shown = await priceIn(productId, store.id);
    expect(shown?.price).toBe(price); // one voice: the shoppers' consensus still stands
    expect(shown?.announced).toEqual({ price_xaf: announced, announced_at: expect.any(String) });
    expect(shown?.shelf_differs).toBe(false);

    const mine = await call(merchant, 'GET', '/merchants/prices');
    expect(mine.statusCode, mine.body).toBe(200);
    const [entry] = MerchantPricesSchema.strict().parse(mine.json()).prices;
    expect(entry).toMatchObject({ product_id: productId, announced_price_xaf: announced, shown_price_xaf: price, shelf_differs: false });
    // The comparison is the cheapest other listed store within 10 km, worked out here independently.
    const others = await queryRows<{ store_id: string; price_xaf: number; latitude: number; longitude: number }>(
      ctx.db,
      sql`select cp.store_id, cp.price_xaf, s.latitude, s.longitude from current_prices cp join stores s on s.id = cp.store_id
          where cp.product_id = ${productId} and cp.store_id <> ${store.id} and s.listing = 'listed'`,
    );
    const near = others.filter((o) => haversineKm(o, store) <= NEARBY_STORES_KM).sort((a, b) => a.price_xaf - b.price_xaf);
    if (near.length === 0) expect(entry.nearby_cheapest).toBeNull();
    else expect(entry.nearby_cheapest).toMatchObject({ price_xaf: near[0].price_xaf });
  });

  it('with no shoppers’ price in the store, the announced price is the one shown', async () => {
    const { store } = await pricedPair([]);
    const merchant = await merchantOf(store);
    const [unpriced] = await queryRows<{ id: string }>(
      ctx.db,
      sql`select p.id from products p where p.listing = 'listed'
          and not exists (select 1 from current_prices cp where cp.product_id = p.id and cp.store_id = ${store.id}) order by p.name limit 1`,
    );
    await announce(merchant, store, unpriced.id, 1850);
    const shown = await priceIn(unpriced.id, store.id);
    expect(shown).toMatchObject({ price: 1850, announced: { price_xaf: 1850 }, shelf_differs: false });
  });

  it('when established shoppers see more than 10 % off on the shelf: « Prix en rayon différent » and one moderator flag; new accounts cannot raise it', async () => {
    const { store, productId, price } = await pricedPair([]);
    const merchant = await merchantOf(store);
    const announced = Math.round(price * 1.15);
    const { observation } = await announce(merchant, store, productId, announced);
    const inStore = { latitude: store.latitude + 0.0002, longitude: store.longitude };
    const contribute = (who: SignedIn) =>
      call(who, 'POST', '/prices/contribute', { product_id: productId, store_id: store.id, price, ...inStore, image_base64: null });

    // A burst of fresh accounts (on probation) says nothing about the shelf.
    for (let i = 0; i < 3; i++) expect((await contribute(await registerUser(ctx.app))).statusCode).toBe(201);
    expect((await priceIn(productId, store.id))?.shelf_differs).toBe(false);

    const shopper = await trustedUser(ctx);
    expect((await contribute(shopper)).statusCode).toBe(201);
    const shown = await priceIn(productId, store.id);
    expect(shown).toMatchObject({ shelf_differs: true, announced: { price_xaf: announced } });
    const flags = await ctx.db.select().from(priceFlags).where(and(eq(priceFlags.observationId, observation.id), eq(priceFlags.reason, 'store_disagreement')));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ userId: null, status: 'open' });

    // A second shopper agreeing adds no second flag; the merchant sees the disagreement.
    expect((await contribute(await trustedUser(ctx))).statusCode).toBe(201);
    expect(await ctx.db.select().from(priceFlags).where(eq(priceFlags.observationId, observation.id))).toHaveLength(1);
    const mine = MerchantPricesSchema.parse((await call(merchant, 'GET', '/merchants/prices')).json());
    expect(mine.prices.find((p) => p.product_id === productId)?.shelf_differs).toBe(true);

    const queue = await call(moderator, 'GET', '/admin/price-observations?status=flagged&limit=100');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(JSON.stringify(queue.json())).toContain(observation.id);
  });

  it('GET /merchants/prices: signed out 401, no merchant account 404, not yet approved 403 (French)', async () => {
    expect((await call(null, 'GET', '/merchants/prices')).statusCode).toBe(401);
    const nobody = await registerUser(ctx.app);
    const none = await call(nobody, 'GET', '/merchants/prices');
    expect(none.statusCode).toBe(404);
    expect(detailOf(none)).toBe(fr.merchants.notFound);
    const { store } = await pricedPair([]);
    const pending = await registerUser(ctx.app);
    expect((await call(pending, 'POST', '/merchants/application', { store_id: store.id, manager_name: 'Jean Obame', phone: '066 12 34 56' })).statusCode).toBe(201);
    const waiting = await call(pending, 'GET', '/merchants/prices');
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toEqual({ detail: fr.merchants.notApproved, code: 'MERCHANT_NOT_APPROVED' });
  });
});
