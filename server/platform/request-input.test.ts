// Inputs that were 500s (found by fuzzing the running app) now answer a French 4xx: NUL bytes and
// lone surrogates in any text field, impossible or garbage dates, a 20 000-deep JSON array, path ids
// over Fastify's length limit, malformed URLs and oversized headers.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInGabon } from '#contract/format';
import type { ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { STAND_IN_CREDENTIALS } from '../test/airtel-stand-in';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../test/harness';

let ctx: TestContext;
let alice: SignedIn;
let list: ShoppingList;
let productId: string;

beforeAll(async () => {
  // Airtel Money configured, so that its callback route really reads the body (nothing is called).
  ctx = await createTestContext({ airtelMoney: { baseUrl: 'http://127.0.0.1:9', ...STAND_IN_CREDENTIALS, timeoutMs: 1000 } });
  alice = await registerUser(ctx.app);
  productId = ((await ctx.app.inject({ method: 'GET', url: '/api/products?limit=1' })).json() as { id: string }[])[0].id;
  const created = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: bearer(alice.access_token), payload: { name: 'Courses', items: [{ product_id: productId, quantity: 1 }] } });
  expect(created.statusCode, created.body).toBe(201);
  list = created.json();
});
afterAll(() => ctx.close());

const as = (who: SignedIn) => bearer(who.access_token);
const expectFrench400 = (res: { statusCode: number; json: () => unknown; body: string }, detail: string, code: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ detail, code });
};

describe('NUL characters', () => {
  it('in the query string of an unauthenticated catalogue search: a French 400, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products?search=a%00b' });
    expectFrench400(res, fr.hardening.nulCharacter, 'TEXT_NUL_CHARACTER');
    // The search itself still works.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products?search=riz' })).statusCode).toBe(200);
  });

  it('in a JSON field, a property name or a path id: refused before anything is stored', async () => {
    const named = await ctx.app.inject({ method: 'PUT', url: `/api/shopping-lists/${list.id}`, headers: as(alice), payload: { name: 'Cour\u0000ses', items: [{ product_id: productId, quantity: 1 }] } });
    expectFrench400(named, fr.hardening.nulCharacter, 'TEXT_NUL_CHARACTER');
    const store = await ctx.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: as(alice),
      payload: { name: 'Épicerie du coin', address: 'Rue 1', latitude: 0.4, longitude: 9.45, opening_hours: { 'lun\u0000di': '8h-18h' } },
    });
    expectFrench400(store, fr.hardening.nulCharacter, 'TEXT_NUL_CHARACTER');
    const path = await ctx.app.inject({ method: 'GET', url: '/api/products/a%00b' });
    expectFrench400(path, fr.hardening.nulCharacter, 'TEXT_NUL_CHARACTER');
    const unchanged = (await ctx.app.inject({ method: 'GET', url: `/api/shopping-lists/${list.id}`, headers: as(alice) })).json() as ShoppingList;
    expect(unchanged.name).toBe('Courses');
  });
});

describe('lone UTF-16 surrogates', () => {
  it('in text stored as jsonb (an optimisation, a store’s opening hours): a French 400, not a 500', async () => {
    const optimise = await ctx.app.inject({
      method: 'POST',
      url: '/api/shopping/optimize',
      headers: { ...as(alice), 'content-type': 'application/json' },
      payload: '{"items":[{"product_name":"Pain \\ud800","quantity":1}],"user_latitude":0.4,"user_longitude":9.45}',
    });
    expectFrench400(optimise, fr.hardening.invalidUnicode, 'TEXT_INVALID_UNICODE');
    const store = await ctx.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...as(alice), 'content-type': 'application/json' },
      payload: '{"name":"Épicerie","address":"Rue 2","latitude":0.4,"longitude":9.45,"opening_hours":{"lundi":"8h\\udc00"}}',
    });
    expectFrench400(store, fr.hardening.invalidUnicode, 'TEXT_INVALID_UNICODE');
  });

  it('a proper surrogate pair (an emoji) is of course accepted', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: as(alice), payload: { name: 'Fête 🎉', items: [{ product_id: productId, quantity: 1 }] } });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ShoppingList).name).toBe('Fête 🎉');
  });
});

