import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentOrderSchema, AvailableOrderSchema, type AgentOrder, type AvailableOrder } from '#contract/agent';
import { fr } from '#contract/messages';
import { carts, orderEvents, orders, shoppingLists, stores, users } from '../../db/schema';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { deliverWithCode } from '../../test/handover-fixture';
import { insertOrder } from '../../test/orders-fixture';

let ctx: TestContext;
let consumer: SignedIn;
let agentA: SignedIn;
let agentB: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  consumer = await registerUser(ctx.app, { full_name: 'Mireille Ondo', phone: '+241 07 12 34 56' });
  agentA = await registerApprovedAgent(ctx, { full_name: 'Agent A' });
  agentB = await registerApprovedAgent(ctx, { full_name: 'Agent B' });
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.access_token) : {} });

const available = async (who: SignedIn, query = '') => (await call(who, 'GET', `/delivery-agent/available-orders${query}`)).json().available_orders as AvailableOrder[];
const mine = async (who: SignedIn) => (await call(who, 'GET', '/delivery-agent/my-orders')).json().my_orders as AgentOrder[];
const accept = (who: SignedIn, id: string) => call(who, 'POST', `/delivery-agent/accept-order/${id}`);
const update = (who: SignedIn, id: string, status: string) => call(who, 'PUT', `/delivery-agent/update-status/${id}?new_status=${status}`);

/** Puts an order somewhere else (as if booked from there); the change shows in the next poll. */
async function moveDeliveryPoint(id: string, latitude: number, longitude: number) {
  await ctx.db.update(orders).set({ latitude, longitude, updatedAt: new Date() }).where(eq(orders.id, id));
}

