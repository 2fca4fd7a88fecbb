import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import type { ContributionResponse, PriceHistory } from '#contract/prices';
import type { ProductDetail } from '#contract/products';
import { currentPrices, priceObservations, stores } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, trustedUser, type SignedIn, type TestContext } from '../../test/harness';
import { dataUrl, fakeJpegDataUrl, pngBytes, sixMegabytePng } from '../../test/images';
import { findStore } from '../stores/stores.service';
import { recordObservation } from './prices.service';

let ctx: TestContext;
let alice: SignedIn;
let store: { id: string; latitude: number; longitude: number };
let farStore: { id: string; latitude: number; longitude: number };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await trustedUser(ctx);
  [store] = await ctx.db.select().from(stores).where(eq(stores.name, 'Géant CKdo'));
  [farStore] = await ctx.db.select().from(stores).where(eq(stores.name, 'Score Port-Gentil'));
});
afterAll(() => ctx.close());

const inStore = (s = store) => ({ latitude: s.latitude + 0.0004, longitude: s.longitude - 0.0003 });
const contribute = (payload: object, token = alice.access_token) =>
  ctx.app.inject({ method: 'POST', url: '/api/prices/contribute', payload, headers: bearer(token) });
const detail = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetail;
const priceIn = async (productId: string, storeId = store.id) => (await detail(productId)).prices.find((p) => p.store_id === storeId)?.price;
const dashboardContributions = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(token) })).json().counters.contributions as number;

/** A fresh product priced 1000 FCFA in the store, so the store's recent median is known. */
async function productAt1000(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    payload: { name: `Produit ${Math.random().toString(36).slice(2, 9)}`, shop_id: store.id, price: 1000 },
    headers: bearer(alice.access_token),
  });
  expect(res.statusCode).toBe(201);
  return res.json().product.id;
}

let productId: string;
beforeEach(async () => {
  productId = await productAt1000();
});

