// The attack of issue 11, replayed: anyone may register as a delivery agent. Such an account must
// not learn any customer's name, e-mail, phone or address — not from the agent endpoints, not from
// its notifications, not from any other GET of the API — before or after a moderator approves it,
// except for an order it accepted itself; and a second agent never reads the contact of an order
// another agent accepted.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentOrder, AvailableOrder } from '#contract/agent';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { orders } from '../../db/schema';
import type { OrderRow } from '../orders/orders.service';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { deliverWithCode } from '../../test/handover-fixture';
import { insertOrder } from '../../test/orders-fixture';

let ctx: TestContext;
let moderator: SignedIn;
let customer: SignedIn;
let otherCustomer: SignedIn;
let attacker: SignedIn;
let honest: SignedIn;
let ordersOf: OrderRow[];

const CUSTOMER = { full_name: 'Philomène Ntoutoume', phone: '+241 07 31 41 59' };
const OTHER = { full_name: 'Barthélemy Oyono-Mba', phone: '+241 06 27 18 28' };
const ADDRESSES = ['Villa 27, rue des Flamboyants', 'Immeuble Libreville 2000, appartement 14B'];
const NOTES = 'Code du portail : 4815';
const DOOR = { latitude: 0.4123457, longitude: 9.4567891 };

/** Everything that would identify or locate a customer, as it could appear in a body. */
const secrets = () => [
  CUSTOMER.full_name,
  OTHER.full_name,
  customer.user.email,
  otherCustomer.user.email,
  CUSTOMER.phone,
  OTHER.phone,
  ...ADDRESSES,
  NOTES,
  // The exact delivery position.
  String(DOOR.latitude),
  String(DOOR.longitude),
];

