import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import type { Place, Store } from '#contract/stores';
import { stores } from '../../db/schema';
import { haversineKm } from '../../platform/geo';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { overpassSource } from './overpass-source';
import { importStores } from './store-import';

let ctx: TestContext;
let user: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

const get = (url: string, token = user.access_token) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const postStore = (payload: object, token = user.access_token) => ctx.app.inject({ method: 'POST', url: '/api/stores', payload, headers: bearer(token) });
const places = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().stores as Place[];
};

// Boulevard Triomphal, Libreville.
const LIBREVILLE = { latitude: 0.3936, longitude: 9.4541 };

describe('GET /api/stores', () => {
  it('lists the seeded Gabonese stores to a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/stores' })).statusCode).toBe(401);
    const res = await get('/api/stores');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Store[];
    expect(list.length).toBeGreaterThanOrEqual(33);
    expect(list.map((s) => s.name)).toEqual(expect.arrayContaining(['Géant CKdo', 'Marché Mont-Bouët', 'Score Port-Gentil']));
    expect(list[0]).toHaveProperty('opening_hours');
  });
});

describe('GET /api/places/nearby-stores', () => {
  it('reads radius=5 as kilometres and radius=5000 as metres, and sorts by real distance', async () => {
    const km = await places(`/api/places/nearby-stores?latitude=${LIBREVILLE.latitude}&longitude=${LIBREVILLE.longitude}&radius=5`);
    const metres = await places(`/api/places/nearby-stores?latitude=${LIBREVILLE.latitude}&longitude=${LIBREVILLE.longitude}&radius=5000`);
    expect(km.map((s) => s.id)).toEqual(metres.map((s) => s.id));
    expect(km.length).toBeGreaterThan(5);
    for (const place of km) {
      const real = haversineKm(LIBREVILLE, place);
      expect(place.distance).toBeCloseTo(real, 2);
      expect(place.distance_m).toBe(Math.round(real * 1000));
      expect(real).toBeLessThanOrEqual(5);
      expect(place.place_id).toBe(place.id);
      expect(place.vicinity.length).toBeGreaterThan(0);
    }
    const distances = km.map((s) => s.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(km.some((s) => s.city === 'Port-Gentil')).toBe(false);
  });

  it('keeps to the 2000 m of the store finder', async () => {
    const near = await places(`/api/places/nearby-stores?latitude=${LIBREVILLE.latitude}&longitude=${LIBREVILLE.longitude}&radius=2000`);
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((s) => s.distance_m! <= 2000)).toBe(true);
  });

  it('finds Port-Gentil stores from Port-Gentil', async () => {
    const found = await places('/api/places/nearby-stores?latitude=-0.72&longitude=8.783&radius=3');
    expect(found[0].name).toBe('Foberd Port-Gentil');
  });

  it.each(['longitude=9.45&radius=5', 'latitude=abc&longitude=9.45', 'latitude=95&longitude=9.45', 'latitude=0.39&longitude=9.45&radius=-1', 'latitude=0.39&longitude=9.45&radius=999999'])(
    'refuses %s with 400',
    async (query) => {
      const res = await get(`/api/places/nearby-stores?${query}`);
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/places/search-stores', () => {
  it('matches name, address or district with accents and case ignored', async () => {
    expect((await places('/api/places/search-stores?query=geant')).map((s) => s.name)).toContain('Géant CKdo');
    expect((await places(`/api/places/search-stores?query=${encodeURIComponent('MONT-BOUËT')}`)).map((s) => s.name)).toContain('Marché Mont-Bouët');
    expect((await places('/api/places/search-stores?query=okala')).length).toBeGreaterThanOrEqual(3);
  });

  it('tolerates a typo', async () => {
    const found = await places('/api/places/search-stores?query=carefour');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.name.includes('Carrefour'))).toBe(true);
  });

  it('reads its words as the product search does: stopwords, elisions and plurals; a lookalike is not a typo', async () => {
    const q = async (query: string) => (await places(`/api/places/search-stores?query=${encodeURIComponent(query)}`)).map((s) => s.name);
    expect(await q('marché de mont-bouët')).toContain('Marché Mont-Bouët');
    expect(await q("marché d'oloumi")).toContain("Marché d'Oloumi (marché CTRI)");
    expect(await q('marchés akanda')).toContain("Marché d'Akanda");
    expect(await q('ordinateur')).toEqual([]);
    expect(await q('scoore')).toEqual(expect.arrayContaining(['Supermarché Score Centre-ville', 'Score Port-Gentil']));
  });

  it('orders by distance from the position given', async () => {
    const found = await places('/api/places/search-stores?query=ckdo&latitude=-1.63&longitude=13.585&radius=10000');
    expect(found[0].city).toBe('Franceville');
    const distances = found.map((s) => s.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('needs 2 characters and treats metacharacters as text', async () => {
    const short = await get('/api/places/search-stores?query=a');
    expect(short.statusCode).toBe(400);
    expect(detailOf(short)).toBe(fr.stores.queryTooShort);
    for (const query of ['%%', '__', "' or 1=1 --", '.*+?']) {
      expect(await places(`/api/places/search-stores?query=${encodeURIComponent(query)}`)).toEqual([]);
    }
  });
});

describe('POST /api/stores', () => {
  const place = { name: 'Boutique Chez Mama Rose', address: 'Carrefour Léon Mba', latitude: 0.4012, longitude: 9.4613, phone: null, opening_hours: {} };

  it('creates a store, and answers the same store for the same name within 50 m', async () => {
    const first = await postStore(place);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: place.name, address: place.address, already_existed: false, source: 'user' });
    const again = await postStore({ ...place, name: 'boutique chez MAMA ROSE', latitude: 0.4014 }, (await registerUser(ctx.app)).access_token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, already_existed: true });
    const [row] = await ctx.db.select().from(stores).where(eq(stores.id, first.json().id));
    expect(row.createdBy).toBe(user.user.id);
  });

  it('creates another store with the same name farther than 50 m, or another name at the same place', async () => {
    const far = await postStore({ ...place, latitude: 0.4032 });
    expect(far.statusCode).toBe(201);
    const otherName = await postStore({ ...place, name: 'Pharmacie du carrefour' });
    expect(otherName.statusCode).toBe(201);
  });

  it.each([
    [{ ...place, name: '' }, fr.stores.nameRequired],
    [{ ...place, latitude: 91 }, fr.stores.positionInvalid],
    [{ ...place, longitude: 'est' }, fr.stores.positionInvalid],
  ])('refuses %j', async (payload, message) => {
    const res = await postStore(payload);
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
  });

  it('is for consumers', async () => {
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await postStore(place, agent.access_token)).statusCode).toBe(403);
  });
});