describe('POST /api/prices/contribute', () => {
  it('records the price, makes it the current price and counts it on the dashboard', async () => {
    const before = await dashboardContributions(alice.access_token);
    // Read first, so a cached catalogue answer would show if the contribution did not clear it.
    expect(await priceIn(productId)).toBe(1000);
    const listed = async () => ((await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent((await detail(productId)).name)}` })).json() as { price: number }[])[0].price;
    expect(await listed()).toBe(1000);
    const res = await contribute({ product_id: productId, store_id: store.id, price: 1100, ...inStore(), image_base64: null });
    expect(res.statusCode).toBe(201);
    const body = res.json() as ContributionResponse;
    expect(body).toMatchObject({ success: true, duplicate: false, current_price: 1100, message: fr.contribute.success });
    expect(body.observation).toMatchObject({ product_id: productId, store_id: store.id, price: 1100, status: 'accepted', review_reason: null });
    expect(await priceIn(productId)).toBe(1100);
    expect(await listed()).toBe(1100);
    expect(await dashboardContributions(alice.access_token)).toBe(before + 1);
    const [row] = await ctx.db.select().from(priceObservations).where(eq(priceObservations.id, body.observation.id));
    expect(row).toMatchObject({ userId: alice.user.id, source: 'contribution', latitude: inStore().latitude });
  });

  it('keeps a photo sent as bare base64, checked by content', async () => {
    const png = await pngBytes(800, 600);
    const res = await contribute({ product_id: productId, store_id: store.id, price: 1050, ...inStore(), image_base64: png.toString('base64') });
    expect(res.statusCode).toBe(201);
    expect(res.json().observation.photo_url).toMatch(/^\/uploads\/prices\/[0-9a-f]{32}\.webp$/);
    const withPrefix = await contribute({ product_id: productId, store_id: store.id, price: 1060, ...inStore(), image_base64: dataUrl(png) });
    expect(withPrefix.statusCode).toBe(201);
  });

  it('refuses a fake photo (415) and a 6 MB photo (413) without recording anything', async () => {
    const rows = async () => (await ctx.db.select({ n: count() }).from(priceObservations).where(eq(priceObservations.productId, productId)))[0].n;
    const before = await rows();
    const fake = await contribute({ product_id: productId, store_id: store.id, price: 1000, ...inStore(), image_base64: fakeJpegDataUrl() });
    expect(fake.statusCode).toBe(415);
    expect(detailOf(fake)).toBe(fr.image.unsupported);
    const big = await contribute({ product_id: productId, store_id: store.id, price: 1000, ...inStore(), image_base64: (await sixMegabytePng()).toString('base64') });
    expect(big.statusCode).toBe(413);
    expect(detailOf(big)).toBe(fr.image.productTooLarge);
    expect(await rows()).toBe(before);
  });

  it.each([
    ['product_id', undefined, fr.contribute.productRequired],
    ['product_id', 'pomme', fr.contribute.productRequired],
    ['store_id', undefined, fr.contribute.storeRequired],
    ['price', undefined, fr.contribute.priceInvalid],
    ['price', -250, fr.contribute.priceInvalid],
    ['price', 0, fr.contribute.priceInvalid],
    ['price', 'mille', fr.contribute.priceInvalid],
    ['price', 'NaN', fr.contribute.priceInvalid],
    ['price', 50_000_000, fr.contribute.priceTooHigh],
    ['latitude', undefined, fr.contribute.locationRequired],
    ['longitude', null, fr.contribute.locationRequired],
    ['latitude', 123, fr.contribute.locationRequired],
  ])('refuses %s = %j with its French message', async (field, value, message) => {
    const payload: Record<string, unknown> = { product_id: productId, store_id: store.id, price: 900, ...inStore() };
    if (value === undefined) delete payload[field];
    else payload[field] = value;
    const res = await contribute(payload);
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
  });

  it('answers 404 for an unknown product or store', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const noProduct = await contribute({ product_id: unknown, store_id: store.id, price: 900, ...inStore() });
    expect(noProduct.statusCode).toBe(404);
    expect(detailOf(noProduct)).toBe(fr.products.notFound);
    const noStore = await contribute({ product_id: productId, store_id: unknown, price: 900, ...inStore() });
    expect(noStore.statusCode).toBe(404);
    expect(detailOf(noStore)).toBe(fr.stores.notFound);
  });

  it('is for signed-in consumers', async () => {
    const payload = { product_id: productId, store_id: store.id, price: 900, ...inStore() };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/prices/contribute', payload })).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await contribute(payload, agent.access_token)).statusCode).toBe(403);
  });
});

describe('trust rules', () => {
  it('holds a contribution made more than 1 km from the store, without changing the current price', async () => {
    const res = await contribute({ product_id: productId, store_id: store.id, price: 1100, latitude: store.latitude + 0.02, longitude: store.longitude });
    expect(res.statusCode).toBe(201);
    const body = res.json() as ContributionResponse;
    expect(body.observation.status).toBe('held');
    expect(body.observation.review_reason).toBe(fr.contribute.heldTooFar('2,2'));
    expect(body.message).toBe(fr.contribute.held);
    expect(body.current_price).toBe(1000);
    expect(await priceIn(productId)).toBe(1000);
  });

  it('holds a price more than 3× above or below the shown price, and accepts one within (it then waits for a second contributor)', async () => {
    const [bob, carol, dave] = await Promise.all([trustedUser(ctx), trustedUser(ctx), trustedUser(ctx)]);
    const high = (await contribute({ product_id: productId, store_id: store.id, price: 3001, ...inStore() }, bob.access_token)).json() as ContributionResponse;
    expect(high.observation).toMatchObject({ status: 'held' });
    expect(high.observation.review_reason).toContain('prix affiché dans ce magasin');
    const low = (await contribute({ product_id: productId, store_id: store.id, price: 333, ...inStore() }, carol.access_token)).json() as ContributionResponse;
    expect(low.observation.status).toBe('held');
    const within = (await contribute({ product_id: productId, store_id: store.id, price: 3000, ...inStore() }, dave.access_token)).json() as ContributionResponse;
    expect(within).toMatchObject({ observation: { status: 'accepted' }, awaiting_confirmation: true, current_price: 1000, message: fr.contribute.awaitingConfirmation });
    expect(await priceIn(productId)).toBe(1000);
  });

  it('never counts held observations, however many contributors send them', async () => {
    for (let i = 0; i < 3; i++) {
      const someone = await trustedUser(ctx);
      const held = await contribute({ product_id: productId, store_id: store.id, price: 9000 + i, ...inStore() }, someone.access_token);
      expect(held.json().observation.status).toBe('held');
    }
    expect(await priceIn(productId)).toBe(1000);
  });

  it('counts held contributions as the contributor\u2019s contributions', async () => {
    const bob = await trustedUser(ctx);
    await contribute({ product_id: productId, store_id: store.id, price: 1000, ...inStore() }, bob.access_token);
    await contribute({ product_id: productId, store_id: store.id, price: 99_000, ...inStore() }, bob.access_token);
    expect(await dashboardContributions(bob.access_token)).toBe(2);
    expect(await dashboardContributions(alice.access_token)).toBeGreaterThan(0);
  });

  it('accepts the first price of a product in a store without history', async () => {
    const res = await contribute({ product_id: productId, store_id: farStore.id, price: 1400, ...inStore(farStore) });
    expect(res.json().observation.status).toBe('accepted');
    expect(await priceIn(productId, farStore.id)).toBe(1400);
  });
});

describe('repeated submissions', () => {
  it('counts the same contribution within a minute once, and again after the minute', async () => {
    const bob = await trustedUser(ctx);
    const rows = async () =>
      (await ctx.db.select({ n: count() }).from(priceObservations).where(and(eq(priceObservations.productId, productId), eq(priceObservations.source, 'contribution'))))[0].n;
    const payload = { product_id: productId, store_id: store.id, price: 1150, ...inStore() };
    const first = await contribute(payload, bob.access_token);
    expect(first.statusCode).toBe(201);
    ctx.clock.advance(30_000);
    const second = await contribute(payload, bob.access_token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ duplicate: true, message: fr.contribute.duplicate, observation: { id: first.json().observation.id } });
    expect(await rows()).toBe(1);
    const [a, b] = await Promise.all([contribute({ ...payload, price: 1160 }, bob.access_token), contribute({ ...payload, price: 1160 }, bob.access_token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(await rows()).toBe(2);
    ctx.clock.advance(61_000);
    expect((await contribute(payload, bob.access_token)).statusCode).toBe(201);
    expect(await rows()).toBe(3);
  });
});

describe('current price', () => {
  it("counts a contributor's latest observation: an older one recorded later does not replace it", async () => {
    const storeRow = await findStore(ctx.db, store.id, { userId: alice.user.id, sessionId: '', userType: 'consumer' });
    await contribute({ product_id: productId, store_id: store.id, price: 1200, ...inStore() });
    const tenDaysAgo = new Date(ctx.clock.now().getTime() - 10 * 24 * 3600 * 1000);
    const late = await ctx.db.transaction((tx) =>
      recordObservation(tx, { productId, store: storeRow, userId: alice.user.id, price: 1300, source: 'product_form', now: tenDaysAgo }),
    );
    expect(late.observation.status).toBe('accepted');
    expect(late.currentPrice).toBe(1200);
    const [current] = await ctx.db.select().from(currentPrices).where(and(eq(currentPrices.productId, productId), eq(currentPrices.storeId, store.id)));
    expect(current.priceXaf).toBe(1200);
  });
});

describe('GET /api/products/{id}/price-history', () => {
  it('gives one series per store of accepted prices in time order, held ones left out', async () => {
    await contribute({ product_id: productId, store_id: store.id, price: 1100, ...inStore() });
    ctx.clock.advance(120_000);
    await contribute({ product_id: productId, store_id: store.id, price: 50_000, ...inStore() });
    await contribute({ product_id: productId, store_id: farStore.id, price: 1500, ...inStore(farStore) });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/price-history` });
    expect(res.statusCode).toBe(200);
    const history = res.json() as PriceHistory;
    expect(history).toMatchObject({ product_id: productId, currency: 'XAF' });
    expect(history.series.map((s) => [s.store_name, s.points.map((p) => p.price)])).toEqual([
      ['Géant CKdo', [1000, 1100]],
      ['Score Port-Gentil', [1500]],
    ]);
    const times = history.series[0].points.map((p) => p.observed_at);
    expect(times).toEqual([...times].sort());
  });

  it('covers the seeded weeks of history of a seeded product', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/products?search=riz+parfume' })).json() as { id: string }[];
    const history = (await ctx.app.inject({ method: 'GET', url: `/api/products/${list[0].id}/price-history?days=120` })).json() as PriceHistory;
    expect(history.series.length).toBeGreaterThan(3);
    expect(history.series.some((s) => s.points.length > 1)).toBe(true);
  });

  it('answers 404 for an unknown product and 400 for a bad window', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000/price-history' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/price-history?days=0` })).statusCode).toBe(400);
  });
});

