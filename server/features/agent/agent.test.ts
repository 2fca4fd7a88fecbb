import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentOrder } from '#contract/agent';
import { orderEvents, orders, shoppingLists } from '../../db/schema';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders-fixture';

let ctx: TestContext;
let consumer: SignedIn;
let agentA: SignedIn;
let agentB: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  consumer = await registerUser(ctx.app, { full_name: 'Mireille Ondo', phone: '+241 07 12 34 56' });
  agentA = await registerUser(ctx.app, { user_type: 'delivery_agent', full_name: 'Agent A' });
  agentB = await registerUser(ctx.app, { user_type: 'delivery_agent', full_name: 'Agent B' });
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.access_token) : {} });

const available = async (who: SignedIn) => (await call(who, 'GET', '/delivery-agent/available-orders')).json().available_orders as AgentOrder[];
const mine = async (who: SignedIn) => (await call(who, 'GET', '/delivery-agent/my-orders')).json().my_orders as AgentOrder[];
const accept = (who: SignedIn, id: string) => call(who, 'POST', `/delivery-agent/accept-order/${id}`);
const update = (who: SignedIn, id: string, status: string) => call(who, 'PUT', `/delivery-agent/update-status/${id}?new_status=${status}`);

describe('who may call the agent space', () => {
  it('a consumer gets 403 on every agent endpoint, nobody signed in gets 401', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    for (const [method, url] of [
      ['GET', '/delivery-agent/available-orders'],
      ['GET', '/delivery-agent/my-orders'],
      ['POST', `/delivery-agent/accept-order/${order.id}`],
      ['PUT', `/delivery-agent/update-status/${order.id}?new_status=completed`],
    ] as const) {
      const res = await call(consumer, method, url);
      expect(res.statusCode, url).toBe(403);
      expect(detailOf(res)).toBe('Cette fonctionnalité est réservée aux livreurs');
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
    // Nothing moved.
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('confirmed');
  });

  it('an agent gets 403 on the consumer delivery endpoints', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    const list = await call(agentA, 'GET', '/deliveries');
    expect(list.statusCode).toBe(403);
    expect(detailOf(list)).toBe('Cette fonctionnalité est réservée aux clients');
    expect((await call(agentA, 'POST', `/deliveries/${order.id}/cancel`)).statusCode).toBe(403);
  });
});

describe('available orders', () => {
  it('lists confirmed orders nobody took, in the spec shape with customer contact and items', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id, { totalXaf: 15_000, address: 'Glass, Libreville' });
    const unpaid = await insertOrder(ctx.db, consumer.user.id, { paymentType: 'airtel_money' });
    const list = await available(agentA);
    const found = list.find((o) => o.booking_id === order.id);
    expect(found).toMatchObject({
      booking_id: order.id,
      customer_name: 'Mireille Ondo',
      customer_email: consumer.user.email,
      customer_phone: '+241 07 12 34 56',
      delivery_address: 'Glass, Libreville',
      delivery_date: order.deliveryDate,
      delivery_time_slot: 'morning',
      total_amount: 15_000,
      status: 'pending_delivery',
      assigned_at: null,
      optimization_data: { items: [{ name: 'Riz parfumé', quantity: 2, store_name: 'Géant CKdo', price: 5250, total_price: 10_500 }] },
    });
    expect(new Date(found!.created_at).getTime()).not.toBeNaN();
    // Waiting for its mobile-money payment: not offered yet.
    expect(list.some((o) => o.booking_id === unpaid.id)).toBe(false);
  });
});

describe('polling the available orders', () => {
  it('an unchanged list answers 304 to If-None-Match; any new or taken order changes it at once', async () => {
    const first = await call(agentA, 'GET', '/delivery-agent/available-orders');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/delivery-agent/available-orders', headers: { ...bearer(agentA.access_token), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const order = await insertOrder(ctx.db, consumer.user.id);
    const afterNew = await ctx.app.inject({ method: 'GET', url: '/api/delivery-agent/available-orders', headers: { ...bearer(agentB.access_token), 'if-none-match': etag } });
    expect(afterNew.statusCode).toBe(200);
    expect((afterNew.json().available_orders as AgentOrder[]).some((o) => o.booking_id === order.id)).toBe(true);

    await accept(agentB, order.id);
    expect((await available(agentA)).some((o) => o.booking_id === order.id)).toBe(false);
  });
});