describe('who may call the agent space', () => {
  it('a consumer gets 403 on every agent endpoint, nobody signed in gets 401', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    for (const [method, url] of [
      ['GET', '/delivery-agent/application'],
      ['GET', '/delivery-agent/available-orders'],
      ['GET', '/delivery-agent/my-orders'],
      ['GET', `/delivery-agent/orders/${order.id}`],
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

describe('an agent application', () => {
  const orderEndpoints = (id: string) =>
    [
      ['GET', '/delivery-agent/available-orders'],
      ['GET', '/delivery-agent/my-orders'],
      ['GET', `/delivery-agent/orders/${id}`],
      ['POST', `/delivery-agent/accept-order/${id}`],
      ['PUT', `/delivery-agent/update-status/${id}?new_status=completed`],
    ] as const;

  it('waiting for a moderator: signs in on the agent login, reads its state, and gets a 403 in French from every order endpoint', async () => {
    const applicant = await registerUser(ctx.app, { user_type: 'delivery_agent', full_name: 'Candidat Livreur' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: applicant.user.email, password: applicant.password, user_type: 'delivery_agent' } });
    expect(login.statusCode).toBe(200);
    const state = await call(applicant, 'GET', '/delivery-agent/application');
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ status: 'pending', reason: null, registered_at: expect.any(String), reviewed_at: null });

    const order = await insertOrder(ctx.db, consumer.user.id);
    for (const [method, url] of orderEndpoints(order.id)) {
      const res = await call(applicant, method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AGENT_APPLICATION_PENDING', detail: fr.agentVetting.pendingDetail });
    }
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'confirmed', agentId: null });
  });

  it('refused: the state carries the reason, and every order endpoint says so', async () => {
    const applicant = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    await ctx.db.update(users).set({ agentStatus: 'refused', agentReviewReason: 'Pièce d’identité illisible', agentReviewedAt: new Date() }).where(eq(users.id, applicant.user.id));
    expect((await call(applicant, 'GET', '/delivery-agent/application')).json()).toMatchObject({ status: 'refused', reason: 'Pièce d’identité illisible' });
    const order = await insertOrder(ctx.db, consumer.user.id);
    for (const [method, url] of orderEndpoints(order.id)) {
      const res = await call(applicant, method, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AGENT_APPLICATION_REFUSED', detail: fr.agentVetting.refusedDetail });
    }
  });

  it('approved: the state says so and the orders are there', async () => {
    expect((await call(agentA, 'GET', '/delivery-agent/application')).json()).toMatchObject({ status: 'approved', reason: null });
    expect((await call(agentA, 'GET', '/delivery-agent/available-orders')).statusCode).toBe(200);
  });
});

describe('available orders', () => {
  it('say what an agent needs to decide — area, distance, slot, items, stores, total — and nothing of the customer', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id, { totalXaf: 15_000, address: 'Glass, villa 4, portail bleu' });
    const unpaid = await insertOrder(ctx.db, consumer.user.id, { paymentType: 'airtel_money' });
    const res = await call(agentA, 'GET', '/delivery-agent/available-orders');
    const list = res.json().available_orders as AvailableOrder[];
    const found = list.find((o) => o.booking_id === order.id)!;
    expect(found).toEqual({
      booking_id: order.id,
      id: order.id,
      // The fixture delivers at 0.41, 9.44: the cell's nearest district.
      area: 'Bas de Gué-Gué (1er arr.), Libreville',
      distance_km: null,
      distance_from: null,
      delivery_date: order.deliveryDate,
      delivery_time_slot: 'morning',
      item_count: 1,
      stores: ['Géant CKdo'],
      payment_type: 'cash',
      total_amount: 15_000,
      // Cash on delivery: the agent collects the total at the door.
      amount_due_at_door_xaf: 15_000,
      payment_state: 'cash_due',
      payment_method: 'cash',
      is_test: false,
      status: 'pending_delivery',
      created_at: expect.any(String),
      optimization_data: { items: [{ name: 'Riz parfumé', quantity: 2, store_name: 'Géant CKdo', price: 5250, total_price: 10_500 }], delivery_fee: 2000 },
    });
    expect(AvailableOrderSchema.strict().safeParse(found).success).toBe(true);
    for (const secret of ['Mireille Ondo', consumer.user.email, '+241 07 12 34 56', 'Glass, villa 4', '"latitude"', '"notes"']) expect(res.body).not.toContain(secret);
    // Waiting for its mobile-money payment: not offered yet.
    expect(list.some((o) => o.booking_id === unpaid.id)).toBe(false);
  });

  it('measure the distance from the agent when it sends its position, otherwise from the farthest of the stores', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    const [geant] = await ctx.db.select().from(stores).where(eq(stores.name, 'Géant CKdo'));
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, order.cartId));
    const items = (cart.optimization.items as Record<string, unknown>[]).map((i) => ({ ...i, selected_store_id: geant.id }));
    await ctx.db.update(carts).set({ optimization: { ...cart.optimization, items } }).where(eq(carts.id, cart.id));
    await moveDeliveryPoint(order.id, 0.4549, 9.4551); // cell centre 0.455, 9.455; Géant CKdo is at 0.4015, 9.4455

    const fromStores = (await available(agentA)).find((o) => o.id === order.id)!;
    expect(fromStores).toMatchObject({ distance_km: 6, distance_from: 'stores' });
    const fromMe = (await available(agentA, '?latitude=0.4051&longitude=9.4551')).find((o) => o.id === order.id)!;
    expect(fromMe).toMatchObject({ distance_km: 5.5, distance_from: 'agent' });
    // Standing in the cell: never 0, never closer than the cell.
    expect((await available(agentA, '?latitude=0.4549&longitude=9.4551')).find((o) => o.id === order.id)).toMatchObject({ distance_km: 0.5 });
    const bad = await call(agentA, 'GET', '/delivery-agent/available-orders?latitude=0.4');
    expect(bad.statusCode).toBe(400);
    expect((await call(agentA, 'GET', '/delivery-agent/available-orders?latitude=abc&longitude=9')).statusCode).toBe(400);
  });

  it('trilateration gets an attacker no closer than a ~1 km cell: two doors of one cell answer alike from anywhere', async () => {
    const [a, b] = [await insertOrder(ctx.db, consumer.user.id), await insertOrder(ctx.db, consumer.user.id)];
    await moveDeliveryPoint(a.id, 0.38001, 9.45001);
    await moveDeliveryPoint(b.id, 0.38999, 9.45999);
    for (const from of ['', '?latitude=0.3&longitude=9.3', '?latitude=0.5&longitude=9.5', '?latitude=0.38&longitude=9.46', '?latitude=0.3851&longitude=9.4549']) {
      const list = await available(agentB, from);
      const [oa, ob] = [list.find((o) => o.id === a.id)!, list.find((o) => o.id === b.id)!];
      expect([oa.area, oa.distance_km], from).toEqual([ob.area, ob.distance_km]);
      if (oa.distance_km !== null) expect((oa.distance_km * 2) % 1).toBe(0);
    }
  });

  it('name a town when no store district is near, and say so when the order has no position', async () => {
    const [far, none] = [await insertOrder(ctx.db, consumer.user.id), await insertOrder(ctx.db, consumer.user.id)];
    await moveDeliveryPoint(far.id, 0.6, 9.44); // 10 km north of Akanda's stores
    await ctx.db.update(orders).set({ latitude: null, longitude: null, updatedAt: new Date() }).where(eq(orders.id, none.id));
    const list = await available(agentA, '?latitude=0.4&longitude=9.45');
    expect(list.find((o) => o.id === far.id)?.area).toBe('Environs d’Akanda');
    expect(list.find((o) => o.id === none.id)).toMatchObject({ area: fr.agentVetting.areaUnknown, distance_km: null, distance_from: null });
  });

  it('mark orders paid through the payment sandbox as test orders', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    await ctx.db.update(orders).set({ isTest: true, updatedAt: new Date() }).where(eq(orders.id, order.id));
    expect((await available(agentA)).find((o) => o.id === order.id)?.is_test).toBe(true);
    expect((await accept(agentA, order.id)).json().order.is_test).toBe(true);
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
    // With a position, the tag follows it too.
    const here = await call(agentA, 'GET', '/delivery-agent/available-orders?latitude=0.4&longitude=9.45');
    expect(here.headers.etag).not.toBe(etag);
    const hereAgain = await ctx.app.inject({
      method: 'GET',
      url: '/api/delivery-agent/available-orders?latitude=0.4&longitude=9.45',
      headers: { ...bearer(agentA.access_token), 'if-none-match': here.headers.etag as string },
    });
    expect(hereAgain.statusCode).toBe(304);

    const order = await insertOrder(ctx.db, consumer.user.id);
    const afterNew = await ctx.app.inject({ method: 'GET', url: '/api/delivery-agent/available-orders', headers: { ...bearer(agentB.access_token), 'if-none-match': etag } });
    expect(afterNew.statusCode).toBe(200);
    expect((afterNew.json().available_orders as AvailableOrder[]).some((o) => o.booking_id === order.id)).toBe(true);

    await accept(agentB, order.id);
    expect((await available(agentA)).some((o) => o.booking_id === order.id)).toBe(false);
  });
});

