// Delivery agents are vetted: registering as "Livreur" is an application a moderator approves or
// refuses (once), and suspending an agent hands its orders in progress back to the pool.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableOrder } from '#contract/agent';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import type { AgentApplicationPage, AuditPage, QueueCounts } from '#contract/moderation';
import { moderationActions, notifications, orderEvents, orders } from '../../db/schema';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { bearer, createTestContext, detailOf, realModerator, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { deliverWithCode } from '../../test/handover-fixture';
import { insertOrder } from '../../test/orders-fixture';

let ctx: TestContext;
let moderator: SignedIn;
let consumer: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
  consumer = await registerUser(ctx.app, { full_name: 'Nadège Ekomi' });
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: who ? bearer(who.access_token) : {} });
const applications = async (status = 'pending') => (await call(moderator, 'GET', `/admin/agent-applications?status=${status}&limit=100`)).json() as AgentApplicationPage;
const counts = async () => (await call(moderator, 'GET', '/admin/queue')).json() as QueueCounts;
const decide = (id: string, decision: 'approve' | 'refuse', body: object = {}) => call(moderator, 'POST', `/admin/agent-applications/${id}/${decision}`, body);
const titlesOf = async (who: SignedIn) => (await ctx.db.select().from(notifications).where(eq(notifications.userId, who.user.id))).map((n) => n.title);
const auditOf = async (id: string) => ((await call(moderator, 'GET', '/admin/audit?limit=100')).json() as AuditPage).entries.filter((e) => e.target_id === id);
const applicant = (overrides = {}) => registerUser(ctx.app, { user_type: 'delivery_agent', ...overrides });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the applications queue', () => {
  it('lists a new agent as pending with what a moderator checks, and counts it in the queue totals', async () => {
    const before = await counts();
    const agent = await applicant({ full_name: 'Rodrigue Nziengui', phone: '+241 06 44 55 66', country_region: 'Gabon' });
    const after = await counts();
    expect(after.agent_applications).toBe(before.agent_applications + 1);
    expect(after.total).toBe(after.held + after.flagged + after.suggestions + after.agent_applications + after.merchant_applications + after.receipt_labels);

    const item = (await applications()).items.find((a) => a.id === agent.user.id);
    expect(item).toEqual({
      id: agent.user.id,
      full_name: 'Rodrigue Nziengui',
      email: agent.user.email,
      phone: '+241 06 44 55 66',
      country_region: 'Gabon',
      registered_at: expect.any(String),
      status: 'pending',
      reason: null,
      reviewed_at: null,
      suspended_at: null,
    });
    // Consumers and the demo agent (approved on a fresh start) are not applications.
    const pending = (await applications()).items.map((a) => a.email);
    expect(pending).not.toContain(consumer.user.email);
    expect(pending).not.toContain(DEMO_ACCOUNTS.agent.email);
    expect((await applications('approved')).items.map((a) => a.email)).toContain(DEMO_ACCOUNTS.agent.email);
    expect((await call(moderator, 'GET', '/admin/agent-applications?status=tous')).statusCode).toBe(400);
  });
});

