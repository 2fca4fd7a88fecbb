// The moderators' orders view (GET /api/admin/orders) and the failed refunds count of the queue:
// - with the payment sandbox, a card order it pays is listed as a test order, a cash order is not;
//   the filters (test, status, refund) and the newest-first order; bad filters answer a French 400;
// - in production with Airtel Money (the local stand-in), a refund Airtel refuses is counted in
//   failed_refunds (not in the queues' total) and listed under refund=failed until someone follows
//   it up; one Airtel has not answered yet is listed under refund=pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingResult } from '#contract/checkout';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { AdminOrderPageSchema, QueueCountsSchema, type AdminOrder, type AdminOrderPage, type QueueCounts } from '#contract/moderation';
import { startAirtelStandIn, STAND_IN_CREDENTIALS, type AirtelStandIn } from '../../test/airtel-stand-in';
import { bearer, createTestContext, detailOf, loginDemo, realModerator, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { checkoutSteps } from '../checkout/checkout-fixture';
import { insertBasketFixture } from '../optimiser/basket-fixture';

/** The moderator's calls, each answer checked against the route's response schema. */
function moderatorViews(ctx: TestContext, moderator: () => SignedIn) {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(moderator().access_token) });
  async function orders(query = ''): Promise<AdminOrderPage> {
    const res = await get(`/api/admin/orders?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrderPageSchema.parse(res.json());
  }
  async function counts(): Promise<QueueCounts> {
    const res = await get('/api/admin/queue');
    expect(res.statusCode, res.body).toBe(200);
    return QueueCountsSchema.parse(res.json());
  }
  const ids = async (query: string) => (await orders(query)).items.map((o) => o.id);
  const one = async (orderId: string, query = '') => (await orders(query)).items.find((o) => o.id === orderId);
  return { get, orders, counts, ids, one };
}

describe('with the payment sandbox', () => {
  let ctx: TestContext;
  let moderator: SignedIn;
  let customer: SignedIn;
  let steps: ReturnType<typeof checkoutSteps>;
  let m: ReturnType<typeof moderatorViews>;
  let cardOrder: string;
  let cashOrder: string;
  let cardTotal: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    moderator = await realModerator(ctx);
    customer = await registerUser(ctx.app, { full_name: 'Awa Nguema' });
    steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
    m = moderatorViews(ctx, () => moderator);

    // A card order paid through the sandbox (the customer approves the test payment), then a cash order.
    const card = await steps.cartFor(customer);
    cardTotal = card.total;
    const booked = await steps.book(customer, steps.bookingQuery(card.cartId, (await steps.method(customer, 'card')).id));
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json() as BookingResult;
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: steps.as(customer), payload: { approve: true } });
    expect(paid.json()).toMatchObject({ status: 'confirmed', is_test: true });
    cardOrder = booking.order_id;

    ctx.clock.advance(1000);
    const cash = await steps.cartFor(customer);
    const cashBooked = await steps.book(customer, steps.bookingQuery(cash.cartId, (await steps.method(customer, 'cash')).id));
    expect(cashBooked.statusCode, cashBooked.body).toBe(201);
    cashOrder = (cashBooked.json() as BookingResult).order_id;
  });
  afterAll(() => ctx.close());

  it('lists a sandbox-paid card order as a test order and a cash order as a real one, newest first, with the customer', async () => {
    const page = await m.orders();
    const listed = page.items.map((o) => o.id);
    expect(listed.indexOf(cashOrder)).toBeGreaterThanOrEqual(0);
    expect(listed.indexOf(cashOrder)).toBeLessThan(listed.indexOf(cardOrder));
    const times = page.items.map((o) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const card = page.items.find((o) => o.id === cardOrder)!;
    expect(card).toEqual<AdminOrder>({
      id: cardOrder,
      created_at: expect.any(String),
      status: 'confirmed',
      origin: 'booking',
      customer: { id: customer.user.id, full_name: 'Awa Nguema', email: customer.user.email },
      delivery_date: steps.bookingQuery('', '').delivery_date,
      delivery_time_slot: 'morning',
      total_amount: cardTotal,
      payment_type: 'card',
      is_test: true,
      payment: { status: 'succeeded', refund_status: 'none', refunded_at: null },
      agent: null,
      cancelled_at: null,
    });
    expect(page.items.find((o) => o.id === cashOrder)).toMatchObject({ is_test: false, payment_type: 'cash', payment: null, status: 'confirmed' });
  });

  it('filters test orders, real ones, and a status; pages through them', async () => {
    const testOnly = await m.orders('&test=true');
    expect(testOnly.items.map((o) => o.id)).toContain(cardOrder);
    expect(testOnly.items.map((o) => o.id)).not.toContain(cashOrder);
    expect(testOnly.items.every((o) => o.is_test)).toBe(true);
    const realOnly = await m.ids('&test=false');
    expect(realOnly).toContain(cashOrder);
    expect(realOnly).not.toContain(cardOrder);

    const all = await m.orders();
    expect(all.total).toBe(testOnly.total + (await m.orders('&test=false')).total);
    expect(await m.ids('&status=cancelled')).not.toContain(cardOrder);
    expect(await m.ids('&status=confirmed&test=true')).toContain(cardOrder);

    const first = await m.get('/api/admin/orders?limit=1');
    expect(first.json()).toMatchObject({ page: 1, pages: all.total, total: all.total });
    expect((first.json() as AdminOrderPage).items).toHaveLength(1);
    const second = (await m.get('/api/admin/orders?limit=1&page=2')).json() as AdminOrderPage;
    expect(second.items[0].id).not.toBe((first.json() as AdminOrderPage).items[0].id);
  });

  it('shows the agent who took an order, and a cancelled test order with its refund', async () => {
    const agent = await loginDemo(ctx.app, 'agent');
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/delivery-agent/accept-order/${cashOrder}`, headers: bearer(agent.access_token) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await m.one(cashOrder)).toMatchObject({ status: 'in_progress', agent: { id: agent.user.id, full_name: DEMO_ACCOUNTS.agent.full_name } });

    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${cardOrder}/cancel`, headers: steps.as(customer) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const card = await m.one(cardOrder, '&status=cancelled');
    expect(card).toMatchObject({ is_test: true, status: 'cancelled', cancelled_at: expect.any(String), payment: { refund_status: 'succeeded', refunded_at: expect.any(String) } });
    // The sandbox refunds at once: nothing to follow up.
    expect(await m.ids('&refund=failed')).not.toContain(cardOrder);
    expect((await m.counts()).failed_refunds).toBe(0);
  });

  it('answers a French 400 to a filter it does not know', async () => {
    const cases: [string, string][] = [
      ['status=tous', fr.adminUi.orders.invalidStatusFilter],
      ['status=completed', fr.adminUi.orders.invalidStatusFilter],
      ['test=oui', fr.adminUi.orders.invalidTestFilter],
      ['refund=done', fr.adminUi.orders.invalidRefundFilter],
      ['refund=succeeded', fr.adminUi.orders.invalidRefundFilter],
    ];
    for (const [query, message] of cases) {
      const res = await m.get(`/api/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(detailOf(res)).toBe(message);
    }
    for (const [query, message] of [
      ['page=0', /^Trop petit/],
      ['limit=101', /^Trop grand/],
      ['limit=abc', /^Entrée invalide/],
    ] as const) {
      const res = await m.get(`/api/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(detailOf(res), query).toMatch(message);
    }
  });

  it('is for moderators only: 401 signed out, 403 to the customer and to an agent', async () => {
    for (const who of [customer, await loginDemo(ctx.app, 'agent')]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(who.access_token) });
      expect(res.statusCode).toBe(403);
      expect(detailOf(res)).toBe(fr.auth.adminsOnly);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
  });
});

describe('in production with Airtel Money (Open API stand-in): refunds to follow up', () => {
  let ctx: TestContext;
  let standIn: AirtelStandIn;
  let moderator: SignedIn;
  let customer: SignedIn;
  let steps: ReturnType<typeof checkoutSteps>;
  let m: ReturnType<typeof moderatorViews>;
  const TIMEOUT_MS = 1500;

  beforeAll(async () => {
    standIn = await startAirtelStandIn();
    ctx = await createTestContext({
      paymentsSandbox: false,
      airtelMoney: { baseUrl: standIn.baseUrl, clientId: STAND_IN_CREDENTIALS.clientId, clientSecret: STAND_IN_CREDENTIALS.clientSecret, callbackSecret: STAND_IN_CREDENTIALS.callbackSecret, timeoutMs: TIMEOUT_MS },
    });
    standIn.setCallbackTarget(async (body) => (await ctx.app.inject({ method: 'POST', url: '/api/payments/callbacks/airtel', payload: body })).statusCode);
    moderator = await realModerator(ctx);
    customer = await registerUser(ctx.app, { full_name: 'Paul Obiang' });
    steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
    m = moderatorViews(ctx, () => moderator);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  let phones = 0;
  /** An order paid with Airtel Money (approved on the phone), then cancelled by the customer. */
  async function paidThenCancelled(refund: Parameters<AirtelStandIn['behaveRefund']>[1]) {
    phones += 1;
    const n = String(phones).padStart(2, '0');
    standIn.behaveRefund(`0766${n}00`, refund);
    const { cartId } = await steps.cartFor(customer);
    const method = await steps.method(customer, 'airtel_money', `+241 07 66 ${n} 00`);
    const booking = (await steps.book(customer, steps.bookingQuery(cartId, method.id))).json() as BookingResult;
    expect(booking).toMatchObject({ status: 'pending', is_test: false });
    expect(await standIn.customerAnswers(`0766${n}00`, true)).toBe(200);
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${booking.order_id}/cancel`, headers: steps.as(customer) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return booking.order_id;
  }

  it('a refund Airtel refuses is counted apart from the queues and listed under "failed" with the customer to contact', async () => {
    const before = await m.counts();
    expect(before.failed_refunds).toBe(0);
    const refused = await paidThenCancelled('refuse');
    const refunded = await paidThenCancelled('accept');

    const after = await m.counts();
    expect(after.failed_refunds).toBe(1);
    expect(after.total).toBe(after.held + after.flagged + after.suggestions + after.agent_applications + after.merchant_applications + after.receipt_labels);
    expect(after.total).toBe(before.total);

    const failed = await m.orders('&refund=failed');
    expect(failed.items.map((o) => o.id)).toEqual([refused]);
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({
      status: 'cancelled',
      is_test: false,
      payment_type: 'airtel_money',
      customer: { full_name: 'Paul Obiang', email: customer.user.email },
      payment: { status: 'succeeded', refund_status: 'failed', refunded_at: null },
    });
    expect(await m.one(refunded)).toMatchObject({ is_test: false, payment: { refund_status: 'succeeded', refunded_at: expect.any(String) } });
    expect(await m.ids('&refund=failed&test=true')).toEqual([]);
  });

  it('a refund Airtel has not answered yet is listed under "pending", not counted as failed', async () => {
    // Airtel does not answer within its timeout: the cancellation answers, the refund stays pending.
    const waiting = await paidThenCancelled('hang');
    expect(await m.one(waiting, '&refund=pending')).toMatchObject({ payment: { refund_status: 'pending' } });
    expect(await m.ids('&refund=failed')).not.toContain(waiting);
    expect((await m.counts()).failed_refunds).toBe(1);
  });
});