describe('taking and delivering an order', () => {
  it('accept → in my orders, gone from available; completed → delivered, list archived, consumer sees Livrée', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    const res = await accept(agentA, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Commande prise en charge avec succès !');
    expect(res.json().order).toMatchObject({ booking_id: order.id, status: 'in_progress' });
    expect(res.json().order.assigned_at).not.toBeNull();

    expect((await available(agentA)).some((o) => o.booking_id === order.id)).toBe(false);
    expect((await available(agentB)).some((o) => o.booking_id === order.id)).toBe(false);
    const own = (await mine(agentA)).find((o) => o.booking_id === order.id);
    expect(own).toMatchObject({ status: 'in_progress', customer_phone: '+241 07 12 34 56' });

    const done = await update(agentA, order.id, 'completed');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Statut mis à jour avec succès !');
    expect(done.json().order.status).toBe('completed');
    expect((await mine(agentA)).find((o) => o.booking_id === order.id)?.status).toBe('completed');
    const [list] = await ctx.db.select().from(shoppingLists).where(eq(shoppingLists.id, order.shoppingListId!));
    expect(list.status).toBe('archived');

    const deliveries = (await call(consumer, 'GET', '/deliveries')).json() as { id: string; status: string }[];
    expect(deliveries.find((d) => d.id === order.id)?.status).toBe('delivered');
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.toStatus, e.actorId])).toEqual([
      ['confirmed', consumer.user.id],
      ['in_progress', agentA.user.id],
      ['delivered', agentA.user.id],
    ]);
  });

  it("agent B never sees nor moves agent A's order (404), and cannot take it (409)", async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    expect((await accept(agentA, order.id)).statusCode).toBe(200);
    expect((await mine(agentB)).some((o) => o.booking_id === order.id)).toBe(false);

    const move = await update(agentB, order.id, 'completed');
    expect(move.statusCode).toBe(404);
    expect(detailOf(move)).toBe('Commande introuvable');
    const take = await accept(agentB, order.id);
    expect(take.statusCode).toBe(409);
    expect(detailOf(take)).toBe('Erreur lors de la prise en charge de la commande');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'in_progress', agentId: agentA.user.id });
  });

  it('an agent cannot complete an order before taking it (404: it is not theirs yet)', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    expect((await update(agentA, order.id, 'completed')).statusCode).toBe(404);
  });
});

describe('moves outside the status table', () => {
  it('are refused with 409 and change nothing', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    await accept(agentA, order.id);
    for (const status of ['pending_delivery', 'cancelled', 'in_progress']) {
      const res = await update(agentA, order.id, status);
      expect(res.statusCode, status).toBe(409);
      expect(detailOf(res)).toBe("Ce changement de statut n'est pas possible pour cette commande");
    }
    await update(agentA, order.id, 'delivered');
    expect((await update(agentA, order.id, 'completed')).statusCode).toBe(409);
    expect((await accept(agentA, order.id)).statusCode).toBe(409);

    const unpaid = await insertOrder(ctx.db, consumer.user.id, { paymentType: 'moov_money' });
    expect((await accept(agentA, unpaid.id)).statusCode).toBe(409);
    const cancelled = await insertOrder(ctx.db, consumer.user.id);
    expect((await call(consumer, 'POST', `/deliveries/${cancelled.id}/cancel`)).statusCode).toBe(200);
    expect((await accept(agentA, cancelled.id)).statusCode).toBe(409);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, cancelled.id)))[0]).toMatchObject({ status: 'cancelled', agentId: null });
  });

  it('an unknown new_status is a 400 in French; unknown or malformed ids are 404', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    const bad = await update(agentA, order.id, 'teleported');
    expect(bad.statusCode).toBe(400);
    expect(detailOf(bad)).toBe('Statut de commande inconnu');
    expect((await call(agentA, 'PUT', `/delivery-agent/update-status/${order.id}`)).statusCode).toBe(400);
    expect((await accept(agentA, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await accept(agentA, 'pas-un-identifiant')).statusCode).toBe(404);
    expect((await update(agentA, "1' or '1'='1", 'completed')).statusCode).toBe(404);
  });
});

describe('two agents accepting the same order at the same time', () => {
  it('exactly one wins, 50 times over', async () => {
    for (let round = 0; round < 50; round++) {
      const order = await insertOrder(ctx.db, consumer.user.id, { withList: false });
      const [a, b] = await Promise.all([accept(agentA, order.id), accept(agentB, order.id)]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `round ${round}`).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? agentA : agentB;
      const loser = a.statusCode === 200 ? b : a;
      expect(detailOf(loser)).toBe('Erreur lors de la prise en charge de la commande');
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row.agentId).toBe(winner.user.id);
      const taken = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(taken.filter((e) => e.toStatus === 'in_progress')).toHaveLength(1);
    }
  });
});
