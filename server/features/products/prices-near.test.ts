// Issue 28, item 5 — « Prix près de chez vous »: GET /api/products/{id} with the user's position lists
// the stores of the user's town first, then by price, each with its distance; without a position,
// the signed-in user's saved city; the cheapest price stays flagged best wherever it stands; one
// user's position or city never reaches another's answer through the catalogue cache.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalGtin, gs1CheckDigit } from '#contract/barcodes';
import { fr } from '#contract/messages';
import { StoreCitiesResponseSchema } from '#contract/nearby-prices';
import { ProductDetailSchema } from '#contract/product-answers';
import type { ProductDetail } from '#contract/products';
import type { User } from '#contract/users';
import { currentPrices, products, stores } from '../../db/schema';
import { haversineKm } from '../../platform/geo';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { catalogueChanged } from './catalogue-cache';

let ctx: TestContext;
let productId: string;
let barcode: string;
let names: { lbvA: string; lbvB: string; noCity: string; pg: string; fv: string };

// Five stores price one product: the cheapest in Port-Gentil, the dearest in Libreville, and one
// store added by a user without a town, 1 km from the Libreville ones.
const LIBREVILLE = { latitude: 0.39, longitude: 9.45 };
const PORT_GENTIL = { latitude: -0.715, longitude: 8.78 };
const POSITIONS = {
  lbvA: { latitude: 0.4, longitude: 9.45 },
  lbvB: { latitude: 0.42, longitude: 9.44 },
  noCity: { latitude: 0.41, longitude: 9.455 },
  pg: { latitude: -0.72, longitude: 8.78 },
  fv: { latitude: -1.63, longitude: 13.58 },
};

beforeAll(async () => {
  ctx = await createTestContext();
  const tag = randomUUID().slice(0, 6);
  const body = `200${String(Date.now()).slice(-9)}`;
  barcode = `${body}${gs1CheckDigit(body)}`;
  names = { lbvA: `Épicerie Glass ${tag}`, lbvB: `Supérette Louis ${tag}`, noCity: `Boutique Chez Paul ${tag}`, pg: `Marché du Grand Village ${tag}`, fv: `Mbolo Franceville ${tag}` };
  const rows = await ctx.db
    .insert(stores)
    .values([
      { name: names.lbvA, city: 'Libreville', ...POSITIONS.lbvA, source: 'seed' },
      { name: names.lbvB, city: 'Libreville', ...POSITIONS.lbvB, source: 'seed' },
      { name: names.noCity, city: null, ...POSITIONS.noCity, source: 'user' },
      { name: names.pg, city: 'Port-Gentil', ...POSITIONS.pg, source: 'seed' },
      { name: names.fv, city: 'Franceville', ...POSITIONS.fv, source: 'seed' },
    ])
    .returning({ id: stores.id });
  const [product] = await ctx.db.insert(products).values({ name: `Lait concentré test ${tag}`, category: 'Produits laitiers', barcode }).returning({ id: products.id });
  productId = product.id;
  const observedAt = new Date();
  const prices = [1200, 1000, 1100, 800, 900];
  await ctx.db.insert(currentPrices).values(rows.map((store, i) => ({ productId, storeId: store.id, priceXaf: prices[i], observedAt })));
  await catalogueChanged(ctx.db);
});
afterAll(() => ctx.close());

