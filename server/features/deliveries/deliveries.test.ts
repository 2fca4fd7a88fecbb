import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableOrder } from '#contract/agent';
import { addDays, todayInGabon } from '#contract/format';
import type { DeliveryRequest } from '#contract/orders';
import { orders, shoppingListItems, shoppingLists } from '../../db/schema';
import { fixtureItems, insertBasketFixture, USER_POSITION, type BasketFixture } from '../optimiser/basket-fixture';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { insertOrder } from '../../test/orders-fixture';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.access_token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const deliveriesOf = async (who: SignedIn) => (await call(who, 'GET', '/deliveries')).json() as DeliveryRequest[];

describe('GET /api/deliveries', () => {
  it("lists every delivery of the user, newest first, and nobody else's", async () => {
    const consumer = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const first = await insertOrder(ctx.db, consumer.user.id, { address: 'Nzeng-Ayong' });
    const second = await insertOrder(ctx.db, consumer.user.id, { paymentType: 'moov_money', totalXaf: 9000 });
    await insertOrder(ctx.db, other.user.id);

    const list = await deliveriesOf(consumer);
    expect(list.map((d) => d.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({
      id: first.id,
      status: 'confirmed',
      origin: 'booking',
      shopping_list_name: 'Liste de test',
      delivery_address: 'Nzeng-Ayong',
      delivery_date: first.deliveryDate,
      delivery_time_slot: 'morning',
      notes: null,
      payment_type: 'cash',
      total_amount: 12_500,
    });
    expect(list[0]).toMatchObject({ status: 'pending', payment_type: 'moov_money', total_amount: 9000 });
    expect(await deliveriesOf(await registerUser(ctx.app))).toEqual([]);
    expect((await call(null, 'GET', '/deliveries')).statusCode).toBe(401);
  });
});

describe('cancelling', () => {
  it('works before an agent takes the order and puts the list back to active', async () => {
    const consumer = await registerUser(ctx.app);
    const order = await insertOrder(ctx.db, consumer.user.id);
    const res = await call(consumer, 'POST', `/deliveries/${order.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'cancelled' });
    const [list] = await ctx.db.select().from(shoppingLists).where(eq(shoppingLists.id, order.shoppingListId!));
    expect(list.status).toBe('active');
    // Cancelling twice is a move outside the table.
    expect((await call(consumer, 'POST', `/deliveries/${order.id}/cancel`)).statusCode).toBe(409);
  });

  it('is refused once an agent has it (409), and for another user (404)', async () => {
    const consumer = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const agent = await registerApprovedAgent(ctx);
    const order = await insertOrder(ctx.db, consumer.user.id);

    const foreign = await call(stranger, 'POST', `/deliveries/${order.id}/cancel`);
    expect(foreign.statusCode).toBe(404);
    expect(detailOf(foreign)).toBe('Commande introuvable');
    expect((await call(consumer, 'POST', '/deliveries/pas-un-id/cancel')).statusCode).toBe(404);

    await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`);
    const late = await call(consumer, 'POST', `/deliveries/${order.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(detailOf(late)).toBe("Ce changement de statut n'est pas possible pour cette commande");
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('in_progress');
  });
});

describe('dashboard counter', () => {
  it('counts the real deliveries of the user', async () => {
    const consumer = await registerUser(ctx.app);
    await insertOrder(ctx.db, consumer.user.id);
    await insertOrder(ctx.db, consumer.user.id);
    const res = await call(consumer, 'GET', '/dashboard');
    expect(res.json().counters.deliveries).toBe(2);
  });
});

describe('POST /api/deliveries', () => {
  let basket: BasketFixture;
  beforeAll(async () => {
    basket = await insertBasketFixture(ctx.db);
  });

  async function listOf(who: SignedIn, name = 'Courses du samedi') {
    const [list] = await ctx.db.insert(shoppingLists).values({ userId: who.user.id, name }).returning();
    await ctx.db
      .insert(shoppingListItems)
      .values(fixtureItems(basket).map((item, position) => ({ listId: list.id, position, productId: item.product_id, name: item.product_name, quantity: item.quantity })));
    return list;
  }
  const request = (listId: string, overrides: Record<string, unknown> = {}) => ({
    shopping_list_id: listId,
    delivery_address: 'Quartier Louis, derrière la pharmacie',
    ...USER_POSITION,
    delivery_date: `${addDays(todayInGabon(), 1)}T00:00:00.000Z`,
    delivery_time_slot: '10:00-12:00',
    notes: 'Sonner deux fois',
    ...overrides,
  });

  it('optimises the list at the best prices and books it cash on delivery, for the agents to take', async () => {
    const consumer = await registerUser(ctx.app, { full_name: 'Prisca Nguema' });
    const agent = await registerApprovedAgent(ctx);
    const list = await listOf(consumer);
    const res = await call(consumer, 'POST', '/deliveries', request(list.id));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as DeliveryRequest;
    expect(created).toMatchObject({
      status: 'confirmed',
      origin: 'delivery_request',
      payment_type: 'cash',
      shopping_list_id: list.id,
      shopping_list_name: 'Courses du samedi',
      delivery_address: 'Quartier Louis, derrière la pharmacie',
      delivery_date: addDays(todayInGabon(), 1),
      delivery_time_slot: '10:00-12:00',
      notes: 'Sonner deux fois',
      total_amount: 7600,
    });
    expect((await deliveriesOf(consumer)).map((d) => d.id)).toEqual([created.id]);
    const [row] = await ctx.db.select().from(shoppingLists).where(eq(shoppingLists.id, list.id));
    expect(row.status).toBe('pending_delivery');

    // Offered to the agents without who or exactly where: the agent who accepts learns that.
    const offered = ((await call(agent, 'GET', '/delivery-agent/available-orders')).json().available_orders as AvailableOrder[]).find((o) => o.booking_id === created.id);
    expect(offered).toMatchObject({ status: 'pending_delivery', total_amount: 7600, item_count: offered!.optimization_data.items.length, is_test: false });
    expect(offered).not.toHaveProperty('customer_name');
    expect(offered).not.toHaveProperty('delivery_address');
    const stores = new Set(offered!.optimization_data.items.map((i) => i.store_name));
    expect(stores).toEqual(new Set([basket.storeNames.cheap, basket.storeNames.far, null]));
    expect(new Set(offered!.stores)).toEqual(new Set([basket.storeNames.cheap, basket.storeNames.far]));
    expect(offered!.distance_from).toBe('stores');
    const taken = (await call(agent, 'POST', `/delivery-agent/accept-order/${created.id}`)).json();
    expect(taken.order).toMatchObject({ customer_name: 'Prisca Nguema', delivery_address: 'Quartier Louis, derrière la pharmacie', notes: 'Sonner deux fois' });
  });

  it('answers every missing field with the spec message, and saves nothing', async () => {
    const consumer = await registerUser(ctx.app);
    const list = await listOf(consumer);
    for (const [overrides, message] of [
      [{ shopping_list_id: '' }, 'Veuillez sélectionner une liste de courses'],
      [{ shopping_list_id: undefined }, 'Veuillez sélectionner une liste de courses'],
      [{ delivery_address: '   ' }, 'Veuillez entrer une adresse de livraison'],
      [{ delivery_time_slot: '' }, 'Veuillez sélectionner un créneau horaire'],
      [{ delivery_time_slot: 'morning' }, 'Veuillez sélectionner un créneau horaire'],
      [{ latitude: undefined }, 'Position GPS requise pour la livraison'],
      [{ longitude: null }, 'Position GPS requise pour la livraison'],
      [{ delivery_date: addDays(todayInGabon(), -1) }, 'La date de livraison ne peut pas être dans le passé'],
    ] as const) {
      const res = await call(consumer, 'POST', '/deliveries', request(list.id, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(detailOf(res)).toBe(message);
    }
    expect(await deliveriesOf(consumer)).toEqual([]);
  });

  it("refuses another user's list (404), a list already waiting for delivery (409), and agents (403)", async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const agent = await registerApprovedAgent(ctx);
    const list = await listOf(owner);
    expect((await call(stranger, 'POST', '/deliveries', request(list.id))).statusCode).toBe(404);
    expect((await call(agent, 'POST', '/deliveries', request(list.id))).statusCode).toBe(403);
    expect((await call(owner, 'POST', '/deliveries', request(list.id))).statusCode).toBe(201);
    expect((await call(owner, 'POST', '/deliveries', request(list.id))).statusCode).toBe(409);
    expect(await deliveriesOf(owner)).toHaveLength(1);
  });
});
