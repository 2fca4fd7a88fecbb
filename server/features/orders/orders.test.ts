import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderEvents, orders, shoppingLists, users } from '../../db/schema';
import { registerApprovedAgent } from '../../test/agent-fixture';
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
  it('cash orders start confirmed, notify the consumer and every approved agent (the area, never the address), and put the list on pending_delivery', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await loginDemo(ctx.app, 'agent');
    const applicant = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    const order = await insertOrder(ctx.db, consumer.user.id, { address: 'Villa 12, rue des Manguiers' });
    expect(order.status).toBe('confirmed');
    expect(await statusOfList(order.shoppingListId)).toBe('pending_delivery');
    const consumerNotes = await ctx.db.select().from(notifications).where(eq(notifications.userId, consumer.user.id));
    expect(consumerNotes.map((n) => n.title)).toEqual(['Commande confirmée']);
    const newOrder = (userId: string) =>
      ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, 'Nouvelle commande disponible')));
    const [note] = (await newOrder(agent.user.id)).filter((n) => (n.data as { order_id?: string }).order_id === order.id);
    expect(note.body).toMatch(/^Livraison secteur Bas de Gué-Gué \(1er arr\.\), Libreville le \d{2}\/\d{2}\/\d{4} \(.+\) — 12\s500\sFCFA\.$/);
    expect(note.body).not.toContain('Manguiers');
    // An application still waiting hears of nothing.
    expect(await newOrder(applicant.user.id)).toEqual([]);
  });

  it('a moderator hands an order in progress back to the pool: no agent, an event, the customer told, the agents offered it again', async () => {
    const consumer = await registerUser(ctx.app);
    const [agent, other] = [await registerApprovedAgent(ctx), await registerApprovedAgent(ctx)];
    const moderatorId = agent.user.id; // any id: the event records who moved it
    const order = await insertOrder(ctx.db, consumer.user.id);
    await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: agent.user.id }, new Date());
    // Only moderation may do it.
    await expect(transitionOrder(ctx.db, order.id, 'confirmed', { kind: 'agent', userId: agent.user.id }, new Date())).rejects.toMatchObject({ status: 409 });
    await expect(transitionOrder(ctx.db, order.id, 'confirmed', { kind: 'consumer', userId: consumer.user.id }, new Date())).rejects.toMatchObject({ status: 409 });
    const back = await transitionOrder(ctx.db, order.id, 'confirmed', { kind: 'moderation', userId: moderatorId }, new Date());
    expect(back).toMatchObject({ status: 'confirmed', agentId: null, assignedAt: null });
    expect(await statusOfList(order.shoppingListId)).toBe('pending_delivery');
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toContainEqual(['in_progress', 'confirmed']);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, consumer.user.id));
    expect(told.map((n) => n.title)).toContain('Changement de livreur');
    const offered = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, other.user.id), eq(notifications.title, 'Nouvelle commande disponible')));
    expect(offered.filter((n) => (n.data as { order_id?: string }).order_id === order.id)).toHaveLength(2);
    // Someone else may take it now.
    expect((await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: other.user.id }, new Date())).agentId).toBe(other.user.id);
  });

  it('an agent whose application waits or was refused moves nothing (403)', async () => {
    const consumer = await registerUser(ctx.app);
    const applicant = await registerUser(ctx.app, { user_type: 'delivery_agent' });
    const order = await insertOrder(ctx.db, consumer.user.id);
    await expect(transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: applicant.user.id }, new Date())).rejects.toMatchObject({
      status: 403,
      code: 'AGENT_APPLICATION_PENDING',
    });
    await ctx.db.update(users).set({ agentStatus: 'refused' }).where(eq(users.id, applicant.user.id));
    await expect(transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: applicant.user.id }, new Date())).rejects.toMatchObject({
      status: 403,
      code: 'AGENT_APPLICATION_REFUSED',
    });
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'confirmed', agentId: null });
  });

  it('walks confirmed → in_progress → picked_up → en_route → delivered (with the code), writes events and archives the list', async () => {
    const consumer = await registerUser(ctx.app);
    const agent = await registerApprovedAgent(ctx);
    const order = await insertOrder(ctx.db, consumer.user.id);
    const taken = await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: agent.user.id }, new Date());
    expect(taken.agentId).toBe(agent.user.id);
    expect(taken.assignedAt).toBeInstanceOf(Date);
    const byAgent = { kind: 'agent', userId: agent.user.id } as const;
    const picked = await transitionOrder(ctx.db, order.id, 'picked_up', byAgent, new Date());
    expect(picked.pickedUpAt).toBeInstanceOf(Date);
    const enRoute = await transitionOrder(ctx.db, order.id, 'en_route', byAgent, new Date());
    expect(enRoute.enRouteAt).toBeInstanceOf(Date);
    expect(enRoute.handoverCode).toMatch(/^\d{4}$/);
    // Without a proof the table refuses the last step.
    await expect(transitionOrder(ctx.db, order.id, 'delivered', byAgent, new Date())).rejects.toMatchObject({ status: 409, code: 'HANDOVER_PROOF_REQUIRED' });
    const done = await transitionOrder(ctx.db, order.id, 'delivered', { ...byAgent, handover: { kind: 'code' } }, new Date());
    expect(done.status).toBe('delivered');
    expect(done.deliveredWithoutCode).toBe(false);
    expect(await statusOfList(order.shoppingListId)).toBe('archived');
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'confirmed'],
      ['confirmed', 'in_progress'],
      ['in_progress', 'picked_up'],
      ['picked_up', 'en_route'],
      ['en_route', 'delivered'],
    ]);
  });

  it('refuses other people: another consumer, another agent (404), and moves outside the table (409)', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const agentA = await registerApprovedAgent(ctx);
    const agentB = await registerApprovedAgent(ctx);
    const order = await insertOrder(ctx.db, owner.user.id);
    await expect(transitionOrder(ctx.db, order.id, 'cancelled', { kind: 'consumer', userId: stranger.user.id }, new Date())).rejects.toMatchObject({ status: 404 });
    await expect(transitionOrder(ctx.db, order.id, 'picked_up', { kind: 'agent', userId: agentA.user.id }, new Date())).rejects.toMatchObject({ status: 404 });
    await transitionOrder(ctx.db, order.id, 'in_progress', { kind: 'agent', userId: agentA.user.id }, new Date());
    await expect(transitionOrder(ctx.db, order.id, 'picked_up', { kind: 'agent', userId: agentB.user.id }, new Date())).rejects.toMatchObject({ status: 404 });
    await expect(transitionOrder(ctx.db, order.id, 'cancelled', { kind: 'consumer', userId: owner.user.id }, new Date())).rejects.toMatchObject({ status: 409 });
  });

  it('lets exactly one of two agents accepting at the same time win', async () => {
    const consumer = await registerUser(ctx.app);
    const agents = await Promise.all([registerApprovedAgent(ctx), registerApprovedAgent(ctx)]);
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