const detail = async (query = '', token?: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}${query}`, headers: token ? bearer(token) : {} });
  expect(res.statusCode, res.body).toBe(200);
  return ProductDetailSchema.parse(res.json()) as ProductDetail;
};
const at = ({ latitude, longitude }: { latitude: number; longitude: number }) => `?latitude=${latitude}&longitude=${longitude}`;
const storesOf = (d: ProductDetail) => d.prices.map((p) => [p.store_name, p.price]);
const savePreferences = (who: SignedIn, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/me/preferences', headers: bearer(who.access_token), payload });

describe('GET /api/products/{id} near the user', () => {
  it('without a position: cheapest first, the cheapest flagged best, no distance, each store with its town', async () => {
    const d = await detail();
    expect(storesOf(d)).toEqual([
      [names.pg, 800],
      [names.fv, 900],
      [names.lbvB, 1000],
      [names.noCity, 1100],
      [names.lbvA, 1200],
    ]);
    expect(d.prices.map((p) => p.is_best)).toEqual([true, false, false, false, false]);
    expect(d.prices.every((p) => p.distance_km === null)).toBe(true);
    // A store added without a town counts in the town of the store 1 km away.
    expect(d.prices.map((p) => p.city)).toEqual(['Port-Gentil', 'Franceville', 'Libreville', 'Libreville', 'Libreville']);
  });

  it('from Libreville: the Libreville stores first by price, then the others by price; the cheapest (Port-Gentil) still flagged best; distances in km', async () => {
    const d = await detail(at(LIBREVILLE));
    expect(storesOf(d)).toEqual([
      [names.lbvB, 1000],
      [names.noCity, 1100],
      [names.lbvA, 1200],
      [names.pg, 800],
      [names.fv, 900],
    ]);
    expect(d.prices.find((p) => p.is_best)?.store_name).toBe(names.pg);
    expect(d.prices.filter((p) => p.is_best)).toHaveLength(1);
    // The product's own price is still its cheapest.
    expect(d).toMatchObject({ price: 800, shop_name: names.pg });
    for (const p of d.prices) {
      expect(typeof p.distance_km).toBe('number');
      expect(p.distance_km).toBeCloseTo(haversineKm(LIBREVILLE, p), 1);
      expect(Math.round(p.distance_km! * 10) / 10).toBe(p.distance_km);
    }
    expect(d.prices[2].distance_km).toBeCloseTo(1.1, 1);
    expect(d.prices[3].distance_km).toBeGreaterThan(100);
  });

  it('from Port-Gentil: the Port-Gentil store first, then by price', async () => {
    const d = await detail(at(PORT_GENTIL));
    expect(storesOf(d).map(([name]) => name)).toEqual([names.pg, names.fv, names.lbvB, names.noCity, names.lbvA]);
    expect(d.prices[0].distance_km).toBeLessThan(1);
  });

  it('keeps one order per request: a position never reaches the cached answer of the next request', async () => {
    const [near, plain, port] = await Promise.all([detail(at(LIBREVILLE)), detail(), detail(at(PORT_GENTIL))]);
    expect(near.prices[0].store_name).toBe(names.lbvB);
    expect(port.prices[0].store_name).toBe(names.pg);
    expect(plain.prices[0].store_name).toBe(names.pg);
    expect(plain.prices.every((p) => p.distance_km === null)).toBe(true);
    expect((await detail()).prices.every((p) => p.distance_km === null)).toBe(true);
  });

  it.each([
    ['latitude=abc&longitude=9.45', fr.nearbyPrices.latitudeInvalid],
    ['latitude=95&longitude=9.45', fr.nearbyPrices.latitudeInvalid],
    ['latitude=&longitude=9.45', fr.nearbyPrices.latitudeInvalid],
    ['latitude=0.39&longitude=200', fr.nearbyPrices.longitudeInvalid],
    ['latitude=0.39&longitude=Infinity', fr.nearbyPrices.longitudeInvalid],
    ['latitude=0.39', fr.nearbyPrices.positionIncomplete],
    ['latitude=0.39&latitude=0.4&longitude=9.45', fr.nearbyPrices.latitudeInvalid],
  ])('answers ?%s with 400 and a French message', async (query, message) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(detailOf(res)).toBe(message);
  });

  it('orders the product found by its barcode the same way', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/by-barcode/${barcode}${at(LIBREVILLE)}` });
    expect(res.statusCode, res.body).toBe(200);
    const d = ProductDetailSchema.parse(res.json()) as ProductDetail;
    expect(d.barcode).toBe(canonicalGtin(barcode));
    expect(storesOf(d).map(([name]) => name)).toEqual([names.lbvB, names.noCity, names.lbvA, names.pg, names.fv]);
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/products/by-barcode/${barcode}?latitude=nord&longitude=9.45` });
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe(fr.nearbyPrices.latitudeInvalid);
  });

  it('answers an unknown product with a position with 404, not 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${randomUUID()}${at(LIBREVILLE)}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('the city a user keeps', () => {
  let amina: SignedIn;
  let brice: SignedIn;
  beforeAll(async () => {
    [amina, brice] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  });

  it('is saved in the preferences as the stores spell it, and orders that city first when no position is given', async () => {
    const res = await savePreferences(amina, { city: 'franceville' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as User).preferences).toMatchObject({ city: 'Franceville', track_prices: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(amina.access_token) });
    expect((me.json() as User).preferences.city).toBe('Franceville');
    const d = await detail('', amina.access_token);
    expect(storesOf(d).map(([name]) => name)).toEqual([names.fv, names.pg, names.lbvB, names.noCity, names.lbvA]);
    expect(d.prices.find((p) => p.is_best)?.store_name).toBe(names.pg);
    expect(d.prices.every((p) => p.distance_km === null)).toBe(true);
  });

  it("does not leak to another user, nor to a visitor", async () => {
    expect((await detail('', brice.access_token)).prices[0].store_name).toBe(names.pg);
    expect((await detail()).prices[0].store_name).toBe(names.pg);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(brice.access_token) });
    expect((other.json() as User).preferences.city).toBeNull();
  });

  it('gives way to the position when one is given', async () => {
    expect((await detail(at(LIBREVILLE), amina.access_token)).prices[0].store_name).toBe(names.lbvB);
  });

  it('follows a change at once, and « Toutes les villes » (null) is cheapest first again', async () => {
    expect((await savePreferences(amina, { city: 'Libreville' })).statusCode).toBe(200);
    expect((await detail('', amina.access_token)).prices[0].store_name).toBe(names.lbvB);
    const cleared = await savePreferences(amina, { city: null });
    expect(cleared.statusCode).toBe(200);
    expect((cleared.json() as User).preferences.city).toBeNull();
    expect((await detail('', amina.access_token)).prices[0].store_name).toBe(names.pg);
  });

  it('refuses a town without stores and a malformed city in French, keeping the saved one', async () => {
    await savePreferences(amina, { city: 'Port-Gentil' });
    const paris = await savePreferences(amina, { city: 'Paris' });
    expect(paris.statusCode).toBe(400);
    expect(detailOf(paris)).toBe(fr.nearbyPrices.cityUnknown);
    for (const city of ['', '   ', 42, 'x'.repeat(81)]) {
      const bad = await savePreferences(amina, { city });
      expect(bad.statusCode, JSON.stringify(city)).toBe(400);
      expect(detailOf(bad)).toBe(fr.nearbyPrices.cityInvalid);
    }
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(amina.access_token) });
    expect((me.json() as User).preferences.city).toBe('Port-Gentil');
  });
});

describe('GET /api/stores/cities', () => {
  it('lists, signed out, the towns the stores are in, the one with most stores first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stores/cities' });
    expect(res.statusCode).toBe(200);
    const { cities } = StoreCitiesResponseSchema.parse(res.json());
    expect(cities.map((c) => c.city)).toEqual(expect.arrayContaining(['Libreville', 'Owendo', 'Akanda', 'Port-Gentil', 'Franceville']));
    expect(cities[0].city).toBe('Libreville');
    const counts = cities.map((c) => c.store_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