describe('price alerts', () => {
  const listWith = async (owner: SignedIn, product: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/shopping-lists',
      payload: { name: 'Courses suivies', items: [{ product_id: product, quantity: 1 }] },
      headers: bearer(owner.access_token),
    });
  const alertsOf = async (who: SignedIn) =>
    ((await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who.access_token) })).json().notifications as { type: string; body: string }[]).filter(
      (n) => n.type === 'price_alert',
    );

  it('a lower shown price tells the users who have the product on a list and follow prices — not the others; a lone report alerts nobody', async () => {
    const follower = await trustedUser(ctx);
    const indifferent = await trustedUser(ctx, { preferences: { track_prices: false, contribute_in_store: false } });
    expect((await listWith(follower, productId)).statusCode).toBe(201);
    expect((await listWith(indifferent, productId)).statusCode).toBe(201);
    const [bob, carol] = await Promise.all([trustedUser(ctx), trustedUser(ctx)]);

    // One contributor alone reports 800: the shown price does not move, nobody is alerted.
    expect((await contribute({ product_id: productId, store_id: store.id, price: 800, ...inStore() }, bob.access_token)).json()).toMatchObject({ awaiting_confirmation: true });
    expect(await priceIn(productId)).toBe(1000);
    expect(await alertsOf(follower)).toHaveLength(0);

    // A second contributor confirms it: the shown price drops, and the follower hears of it.
    expect((await contribute({ product_id: productId, store_id: store.id, price: 820, ...inStore() }, carol.access_token)).statusCode).toBe(201);
    expect(await priceIn(productId)).toBe(800);
    const alerts = await alertsOf(follower);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].body).toContain('Géant CKdo');
    expect(await alertsOf(indifferent)).toHaveLength(0);

    // A held observation (a tenth of the shown price) changes no price and alerts nobody.
    const dave = await trustedUser(ctx);
    expect((await contribute({ product_id: productId, store_id: store.id, price: 80, ...inStore() }, dave.access_token)).json().observation.status).toBe('held');
    expect(await alertsOf(follower)).toHaveLength(1);
  });
});