describe('approving', () => {
  it('opens the orders to the agent, tells it, writes the journal, once', async () => {
    const agent = await applicant();
    expect((await call(agent, 'GET', '/delivery-agent/available-orders')).statusCode).toBe(403);
    const pendingBefore = (await counts()).agent_applications;

    const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/agent-applications/${agent.user.id}/approve`, headers: bearer(moderator.access_token) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ success: true, message: fr.agentVetting.approvedResult });
    expect((await call(agent, 'GET', '/delivery-agent/application')).json()).toMatchObject({ status: 'approved', reviewed_at: expect.any(String) });
    expect((await call(agent, 'GET', '/delivery-agent/available-orders')).statusCode).toBe(200);
    expect(await titlesOf(agent)).toEqual([fr.agentVetting.approvedNotification.title]);
    expect((await counts()).agent_applications).toBe(pendingBefore - 1);
    expect((await applications('approved')).items.find((a) => a.id === agent.user.id)).toMatchObject({ status: 'approved' });

    for (const [decision, body] of [['approve', {}], ['refuse', { reason: 'Trop tard' }]] as const) {
      const again = await decide(agent.user.id, decision, body);
      expect(again.statusCode).toBe(409);
      expect(detailOf(again)).toBe(fr.agentVetting.alreadyReviewed);
    }
    expect((await call(agent, 'GET', '/delivery-agent/application')).json().status).toBe('approved');
    expect(await titlesOf(agent)).toHaveLength(1);
    const entries = await auditOf(agent.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'agent.approve',
      target_type: 'user',
      moderator_name: moderator.user.full_name,
      before: { agent_status: 'pending', full_name: agent.user.full_name, email: agent.user.email },
      after: { agent_status: 'approved' },
    });
  });

  it('two moderators deciding at once: one decision wins, the other is a 409, one journal row', async () => {
    const agent = await applicant();
    const answers = await Promise.all([decide(agent.user.id, 'approve'), decide(agent.user.id, 'refuse', { reason: 'Doublon' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(agent.user.id)).toHaveLength(1);
    expect(await titlesOf(agent)).toHaveLength(1);
  });
});

describe('refusing', () => {
  it('needs a reason, tells the applicant why, keeps the orders closed, once', async () => {
    const agent = await applicant();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const bad = await decide(agent.user.id, 'refuse', body);
      expect(bad.statusCode).toBe(400);
      expect([fr.moderation.reasonRequired, fr.moderation.reasonTooLong]).toContain(detailOf(bad));
    }
    expect((await call(agent, 'GET', '/delivery-agent/application')).json().status).toBe('pending');

    const refused = await decide(agent.user.id, 'refuse', { reason: 'Numéro de téléphone injoignable' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().message).toBe(fr.agentVetting.refusedResult);
    expect((await call(agent, 'GET', '/delivery-agent/application')).json()).toMatchObject({ status: 'refused', reason: 'Numéro de téléphone injoignable' });
    const orders403 = await call(agent, 'GET', '/delivery-agent/my-orders');
    expect(orders403.statusCode).toBe(403);
    expect(detailOf(orders403)).toBe(fr.agentVetting.refusedDetail);
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, agent.user.id));
    expect(told).toMatchObject({ title: fr.agentVetting.refusedNotification.title, body: fr.agentVetting.refusedNotification.body('Numéro de téléphone injoignable') });
    expect((await applications('refused')).items.find((a) => a.id === agent.user.id)).toMatchObject({ reason: 'Numéro de téléphone injoignable' });
    expect((await decide(agent.user.id, 'approve')).statusCode).toBe(409);
    expect((await auditOf(agent.user.id)).map((e) => [e.action, e.reason])).toEqual([['agent.refuse', 'Numéro de téléphone injoignable']]);
  });

  it('answers 404 for an unknown or malformed id and for an account that is not an agent', async () => {
    for (const id of [UNKNOWN, 'pas-un-id', consumer.user.id, moderator.user.id]) {
      const res = await decide(id, 'approve');
      expect(res.statusCode, id).toBe(404);
      expect(detailOf(res)).toBe(fr.agentVetting.applicationNotFound);
    }
  });
});

describe('suspending an agent', () => {
  it('revokes its sessions and hands its orders in progress back to the pool, customers told, in one go', async () => {
    const agent = await registerApprovedAgent(ctx, { full_name: 'Livreur Indélicat' });
    const other = await registerApprovedAgent(ctx);
    const [first, second, done] = [await insertOrder(ctx.db, consumer.user.id), await insertOrder(ctx.db, consumer.user.id), await insertOrder(ctx.db, consumer.user.id)];
    for (const o of [first, second, done]) expect((await call(agent, 'POST', `/delivery-agent/accept-order/${o.id}`)).statusCode).toBe(200);
    await deliverWithCode(ctx, agent, done.id);

    const suspended = await call(moderator, 'POST', `/admin/users/${agent.user.id}/suspend`, { reason: 'Clients démarchés' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await call(agent, 'GET', '/delivery-agent/my-orders')).statusCode).toBe(401);

    for (const o of [first, second]) {
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row).toMatchObject({ status: 'confirmed', agentId: null, assignedAt: null });
      const events = await ctx.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.fromStatus, 'in_progress')));
      expect(events.map((e) => [e.toStatus, e.actorId])).toEqual([['confirmed', moderator.user.id]]);
    }
    expect((await ctx.db.select().from(orders).where(eq(orders.id, done.id)))[0]).toMatchObject({ status: 'delivered', agentId: agent.user.id });
    const told = (await ctx.db.select().from(notifications).where(eq(notifications.userId, consumer.user.id))).filter((n) => n.title === fr.agentVetting.orderReleased.title);
    expect(told.map((n) => (n.data as { order_id: string }).order_id).sort()).toEqual([first.id, second.id].sort());

    const offered = (await call(other, 'GET', '/delivery-agent/available-orders')).json().available_orders as AvailableOrder[];
    expect(offered.map((o) => o.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await call(other, 'POST', `/delivery-agent/accept-order/${first.id}`)).statusCode).toBe(200);
    const [entry] = (await auditOf(agent.user.id)).filter((e) => e.action === 'user.suspend');
    expect(entry.after).toMatchObject({ suspended: true, orders_released: 2 });
  });

  it('racing an accept: the suspended agent never ends up holding an order', async () => {
    for (let round = 0; round < 8; round++) {
      const agent = await registerApprovedAgent(ctx);
      const order = await insertOrder(ctx.db, consumer.user.id, { withList: false });
      const [taken, suspended] = await Promise.all([
        call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`),
        call(moderator, 'POST', `/admin/users/${agent.user.id}/suspend`, { reason: 'Course' }),
      ]);
      expect(suspended.statusCode).toBe(200);
      expect([200, 401, 403]).toContain(taken.statusCode);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row, `round ${round}`).toMatchObject({ status: 'confirmed', agentId: null });
    }
  });

  it('a suspended applicant leaves the pending queue', async () => {
    const agent = await applicant();
    expect((await applications()).items.map((a) => a.id)).toContain(agent.user.id);
    await call(moderator, 'POST', `/admin/users/${agent.user.id}/suspend`, { reason: 'Faux profil' });
    expect((await applications()).items.map((a) => a.id)).not.toContain(agent.user.id);
    const rows = await ctx.db.select().from(moderationActions).where(eq(moderationActions.targetId, agent.user.id));
    expect(rows.map((r) => r.action)).toEqual(['user.suspend']);
  });
});
