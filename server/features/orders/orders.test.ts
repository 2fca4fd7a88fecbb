import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderEvents, shoppingLists } from '../../db/schema';
import { createTestContext, loginDemo, registerUser, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders-fixture';
import { transitionOrder } from './orders.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const statusOfList = async (id: string | null) => (await ctx.db.select().from(shoppingLists).where(eq(shoppingLists.id, id!)))[0].status;

describe('order lifecycle in the database', () => {
  it('cash orders start confirmed, notify the consumer and every agent, and put the list on pending_delivery', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await loginDemo(ctx.app, 'agent');
    const order = await insertOrder(ctx.db, consumer.user.id);
    expect(order.status).toBe('confirmed');
    expect(await statusOfList(order.shoppingListId)).toBe('pending_delivery');
    const consumerNotes = await ctx.db.select().from(notifications).where(eq(notifications.userId, consumer.user.id));
    expect(consumerNotes.map((n) => n.title)).toEqual(['Commande confirmée']);
    const agentNotes = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, agent.user.id), eq(notifications.title, 'Nouvelle commande disponible')));
    expect(agentNotes.length).toBeGreaterThan(0);
  });

  it('walks confirmed → in_progress → delivered, writes events and archives the list', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    const order = await insertOrder(ctx.db, consumer.user.id);
    const taken = await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: agent.user.id }, new Date());
    expect(taken.agentId).toBe(agent.user.id);
    expect(taken.assignedAt).toBeInstanceOf(Date);
    const done = await transitionOrder(ctx.db, order.id, 'delivered', { kind: 'agent', userId: agent.user.id }, new Date());
    expect(done.status).toBe('delivered');
    expect(await statusOfList(order.shoppingListId)).toBe('archived');
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'confirmed'],
      ['confirmed', 'in_progress'],
      ['in_progress', 'delivered'],
    ]);
  });

  it('refuses other people: another consumer, another agent (404), and moves outside the table (409)', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const agentA = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    const agentB = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    const order = await insertOrder(ctx.db, owner.user.id);
    await expect(transitionOrder(ctx.db, order.id, 'cancelled', { kind: 'consumer', userId: stranger.user.id }, new Date())).rejects.toMatchObject({ status: 404 });
    await expect(transitionOrder(ctx.db, order.id, 'delivered', { kind: 'agent', userId: agentA.user.id }, new Date())).rejects.toMatchObject({ status: 404 });
    await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: agentA.user.id }, new Date());
    await expect(transitionOrder(ctx.db, order.id, 'delivered', { kind: 'agent', userId: agentB.user.id }, new Date())).rejects.toMatchObject({ status: 404 });
    await expect(transitionOrder(ctx.db, order.id, 'cancelled', { kind: 'consumer', userId: owner.user.id }, new Date())).rejects.toMatchObject({ status: 409 });
  });

  it('lets exactly one of two agents accepting at the same time win', async () => {
    const consumer = await registerUser(ctx.app);
    const agents = await Promise.all([registerUser(ctx.app, { user_type: 'delivery_agent' }), registerUser(ctx.app, { user_type: 'delivery_agent' })]);
    for (let round = 0; round < 10; round++) {
      const order = await insertOrder(ctx.db, consumer.user.id, { withList: false });
      const results = await Promise.allSettled(agents.map((a) => transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: a.user.id }, new Date())));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ status: 409, code: 'ORDER_ALREADY_TAKEN' });
    }
  });

  it('a consumer may cancel before an agent takes the order; the list becomes active again', async () => {
    const consumer = await registerUser(ctx.app);
    const order = await insertOrder(ctx.db, consumer.user.id, { paymentType: 'airtel_money' });
    expect(order.status).toBe('pending');
    const cancelled = await transitionOrder(ctx.db, order.id, 'cancelled', { kind: 'consumer', userId: consumer.user.id }, new Date());
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(await statusOfList(order.shoppingListId)).toBe('active');
  });
});
