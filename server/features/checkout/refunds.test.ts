// Test orders and refunds. With the sandbox (development), an order it pays is a test order that
// the customer sees as such, and its refund on cancellation is recorded at once. In production
// with Airtel Money configured (against the local stand-in, over real HTTP), a cancelled paid order
// is refunded through Airtel's refund API: succeeded, refused, no answer, in doubt, unavailable —
// and a refund is asked of Airtel once for one payment, whatever happens at the same time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingDetails, BookingResult } from '#contract/checkout';
import type { DeliveryRequest } from '#contract/orders';
import type { PaymentAvailability } from '#contract/payments';
import { orderEvents, orders, payments } from '../../db/schema';
import { AIRTEL_STATUS_ENQUIRY_INTERVAL_MS } from '../../platform/payments/airtel-money';
import { createPaymentProviders } from '../../platform/payments/providers';
import { startAirtelStandIn, STAND_IN_CREDENTIALS, type AirtelStandIn } from '../../test/airtel-stand-in';
import { createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { transitionOrder } from '../orders/orders.service';
import { insertBasketFixture } from '../optimiser/basket-fixture';
import { checkoutSteps } from './checkout-fixture';
import { reconcilePendingPayments } from './payment-reconciler';
import { REFUND_RETRY_MS, registerRefunds } from './refunds.service';

/** What the customer's screens and the database say about one order. */
function views(ctx: TestContext, steps: ReturnType<typeof checkoutSteps>, who: () => SignedIn) {
  const details = async (orderId: string) => (await ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${orderId}`, headers: steps.as(who()) })).json() as BookingDetails;
  const delivery = async (orderId: string) =>
    ((await ctx.app.inject({ method: 'GET', url: '/api/deliveries', headers: steps.as(who()) })).json() as DeliveryRequest[]).find((d) => d.id === orderId)!;
  const cancel = (orderId: string) => ctx.app.inject({ method: 'POST', url: `/api/deliveries/${orderId}/cancel`, headers: steps.as(who()) });
  const paymentOf = async (orderId: string) => (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
  const orderRow = async (orderId: string) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  return { details, delivery, cancel, paymentOf, orderRow };
}

describe('with the payment sandbox (development)', () => {
  let ctx: TestContext;
  let alice: SignedIn;
  let steps: ReturnType<typeof checkoutSteps>;
  let v: ReturnType<typeof views>;

  beforeAll(async () => {
    ctx = await createTestContext();
    alice = await registerUser(ctx.app);
    steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
    v = views(ctx, steps, () => alice);
  });
  afterAll(() => ctx.close());

  const answer = (paymentId: string, approve: boolean) =>
    ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${paymentId}/sandbox-decision`, headers: steps.as(alice), payload: { approve } });

  async function book(type: 'card' | 'cash' | 'moov_money') {
    const { cartId, total } = await steps.cartFor(alice);
    const method = await steps.method(alice, type, '+241 06 12 34 56');
    const res = await steps.book(alice, steps.bookingQuery(cartId, method.id));
    expect(res.statusCode, res.body).toBe(201);
    return { booking: res.json() as BookingResult, total };
  }

  async function paidByCard() {
    const { booking, total } = await book('card');
    expect((await answer(booking.payment!.id, true)).json()).toMatchObject({ status: 'confirmed' });
    return { orderId: booking.order_id, total };
  }

  it('GET /api/config: every method can be paid; card, Moov Money and Airtel Money (no credentials) as test payments', async () => {
    const { payments: config } = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json() as { payments: { sandbox: boolean; methods: PaymentAvailability[] } };
    expect(config.sandbox).toBe(true);
    expect(config.methods.every((m) => m.available && m.reason === null)).toBe(true);
    expect(config.methods.filter((m) => m.test_mode).map((m) => m.method_type).sort()).toEqual(['airtel_money', 'card', 'moov_money']);
  });

  it('an order paid through the sandbox is a test order in every view the customer has of it; a cash order is not', async () => {
    const { booking } = await book('card');
    expect(booking).toMatchObject({ is_test: true, payment: { test_mode: true, refund_status: 'none', refunded_at: null } });
    const confirmed = await answer(booking.payment!.id, true);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', is_test: true });
    expect(await v.details(booking.order_id)).toMatchObject({ is_test: true });
    expect(await v.delivery(booking.order_id)).toMatchObject({ is_test: true, refund_status: 'none' });
    expect((await v.orderRow(booking.order_id)).isTest).toBe(true);

    const { booking: cash } = await book('cash');
    expect(cash).toMatchObject({ is_test: false, payment: null });
    expect(await v.details(cash.order_id)).toMatchObject({ is_test: false });
    expect(await v.delivery(cash.order_id)).toMatchObject({ is_test: false, refund_status: 'none' });
  });

  it('cancelling a paid test order records its refund at once, shown on the order', async () => {
    const { orderId, total } = await paidByCard();
    const res = await v.cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', is_test: true, refund_status: 'succeeded' });
    const details = await v.details(orderId);
    expect(details.payment).toMatchObject({ status: 'succeeded', amount: total, refund_status: 'succeeded' });
    expect(Date.parse(details.payment!.refunded_at!)).not.toBeNaN();
    expect(await v.delivery(orderId)).toMatchObject({ status: 'cancelled', refund_status: 'succeeded' });
    expect((await v.paymentOf(orderId)).refundReference).toMatch(/^sbx_rf_/);
  });

  it('a cash order and an unpaid pending order need no refund; money collected after the cancellation is given back', async () => {
    const { booking: cash } = await book('cash');
    expect((await v.cancel(cash.order_id)).json()).toMatchObject({ status: 'cancelled', refund_status: 'none' });

    const { booking: unpaid } = await book('moov_money');
    expect((await v.cancel(unpaid.order_id)).json()).toMatchObject({ status: 'cancelled', refund_status: 'none' });
    expect(await v.paymentOf(unpaid.order_id)).toMatchObject({ status: 'pending', refundStatus: 'none' });

    // The customer approves the push after all: the money is taken, the order stays cancelled, the money goes back.
    const late = await answer(unpaid.payment!.id, true);
    expect(late.json()).toMatchObject({ status: 'cancelled', payment: { status: 'succeeded', refund_status: 'succeeded' } });
    expect(await v.delivery(unpaid.order_id)).toMatchObject({ refund_status: 'succeeded' });
  });

  it('two cancellations at once: one wins, the other is a 409, one refund', async () => {
    const { orderId } = await paidByCard();
    const results = await Promise.all([v.cancel(orderId), v.cancel(orderId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await v.paymentOf(orderId)).refundStatus).toBe('succeeded');
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.toStatus === 'cancelled')).toHaveLength(1);
  });

  it('a refund due but never asked (the process stopped after the commit) is asked by the reconciliation; one asked without an answer, after its retry interval', async () => {
    const providers = createPaymentProviders(ctx.deps.config);
    const { orderId } = await paidByCard();
    await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    await ctx.db.update(payments).set({ refundStatus: 'pending', updatedAt: ctx.clock.now() }).where(eq(payments.orderId, orderId));
    await reconcilePendingPayments(ctx.deps, providers);
    expect(await v.paymentOf(orderId)).toMatchObject({ refundStatus: 'succeeded', refundReference: expect.stringMatching(/^sbx_rf_/) });

    const { orderId: claimedId } = await paidByCard();
    await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, claimedId));
    await ctx.db.update(payments).set({ refundStatus: 'pending', refundReference: 'rf_lost', updatedAt: ctx.clock.now() }).where(eq(payments.orderId, claimedId));
    await reconcilePendingPayments(ctx.deps, providers);
    expect((await v.paymentOf(claimedId)).refundStatus).toBe('pending'); // maybe still being asked elsewhere
    expect(await v.delivery(claimedId)).toMatchObject({ refund_status: 'pending' });
    ctx.clock.advance(REFUND_RETRY_MS + 1000);
    await reconcilePendingPayments(ctx.deps, providers);
    expect((await v.paymentOf(claimedId)).refundStatus).toBe('succeeded');
  });

  it('a cancellation by the order lifecycle itself (not through the route) refunds too', async () => {
    const { orderId } = await paidByCard();
    await transitionOrder(ctx.db, orderId, 'cancelled', { kind: 'consumer', userId: alice.user.id }, ctx.clock.now());
    expect((await v.paymentOf(orderId)).refundStatus).toBe('succeeded');
  });
});

