import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRequest } from '#contract/orders';
import { orders, shoppingLists } from '../../db/schema';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
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
    const agent = await registerUser(ctx.app, { user_type: 'delivery_agent' });
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