describe('store import seam (OpenStreetMap through Overpass)', () => {
  const overpassAnswer = {
    elements: [
      { type: 'node', id: 101, lat: 0.3915, lon: 9.4532, tags: { shop: 'supermarket', name: 'Superette Glass', 'addr:street': 'Rue de Glass', 'addr:city': 'Libreville', opening_hours: 'Mo-Sa 08:00-20:00' } },
      { type: 'way', id: 202, center: { lat: 0.3921, lon: 9.4547 }, tags: { shop: 'convenience', name: 'Alimentation Louis', phone: '+241 01 00 00 00' } },
      { type: 'node', id: 303, lat: 0.39, lon: 9.45, tags: { shop: 'supermarket' } },
    ],
  };
  const requests: string[] = [];
  const fakeOverpass: typeof fetch = async (_url, init) => {
    requests.push(String(init?.body));
    return new Response(JSON.stringify(overpassAnswer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const area = { south: 0.35, west: 9.4, north: 0.45, east: 9.5 };

  it('inserts the stores once, updates them on the next import, and places find them', async () => {
    const source = overpassSource({ fetch: fakeOverpass });
    expect(await importStores(ctx.db, source, area)).toEqual({ inserted: 2, updated: 0 });
    overpassAnswer.elements[0].tags.name = 'Superette Glass (rénovée)';
    expect(await importStores(ctx.db, source, area)).toEqual({ inserted: 0, updated: 2 });
    expect(decodeURIComponent(requests[0])).toContain('node["shop"~"^(supermarket|');

    const rows = await ctx.db.select().from(stores).where(eq(stores.source, 'osm'));
    expect(rows.map((r) => [r.externalId, r.name]).sort()).toEqual([
      ['node/101', 'Superette Glass (rénovée)'],
      ['way/202', 'Alimentation Louis'],
    ]);
    const found = await places('/api/places/nearby-stores?latitude=0.3915&longitude=9.4532&radius=200');
    expect(found[0]).toMatchObject({ name: 'Superette Glass (rénovée)', address: 'Rue de Glass, Libreville', opening_hours: { osm: 'Mo-Sa 08:00-20:00' } });
  });

  it('refuses a source that would pass for seeded or user stores', async () => {
    await expect(importStores(ctx.db, { name: 'user', fetchStores: async () => [] }, area)).rejects.toThrow();
  });
});
