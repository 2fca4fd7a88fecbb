// What is due at the door (issue 30 item 2), through the API as the agent's and the customer's
// screens read it: booked through the checkout, paid (or not) through the payment sandbox.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentOrderSchema, AvailableOrderSchema, type AgentOrder, type AvailableOrder } from '#contract/agent';
import { BookingDetailsSchema, type BookingDetails, type BookingResult } from '#contract/checkout';
import { DeliveryRequestSchema, type DeliveryRequest } from '#contract/orders';
import { orders, payments } from '../../db/schema';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { checkoutSteps, type MethodType } from '../checkout/checkout-fixture';
import { insertBasketFixture } from '../optimiser/basket-fixture';

let ctx: TestContext;
let customer: SignedIn;
let agent: SignedIn;
let steps: ReturnType<typeof checkoutSteps>;
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await registerUser(ctx.app);
  agent = await registerApprovedAgent(ctx);
  steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
});
afterAll(() => ctx.close());

const get = (who: SignedIn, url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(who.access_token) });
const post = (who: SignedIn, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(who.access_token), ...(payload ? { payload } : {}) });

async function book(type: MethodType) {
  const { cartId, total } = await steps.cartFor(customer);
  const method = await steps.method(customer, type, type === 'moov_money' ? '+241 06 12 34 56' : '+241 07 12 34 56');
  const res = await steps.book(customer, steps.bookingQuery(cartId, method.id));
  expect(res.statusCode, res.body).toBe(201);
  return { booking: res.json() as BookingResult, total };
}

/** Booked, then approved (or refused) on the sandbox phone or card page. */
async function bookAndAnswer(type: Exclude<MethodType, 'cash'>, approve: boolean) {
  const { booking, total } = await book(type);
  const answered = await post(customer, `/shopping/payments/${booking.payment!.id}/sandbox-decision`, { approve });
  expect(answered.statusCode, answered.body).toBe(200);
  return { orderId: booking.order_id, total };
}

/** The booking confirmation page (GET /api/shopping/bookings/{id}) says the same. */
const bookingDetails = async (orderId: string) => {
  const res = await get(customer, `/shopping/bookings/${orderId}`);
  expect(res.statusCode).toBe(200);
  expect(BookingDetailsSchema.strict().safeParse(res.json()).success).toBe(true);
  return res.json() as BookingDetails;
};

const delivery = async (orderId: string) => {
  const res = await get(customer, '/deliveries');
  expect(res.statusCode).toBe(200);
  const found = (res.json() as DeliveryRequest[]).find((d) => d.id === orderId)!;
  expect(DeliveryRequestSchema.strict().safeParse(found).success).toBe(true);
  return found;
};
const available = async (orderId: string) =>
  ((await get(agent, '/delivery-agent/available-orders')).json().available_orders as AvailableOrder[]).find((o) => o.id === orderId);

