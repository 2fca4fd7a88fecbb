// A production deployment (config.paymentsSandbox false, as NODE_ENV=production without
// PAYMENTS_SANDBOX=true) and no Airtel credentials: only cash can be paid. The other methods are
// refused at booking with a French message and nothing is created; nobody can answer the sandbox.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetails, BookingResult } from '#contract/checkout';
import type { DeliveryRequest } from '#contract/orders';
import type { PaymentAvailability } from '#contract/payments';
import { carts, orderEvents, orders, payments } from '../../db/schema';
import { createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { insertBasketFixture } from '../optimiser/basket-fixture';
import { checkoutSteps } from './checkout-fixture';

let ctx: TestContext;
let alice: SignedIn;
let steps: ReturnType<typeof checkoutSteps>;

beforeAll(async () => {
  ctx = await createTestContext({ paymentsSandbox: false, airtelMoney: null });
  alice = await registerUser(ctx.app);
  steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
});
afterAll(() => ctx.close());

const NOT_YET = {
  card: "Le paiement par carte n'est pas encore disponible. Choisissez un autre moyen de paiement.",
  moov_money: "Le paiement par Moov Money n'est pas encore disponible. Choisissez un autre moyen de paiement.",
  airtel_money: "Le paiement par Airtel Money n'est pas encore disponible. Choisissez un autre moyen de paiement.",
} as const;

const cancel = (orderId: string) => ctx.app.inject({ method: 'POST', url: `/api/deliveries/${orderId}/cancel`, headers: steps.as(alice) });
const deliveryOf = async (orderId: string) =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/deliveries', headers: steps.as(alice) })).json() as DeliveryRequest[]).find((d) => d.id === orderId)!;

/** A cash order turned into one paid through the sandbox before the switch to production. */
async function pastSandboxOrder(paymentStatus: 'pending' | 'succeeded') {
  const { cartId, total } = await steps.cartFor(alice);
  const cash = await steps.method(alice, 'cash');
  const booking = (await steps.book(alice, steps.bookingQuery(cartId, cash.id))).json() as BookingResult;
  await ctx.db
    .update(orders)
    .set({ isTest: true, paymentType: 'card', status: paymentStatus === 'pending' ? 'pending' : 'confirmed' })
    .where(eq(orders.id, booking.order_id));
  const [payment] = await ctx.db
    .insert(payments)
    .values({ orderId: booking.order_id, provider: 'sandbox', methodType: 'card', amountXaf: total, status: paymentStatus, providerReference: `sbx_${booking.order_id}` })
    .returning();
  return { orderId: booking.order_id, payment };
}

describe('payments in production without the sandbox', () => {
  it('GET /api/config tells the web which methods can be paid now, with the reason for the others', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const { payments: config } = res.json() as { payments: { sandbox: boolean; methods: PaymentAvailability[] } };
    expect(config.sandbox).toBe(false);
    expect(config.methods).toEqual([
      { method_type: 'moov_money', available: false, test_mode: false, reason: NOT_YET.moov_money },
      { method_type: 'airtel_money', available: false, test_mode: false, reason: NOT_YET.airtel_money },
      { method_type: 'card', available: false, test_mode: false, reason: NOT_YET.card },
      { method_type: 'cash', available: true, test_mode: false, reason: null },
    ]);
  });

  it('refuses card, Moov Money and Airtel Money at booking with a French 422 and creates nothing; the cart can still be booked in cash', async () => {
    const list = await steps.newList(alice);
    const { cartId } = await steps.cartFor(alice, list.id);
    for (const type of ['card', 'moov_money', 'airtel_money'] as const) {
      const method = await steps.method(alice, type, '+241 07 12 34 56');
      const res = await steps.book(alice, steps.bookingQuery(cartId, method.id));
      expect(res.statusCode, type).toBe(422);
      expect(detailOf(res)).toBe(NOT_YET[type]);
      expect(res.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    }
    expect(await ctx.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    expect((await ctx.db.select().from(carts).where(eq(carts.id, cartId)))[0].status).toBe('open');
    expect(await steps.listStatus(list.id)).toBe('active');

    const cash = await steps.method(alice, 'cash');
    const booked = await steps.book(alice, steps.bookingQuery(cartId, cash.id));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ status: 'confirmed', is_test: false, payment: null });
    expect(await steps.listStatus(list.id)).toBe('pending_delivery');
  });

  it('the sandbox phone answers 404 in French and moves neither the payment nor the order', async () => {
    const { orderId, payment } = await pastSandboxOrder('pending');
    for (const approve of [true, false]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${payment.id}/sandbox-decision`, headers: steps.as(alice), payload: { approve } });
      expect(res.statusCode).toBe(404);
      expect(detailOf(res)).toBe("Le paiement de test n'est pas disponible sur ce serveur.");
    }
    expect((await ctx.db.select().from(payments).where(eq(payments.id, payment.id)))[0].status).toBe('pending');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe('pending');
    expect(await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toHaveLength(1);
  });

  it('a paid test order from before the switch is still shown as a test order, and its refund is recorded on cancellation (no money moved)', async () => {
    const { orderId, payment } = await pastSandboxOrder('succeeded');
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${orderId}`, headers: steps.as(alice) })).json() as BookingDetails;
    expect(details).toMatchObject({ is_test: true, payment: { provider: 'sandbox', test_mode: true, status: 'succeeded', refund_status: 'none' } });
    expect(await deliveryOf(orderId)).toMatchObject({ is_test: true, refund_status: 'none' });

    const res = await cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', is_test: true, refund_status: 'succeeded' });
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ refundStatus: 'succeeded', refundReference: expect.stringMatching(/^sbx_rf_/) });
    expect(row.refundedAt).toBeInstanceOf(Date);
  });
});