describe('taking and delivering an order', () => {
  it('accept → the contact in my orders, gone from available; picked up → en route → the code → delivered, list archived, consumer sees Livrée', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id, { address: 'Louis, immeuble Dragages' });
    const res = await accept(agentA, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Commande prise en charge avec succès !');
    expect(res.json().order).toMatchObject({
      booking_id: order.id,
      status: 'in_progress',
      customer_name: 'Mireille Ondo',
      customer_email: consumer.user.email,
      customer_phone: '+241 07 12 34 56',
      delivery_address: 'Louis, immeuble Dragages',
      latitude: 0.41,
      longitude: 9.44,
      contact_until: null,
    });
    expect(AgentOrderSchema.strict().safeParse(res.json().order).success).toBe(true);
    expect(res.json().order.assigned_at).not.toBeNull();

    expect((await available(agentA)).some((o) => o.booking_id === order.id)).toBe(false);
    expect((await available(agentB)).some((o) => o.booking_id === order.id)).toBe(false);
    const own = (await mine(agentA)).find((o) => o.booking_id === order.id);
    expect(own).toMatchObject({ status: 'in_progress', customer_phone: '+241 07 12 34 56', area: 'Bas de Gué-Gué (1er arr.), Libreville' });
    const detail = await call(agentA, 'GET', `/delivery-agent/orders/${order.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(own);

    const done = await deliverWithCode(ctx, agentA, order.id);
    expect(done.json().message).toBe('Livraison terminée !');
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
      ['picked_up', agentA.user.id],
      ['en_route', agentA.user.id],
      ['delivered', agentA.user.id],
    ]);
  });

  it('the contact stays 24 h after delivery, then the fields are null', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    await accept(agentB, order.id);
    const delivered = (await deliverWithCode(ctx, agentB, order.id)).json().order as AgentOrder;
    const until = new Date(delivered.contact_until!).getTime();
    expect(until - new Date(delivered.delivered_at!).getTime()).toBe(24 * 3600 * 1000);
    expect(delivered.customer_phone).toBe('+241 07 12 34 56');

    // (The delivery is moved back in time rather than the clock forward: sessions last 24 h too.)
    const deliveredAgo = (hours: number) => ctx.db.update(orders).set({ deliveredAt: new Date(Date.now() - hours * 3600 * 1000) }).where(eq(orders.id, order.id));
    await deliveredAgo(23);
    expect((await mine(agentB)).find((o) => o.id === order.id)?.customer_name).toBe('Mireille Ondo');
    await deliveredAgo(25);
    const later = await call(agentB, 'GET', `/delivery-agent/orders/${order.id}`);
    expect(later.json()).toMatchObject({
      status: 'completed',
      customer_name: null,
      customer_email: null,
      customer_phone: null,
      delivery_address: null,
      latitude: null,
      longitude: null,
      notes: null,
      total_amount: 12_500,
      area: 'Bas de Gué-Gué (1er arr.), Libreville',
    });
    expect(later.body).not.toContain('Mireille Ondo');
    expect((await mine(agentB)).find((o) => o.id === order.id)?.customer_email).toBeNull();
  });

  it("agent B never sees nor moves agent A's order (404), and cannot take it (409)", async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    expect((await accept(agentA, order.id)).statusCode).toBe(200);
    expect((await mine(agentB)).some((o) => o.booking_id === order.id)).toBe(false);
    const peek = await call(agentB, 'GET', `/delivery-agent/orders/${order.id}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('Mireille');

    const move = await update(agentB, order.id, 'completed');
    expect(move.statusCode).toBe(404);
    expect(detailOf(move)).toBe('Commande introuvable');
    const take = await accept(agentB, order.id);
    expect(take.statusCode).toBe(409);
    expect(detailOf(take)).toBe('Erreur lors de la prise en charge de la commande');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'in_progress', agentId: agentA.user.id });
  });

  it('an agent cannot complete nor open an order before taking it (404: it is not theirs yet)', async () => {
    const order = await insertOrder(ctx.db, consumer.user.id);
    expect((await update(agentA, order.id, 'completed')).statusCode).toBe(404);
    expect((await call(agentA, 'GET', `/delivery-agent/orders/${order.id}`)).statusCode).toBe(404);
    expect((await call(agentA, 'GET', '/delivery-agent/orders/pas-un-id')).statusCode).toBe(404);
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
    await deliverWithCode(ctx, agentA, order.id);
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

describe('the OpenAPI document', () => {
  it('describes the agent routes with their answers', async () => {
    const paths = (await call(null, 'GET', '/docs/json')).json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/api/delivery-agent/available-orders'].get.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    for (const path of ['/api/delivery-agent/application', '/api/delivery-agent/my-orders', '/api/delivery-agent/orders/{id}', '/api/delivery-agent/accept-order/{id}']) {
      expect(paths[path], path).toBeDefined();
    }
  });
});