/** The agent sees the order in the available list, takes it, then sees it in its list and its detail: the same three fields everywhere. */
async function agentViews(orderId: string) {
  const listed = (await available(orderId))!;
  expect(AvailableOrderSchema.strict().safeParse(listed).success).toBe(true);
  const accepted = await post(agent, `/delivery-agent/accept-order/${orderId}`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const mine = ((await get(agent, '/delivery-agent/my-orders')).json().my_orders as AgentOrder[]).find((o) => o.id === orderId)!;
  const detail = await get(agent, `/delivery-agent/orders/${orderId}`);
  expect(detail.statusCode).toBe(200);
  expect(AgentOrderSchema.strict().safeParse(detail.json()).success).toBe(true);
  const pick = (o: { amount_due_at_door_xaf: number; payment_state: string; payment_method: string }) => ({
    amount_due_at_door_xaf: o.amount_due_at_door_xaf,
    payment_state: o.payment_state,
    payment_method: o.payment_method,
  });
  const seen = pick(detail.json() as AgentOrder);
  expect(pick(listed)).toEqual(seen);
  expect(pick(accepted.json().order)).toEqual(seen);
  expect(pick(mine)).toEqual(seen);
  return seen;
}

describe('what the agent collects at the door', () => {
  it('cash on delivery: the agent collects the total, and the customer is told the same', async () => {
    const { booking, total } = await book('cash');
    const due = { amount_due_at_door_xaf: total, payment_state: 'cash_due', payment_method: 'cash' };
    expect(await agentViews(booking.order_id)).toEqual(due);
    expect(await delivery(booking.order_id)).toMatchObject({ ...due, total_amount: total });
    expect(await bookingDetails(booking.order_id)).toMatchObject(due);
  });

  it.each(['airtel_money', 'moov_money', 'card'] as const)('paid by %s: nothing to collect, though the total is still shown', async (method) => {
    const { orderId, total } = await bookAndAnswer(method, true);
    const due = { amount_due_at_door_xaf: 0, payment_state: 'paid_online', payment_method: method };
    expect(await agentViews(orderId)).toEqual(due);
    expect(await delivery(orderId)).toMatchObject({ ...due, total_amount: total });
    expect(await bookingDetails(orderId)).toMatchObject(due);
    const detail = (await get(agent, `/delivery-agent/orders/${orderId}`)).json() as AgentOrder;
    expect(detail.total_amount).toBe(total);
  });

  it('a payment the operator has not confirmed: not offered to agents, nothing to collect in cash, « en attente » for the customer', async () => {
    const { booking } = await book('airtel_money');
    expect(booking.payment).toMatchObject({ status: 'pending' });
    expect(await available(booking.order_id)).toBeUndefined();
    expect((await get(agent, `/delivery-agent/orders/${booking.order_id}`)).statusCode).toBe(404);
    expect(await delivery(booking.order_id)).toMatchObject({ status: 'pending', amount_due_at_door_xaf: 0, payment_state: 'payment_pending', payment_method: 'airtel_money' });
    expect(await bookingDetails(booking.order_id)).toMatchObject({ amount_due_at_door_xaf: 0, payment_state: 'payment_pending' });
  });

  it('a refused payment: the order is cancelled and says so', async () => {
    const { orderId } = await bookAndAnswer('moov_money', false);
    expect(await available(orderId)).toBeUndefined();
    expect(await delivery(orderId)).toMatchObject({ status: 'cancelled', amount_due_at_door_xaf: 0, payment_state: 'payment_failed', payment_method: 'moov_money' });
  });

  it('a paid order cancelled: refund pending while the operator has not answered, then refunded', async () => {
    const { orderId } = await bookAndAnswer('card', true);
    expect((await post(customer, `/deliveries/${orderId}/cancel`)).statusCode).toBe(200);
    // The sandbox refunds at once.
    expect(await delivery(orderId)).toMatchObject({ status: 'cancelled', refund_status: 'succeeded', amount_due_at_door_xaf: 0, payment_state: 'refunded', payment_method: 'card' });
    expect(await bookingDetails(orderId)).toMatchObject({ amount_due_at_door_xaf: 0, payment_state: 'refunded' });
    // As with an operator that has not answered yet.
    await ctx.db.update(payments).set({ refundStatus: 'pending' }).where(eq(payments.orderId, orderId));
    expect(await delivery(orderId)).toMatchObject({ refund_status: 'pending', amount_due_at_door_xaf: 0, payment_state: 'refund_pending' });
    await ctx.db.update(payments).set({ refundStatus: 'failed' }).where(eq(payments.orderId, orderId));
    expect(await delivery(orderId)).toMatchObject({ refund_status: 'failed', amount_due_at_door_xaf: 0, payment_state: 'refund_failed' });
  });

  it('a cash order: collected once delivered, nothing once cancelled', async () => {
    const { booking } = await book('cash');
    expect((await post(agent, `/delivery-agent/accept-order/${booking.order_id}`)).statusCode).toBe(200);
    // Delivered as the handover records it (the handover itself is tested with its endpoints).
    await ctx.db.update(orders).set({ status: 'delivered', deliveredAt: ctx.clock.now() }).where(eq(orders.id, booking.order_id));
    expect((await get(agent, `/delivery-agent/orders/${booking.order_id}`)).json()).toMatchObject({ amount_due_at_door_xaf: 0, payment_state: 'paid_cash' });
    expect(await delivery(booking.order_id)).toMatchObject({ amount_due_at_door_xaf: 0, payment_state: 'paid_cash' });
    const { booking: cancelled } = await book('cash');
    expect((await post(customer, `/deliveries/${cancelled.order_id}/cancel`)).statusCode).toBe(200);
    expect(await delivery(cancelled.order_id)).toMatchObject({ status: 'cancelled', amount_due_at_door_xaf: 0, payment_state: 'cancelled' });
  });
});