describe('absurd nesting', () => {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('a 20 000-deep array in the Airtel Money callback: a French 400, not a stack overflow', async () => {
    for (const payload of [deep(20_000), `{"transaction":${deep(20_000)},"hash":"x"}`]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/callbacks/airtel', headers: { 'content-type': 'application/json' }, payload });
      expectFrench400(res, fr.hardening.tooDeep, 'INPUT_TOO_DEEP');
    }
    // An ordinary (unsigned) callback still reaches the route's own checks.
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/payments/callbacks/airtel', payload: { transaction: { id: 'x', status_code: 'TS' }, hash: 'faux' } });
    expect(unsigned.statusCode).toBe(401);
  });

  it('any route: nesting beyond 32 levels is refused, ordinary payloads pass', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/preferences', headers: { ...as(alice), 'content-type': 'application/json' }, payload: `{"notifications":${deep(40)}}` });
    expectFrench400(res, fr.hardening.tooDeep, 'INPUT_TOO_DEEP');
  });
});

describe('dates', () => {
  const fakeId = '5b3f0c3e-9a43-4f3e-8d55-2f1c2e6a7b10';
  const book = (date: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shopping/book-delivery?${new URLSearchParams({ cart_id: fakeId, delivery_address: 'Quartier Louis', delivery_date: date, delivery_time_slot: 'morning', payment_method_id: fakeId })}`,
      headers: as(alice),
    });
  const request = (date: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/deliveries',
      headers: as(alice),
      payload: { shopping_list_id: list.id, delivery_address: 'Quartier Louis', latitude: 0.4, longitude: 9.45, delivery_date: date, delivery_time_slot: '10:00-12:00' },
    });

  it('booking: an impossible date or a garbage string is a French 400', async () => {
    for (const date of ['2026-11-31', '2027-02-29', '2026-11-25T99:99:99garbage', '2026-13-01', `${addDays(todayInGabon(), 2)}x`]) {
      const res = await book(date);
      expect(res.statusCode, date).toBe(400);
      expect(detailOf(res)).toBe(fr.delivery.dateInvalid);
    }
    expect(detailOf(await book(''))).toBe(fr.booking.requiredFields);
  });

  it('delivery request: calendar dates and full ISO date-times pass, impossible ones and garbage are a French 400', async () => {
    for (const date of ['2026-11-31', '2026-02-30', '2026-11-25T99:99:99garbage', '2026-11-25T10:00:00', '2026-11-25T24:00:00Z', '2026-11-25T10:00:00+25:00', 'demain']) {
      const res = await request(date);
      expect(res.statusCode, date).toBe(400);
      expect(detailOf(res)).toBe(fr.delivery.dateInvalid);
    }
    // A full ISO date-time is still a valid date: the request is booked.
    const valid = await request(`${addDays(todayInGabon(), 1)}T08:30:00.000Z`);
    expect(valid.statusCode, valid.body).toBe(201);
  });
});

describe('URLs', () => {
  it('an over-long path id answers a French 414 that does not echo the URL', async () => {
    const id = 'a'.repeat(5000);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: fr.hardening.urlTooLong, code: 'URL_TOO_LONG' });
    expect(res.body).not.toContain('aaaa');
    const signedIn = await ctx.app.inject({ method: 'DELETE', url: `/api/shopping-lists/${id}`, headers: as(alice) });
    expect(signedIn.statusCode).toBe(414);
  });

  it('a malformed percent-encoding answers a French 400 that does not echo the URL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: fr.hardening.badUrl, code: 'BAD_URL' });
  });

  it('over real HTTP, an oversized header answers a French 431', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', headers: { 'x-remplissage': 'x'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ detail: fr.hardening.headersTooLarge });
  });
});