function expectNoSecret(body: string, where: string, except: string[] = []) {
  for (const secret of secrets()) if (!except.includes(secret)) expect(body, `${where} laisse voir « ${secret} »`).not.toContain(secret);
}

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: url.startsWith('/api') ? url : `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });

/** Every GET of the API (from its OpenAPI document), with path parameters filled with the given ids. */
async function everyGet(ids: string[]): Promise<string[]> {
  const paths = (await call(null, 'GET', '/api/docs/json')).json().paths as Record<string, Record<string, unknown>>;
  const urls: string[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    if (!('get' in methods) || path.startsWith('/api/docs')) continue;
    if (!path.includes('{')) urls.push(path);
    else for (const id of ids) urls.push(path.replace(/\{[^}]+\}/g, id));
  }
  return urls;
}

async function sweep(who: SignedIn, ids: string[], where: string, except: string[] = []) {
  const urls = await everyGet(ids);
  expect(urls.length).toBeGreaterThan(30);
  for (const url of urls) expectNoSecret((await call(who, 'GET', url)).body, `${where} GET ${url}`, except);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_ACCOUNTS.moderator.email, password: DEMO_ACCOUNTS.moderator.password } });
  moderator = { ...res.json(), password: DEMO_ACCOUNTS.moderator.password };
  customer = await registerUser(ctx.app, CUSTOMER);
  otherCustomer = await registerUser(ctx.app, OTHER);
  attacker = await registerUser(ctx.app, { user_type: 'delivery_agent', full_name: 'Faux Livreur' });
  honest = await registerUser(ctx.app, { user_type: 'delivery_agent', full_name: 'Vrai Livreur' });
  expect((await call(moderator, 'POST', `/admin/agent-applications/${honest.user.id}/approve`, {})).statusCode).toBe(200);
  ordersOf = [await insertOrder(ctx.db, customer.user.id, { address: ADDRESSES[0] }), await insertOrder(ctx.db, otherCustomer.user.id, { address: ADDRESSES[1] })];
  await ctx.db.update(orders).set({ notes: NOTES, ...DOOR, updatedAt: new Date() }).where(inArray(orders.id, ordersOf.map((o) => o.id)));
}, 120_000);
afterAll(() => ctx.close());

describe('a fresh account registered as delivery_agent', () => {
  it('reads nothing of any customer before approval, from any GET of the API', async () => {
    for (const query of ['', '?latitude=0.41&longitude=9.44']) {
      const res = await call(attacker, 'GET', `/delivery-agent/available-orders${query}`);
      expect(res.statusCode).toBe(403);
      expectNoSecret(res.body, 'available-orders');
    }
    const take = await call(attacker, 'POST', `/delivery-agent/accept-order/${ordersOf[0].id}`);
    expect(take.statusCode).toBe(403);
    expectNoSecret(take.body, 'accept-order');
    expect((await call(attacker, 'GET', '/notifications')).json().notifications).toEqual([]);
    await sweep(attacker, [ordersOf[0].id, customer.user.id], 'candidat');
  }, 120_000);

  it('once approved, sees the orders but not who or exactly where, in lists, details, notifications and everywhere else', async () => {
    expect((await call(moderator, 'POST', `/admin/agent-applications/${attacker.user.id}/approve`, {})).statusCode).toBe(200);
    const newer = await insertOrder(ctx.db, customer.user.id, { address: ADDRESSES[0] });
    await ctx.db.update(orders).set({ notes: NOTES, ...DOOR }).where(eq(orders.id, newer.id));
    const res = await call(attacker, 'GET', '/delivery-agent/available-orders?latitude=0.4&longitude=9.45');
    expect(res.statusCode).toBe(200);
    const offered = res.json().available_orders as AvailableOrder[];
    expect(offered.map((o) => o.id)).toEqual(expect.arrayContaining([...ordersOf.map((o) => o.id), newer.id]));
    expectNoSecret(res.body, 'available-orders');
    expectNoSecret((await call(attacker, 'GET', '/delivery-agent/available-orders')).body, 'available-orders');
    expect((await call(attacker, 'GET', '/delivery-agent/my-orders')).json()).toEqual({ my_orders: [] });
    expect((await call(attacker, 'GET', `/delivery-agent/orders/${ordersOf[0].id}`)).statusCode).toBe(404);

    const notes = await call(attacker, 'GET', '/notifications?limit=50');
    expect(notes.json().notifications.map((n: { title: string }) => n.title)).toContain('Nouvelle commande disponible');
    expectNoSecret(notes.body, 'notifications');
    await sweep(attacker, [ordersOf[0].id, newer.id, customer.user.id], 'livreur accepté');
  }, 120_000);

  it('gets the contact of the order it accepts — and only of that one; another agent’s stays closed', async () => {
    // The honest agent takes the first customer's order; the attacker takes the other one.
    expect((await call(honest, 'POST', `/delivery-agent/accept-order/${ordersOf[0].id}`)).statusCode).toBe(200);
    const stolen = await call(attacker, 'POST', `/delivery-agent/accept-order/${ordersOf[0].id}`);
    expect(stolen.statusCode).toBe(409);
    expectNoSecret(stolen.body, 'accept-order (déjà pris)');
    for (const [method, url] of [
      ['GET', `/delivery-agent/orders/${ordersOf[0].id}`],
      ['PUT', `/delivery-agent/update-status/${ordersOf[0].id}?new_status=completed`],
    ] as const) {
      const res = await call(attacker, method, url);
      expect(res.statusCode, url).toBe(404);
      expectNoSecret(res.body, url);
    }

    const mine = await call(attacker, 'POST', `/delivery-agent/accept-order/${ordersOf[1].id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order as AgentOrder).toMatchObject({ customer_name: OTHER.full_name, customer_phone: OTHER.phone, delivery_address: ADDRESSES[1], notes: NOTES, ...DOOR });
    const own = [OTHER.full_name, otherCustomer.user.email, OTHER.phone, ADDRESSES[1], NOTES, String(DOOR.latitude), String(DOOR.longitude)];
    // Everything the attacker can read now: the second customer's contact, never the first's.
    for (const url of ['/delivery-agent/my-orders', `/delivery-agent/orders/${ordersOf[1].id}`, '/delivery-agent/available-orders', '/notifications?limit=50']) {
      expectNoSecret((await call(attacker, 'GET', url)).body, url, own);
    }
    await sweep(attacker, [ordersOf[0].id, ordersOf[1].id, customer.user.id], 'livreur ayant accepté une autre commande', own);
    // The honest agent, for its part, reads its own customer and not the attacker's.
    const honestView = (await call(honest, 'GET', '/delivery-agent/my-orders')).body;
    expect(honestView).toContain(CUSTOMER.full_name);
    expect(honestView).not.toContain(OTHER.full_name);
  }, 120_000);

  it('loses the contact of its own delivery 24 h after delivering it', async () => {
    const done = await deliverWithCode(ctx, attacker, ordersOf[1].id);
    expect(done.json().order.customer_name).toBe(OTHER.full_name);
    await ctx.db.update(orders).set({ deliveredAt: new Date(Date.now() - 25 * 3600 * 1000) }).where(eq(orders.id, ordersOf[1].id));
    for (const url of ['/delivery-agent/my-orders', `/delivery-agent/orders/${ordersOf[1].id}`, '/notifications?limit=50']) {
      expectNoSecret((await call(attacker, 'GET', url)).body, `${url} après 24 h`);
    }
  });
});