describe('in production with Airtel Money (Open API stand-in)', () => {
  let ctx: TestContext;
  let standIn: AirtelStandIn;
  let alice: SignedIn;
  let steps: ReturnType<typeof checkoutSteps>;
  let v: ReturnType<typeof views>;
  const TIMEOUT_MS = 1500;

  beforeAll(async () => {
    standIn = await startAirtelStandIn();
    ctx = await createTestContext({
      paymentsSandbox: false,
      airtelMoney: { baseUrl: standIn.baseUrl, clientId: STAND_IN_CREDENTIALS.clientId, clientSecret: STAND_IN_CREDENTIALS.clientSecret, callbackSecret: STAND_IN_CREDENTIALS.callbackSecret, timeoutMs: TIMEOUT_MS },
    });
    standIn.setCallbackTarget(async (body) => (await ctx.app.inject({ method: 'POST', url: '/api/payments/callbacks/airtel', payload: body })).statusCode);
    alice = await registerUser(ctx.app);
    steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
    v = views(ctx, steps, () => alice);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  let phoneCounter = 0;
  const newPhone = () => {
    phoneCounter += 1;
    const n = String(phoneCounter).padStart(2, '0');
    return { typed: `+241 07 66 ${n} 00`, msisdn: `0766${n}00` };
  };
  const reconcile = () => reconcilePendingPayments(ctx.deps, createPaymentProviders(ctx.deps.config));
  /** The refund requests Airtel received for this order's collection. */
  const refundsAsked = async (orderId: string) => {
    const tx = standIn.transactions.get((await v.paymentOf(orderId)).providerReference)!;
    return standIn.refundRequests().filter((r) => (r.body as { transaction: { airtel_money_id: string } }).transaction.airtel_money_id === tx.airtelMoneyId).length;
  };
  const collection = async (orderId: string) => standIn.transactions.get((await v.paymentOf(orderId)).providerReference)!;

  /** An order paid with Airtel Money: pushed, approved on the phone, confirmed by the signed callback. */
  async function paidWithAirtel(refundBehaviour?: Parameters<AirtelStandIn['behaveRefund']>[1]) {
    const phone = newPhone();
    if (refundBehaviour) standIn.behaveRefund(phone.msisdn, refundBehaviour);
    const { cartId, total } = await steps.cartFor(alice);
    const method = await steps.method(alice, 'airtel_money', phone.typed);
    const booking = (await steps.book(alice, steps.bookingQuery(cartId, method.id))).json() as BookingResult;
    expect(booking).toMatchObject({ status: 'pending', is_test: false, payment: { provider: 'airtel_money', test_mode: false } });
    expect(await standIn.customerAnswers(phone.msisdn, true)).toBe(200);
    expect((await v.orderRow(booking.order_id)).status).toBe('confirmed');
    return { orderId: booking.order_id, phone, total };
  }

  it('Airtel Money is live: a real order (not a test one); card stays refused; the sandbox phone does not exist', async () => {
    const { orderId } = await paidWithAirtel();
    expect(await v.details(orderId)).toMatchObject({ is_test: false, payment: { test_mode: false, status: 'succeeded' } });
    expect(await v.delivery(orderId)).toMatchObject({ is_test: false });
    const { cartId } = await steps.cartFor(alice);
    const card = await steps.method(alice, 'card');
    const refused = await steps.book(alice, steps.bookingQuery(cartId, card.id));
    expect(refused.statusCode).toBe(422);
    expect(detailOf(refused)).toBe("Le paiement par carte n'est pas encore disponible. Choisissez un autre moyen de paiement.");
    const sandbox = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${(await v.paymentOf(orderId)).id}/sandbox-decision`, headers: steps.as(alice), payload: { approve: false } });
    expect(sandbox.statusCode).toBe(404);
    expect(detailOf(sandbox)).toBe("Le paiement de test n'est pas disponible sur ce serveur.");
    expect((await v.orderRow(orderId)).status).toBe('confirmed');
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json() as { payments: { methods: PaymentAvailability[] } };
    expect(config.payments.methods.find((m) => m.method_type === 'airtel_money')).toEqual({ method_type: 'airtel_money', available: true, test_mode: false, reason: null });
  });

  it("cancelling a paid order asks Airtel's refund once, with Airtel's id of the collection: refunded, shown on the order", async () => {
    const { orderId } = await paidWithAirtel();
    const res = await v.cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', is_test: false, refund_status: 'succeeded' });
    const tx = await collection(orderId);
    expect(tx.status).toBe('TR');
    expect(await refundsAsked(orderId)).toBe(1);
    const payment = await v.paymentOf(orderId);
    expect(payment).toMatchObject({ status: 'succeeded', refundStatus: 'succeeded', refundReference: tx.refundId });
    expect((await v.details(orderId)).payment).toMatchObject({ refund_status: 'succeeded', refunded_at: expect.any(String) });

    // Later reconciliation passes leave a finished refund alone.
    ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
    await reconcile();
    expect(await refundsAsked(orderId)).toBe(1);
  });

  it('Airtel refuses the refund: failed, shown as such, not asked again', async () => {
    const { orderId } = await paidWithAirtel('refuse');
    expect((await v.cancel(orderId)).json()).toMatchObject({ status: 'cancelled', refund_status: 'failed' });
    expect((await v.details(orderId)).payment).toMatchObject({ refund_status: 'failed', refunded_at: null });
    expect((await collection(orderId)).status).toBe('TS');
    ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
    await reconcile();
    expect(await refundsAsked(orderId)).toBe(1);
    expect(await v.delivery(orderId)).toMatchObject({ refund_status: 'failed' });
  });

  it("no answer in time: the refund stays pending; after Airtel's interval the reconciliation finds it done — one refund request", async () => {
    const { orderId } = await paidWithAirtel('hang');
    expect((await v.cancel(orderId)).json()).toMatchObject({ status: 'cancelled', refund_status: 'pending' });
    expect(await v.delivery(orderId)).toMatchObject({ refund_status: 'pending' });
    await reconcile();
    expect((await v.paymentOf(orderId)).refundStatus).toBe('pending'); // not before the interval
    ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
    await Promise.all([reconcile(), reconcile()]);
    expect(await v.paymentOf(orderId)).toMatchObject({ refundStatus: 'succeeded', refundedAt: expect.any(Date) });
    expect(await refundsAsked(orderId)).toBe(1);
  });

  it('in doubt and not done: asked again once after the interval (two passes at once ask once), reversed once', async () => {
    const { orderId, phone } = await paidWithAirtel('in_doubt');
    expect((await v.cancel(orderId)).json()).toMatchObject({ refund_status: 'pending' });
    expect(await refundsAsked(orderId)).toBe(1);
    standIn.behaveRefund(phone.msisdn, 'accept');
    await reconcile();
    expect(await refundsAsked(orderId)).toBe(1);
    ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
    await Promise.all([reconcile(), reconcile()]);
    expect(await refundsAsked(orderId)).toBe(2); // the first never took effect: its enquiry showed the collection still there
    expect((await collection(orderId)).status).toBe('TR');
    expect((await v.paymentOf(orderId)).refundStatus).toBe('succeeded');
  });

  it('a slow Airtel does not hold the cancellation: the customer is answered "en cours" while the refund request goes on', async () => {
    const { orderId } = await paidWithAirtel('hang');
    const warnings: string[] = [];
    const log = { warn: (_: object, message: string) => warnings.push(message), error: (_: object, message: string) => warnings.push(message) };
    registerRefunds({ deps: ctx.deps, providers: createPaymentProviders(ctx.deps.config), log, waitMs: 100 });
    try {
      const res = await v.cancel(orderId);
      expect(res.json()).toMatchObject({ status: 'cancelled', refund_status: 'pending' });
      expect(warnings).toHaveLength(0); // Airtel has not answered yet
      await vi.waitFor(() => expect(warnings.join(' ')).toContain(`pas de réponse en ${TIMEOUT_MS} ms`), { timeout: TIMEOUT_MS * 4 });
      expect((await v.paymentOf(orderId)).refundStatus).toBe('pending');
      ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
      await reconcile();
      expect((await v.paymentOf(orderId)).refundStatus).toBe('succeeded');
      expect(await refundsAsked(orderId)).toBe(1);
    } finally {
      registerRefunds({ deps: ctx.deps, providers: createPaymentProviders(ctx.deps.config) });
    }
  });

  it('Airtel unavailable: nothing was sent; the next reconciliation pass asks again', async () => {
    const { orderId, phone } = await paidWithAirtel('server_down');
    expect((await v.cancel(orderId)).json()).toMatchObject({ refund_status: 'pending' });
    expect((await v.paymentOf(orderId)).refundReference).toBeNull();
    standIn.behaveRefund(phone.msisdn, 'accept');
    await reconcile();
    expect((await v.paymentOf(orderId)).refundStatus).toBe('succeeded');
    expect((await collection(orderId)).status).toBe('TR');
  });

  it('two cancellations at once and repeated reconciliation passes: one refund request', async () => {
    const { orderId } = await paidWithAirtel();
    const results = await Promise.all([v.cancel(orderId), v.cancel(orderId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (let pass = 0; pass < 3; pass++) {
      ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
      await Promise.all([reconcile(), reconcile()]);
    }
    expect(await refundsAsked(orderId)).toBe(1);
    expect((await v.paymentOf(orderId)).refundStatus).toBe('succeeded');
  });

  it('an order cancelled before Airtel collected anything needs no refund', async () => {
    const phone = newPhone();
    const { cartId } = await steps.cartFor(alice);
    const method = await steps.method(alice, 'airtel_money', phone.typed);
    const booking = (await steps.book(alice, steps.bookingQuery(cartId, method.id))).json() as BookingResult;
    expect((await v.cancel(booking.order_id)).json()).toMatchObject({ status: 'cancelled', refund_status: 'none' });
    expect(await standIn.customerAnswers(phone.msisdn, false)).toBe(200);
    expect(await v.paymentOf(booking.order_id)).toMatchObject({ status: 'failed', refundStatus: 'none' });
    expect(await refundsAsked(booking.order_id)).toBe(0);
  });
});
