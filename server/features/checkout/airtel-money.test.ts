// Booking with Airtel Money when the app is configured for Airtel's Open API, against the local
// stand-in: the push goes to "Airtel", the stand-in posts the signed callback when the customer
// answers on the phone, and a lost callback is made up for by a status enquiry.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetails, BookingResult } from '#contract/checkout';
import { notifications, orderEvents, orders, payments } from '../../db/schema';
import { AIRTEL_STATUS_ENQUIRY_INTERVAL_MS } from '../../platform/payments/airtel-money';
import { airtelCallbackHash } from '../../platform/payments/airtel-money-callback';
import { createPaymentProviders } from '../../platform/payments/providers';
import { startAirtelStandIn, STAND_IN_CREDENTIALS, type AirtelStandIn } from '../../test/airtel-stand-in';
import { createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { insertBasketFixture } from '../optimiser/basket-fixture';
import { checkoutSteps } from './checkout-fixture';
import { reconcilePendingPayments } from './payment-reconciler';

let ctx: TestContext;
let standIn: AirtelStandIn;
let alice: SignedIn;
let bob: SignedIn;
let steps: ReturnType<typeof checkoutSteps>;

const TIMEOUT_MS = 3000;

beforeAll(async () => {
  standIn = await startAirtelStandIn();
  ctx = await createTestContext({
    airtelMoney: { baseUrl: standIn.baseUrl, clientId: STAND_IN_CREDENTIALS.clientId, clientSecret: STAND_IN_CREDENTIALS.clientSecret, callbackSecret: STAND_IN_CREDENTIALS.callbackSecret, timeoutMs: TIMEOUT_MS },
  });
  // Airtel's callbacks reach the app as any HTTP request would.
  standIn.setCallbackTarget(async (body) => (await postCallback(body)).statusCode);
  [alice, bob] = await Promise.all([registerUser(ctx.app), registerUser(ctx.app)]);
  steps = checkoutSteps(ctx, await insertBasketFixture(ctx.db));
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const postCallback = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/payments/callbacks/airtel', payload });

let phoneCounter = 0;
/** A fresh Airtel number per test, so the stand-in's "latest push to this phone" is this test's. */
const newPhone = () => {
  phoneCounter += 1;
  return { typed: `+241 07 55 ${String(phoneCounter).padStart(2, '0')} 00`, msisdn: `0755${String(phoneCounter).padStart(2, '0')}00` };
};

/** Books a fresh cart with a new Airtel Money number. */
async function bookWithAirtel(who: SignedIn = alice) {
  const phone = newPhone();
  const list = await steps.newList(who);
  const { cartId, total } = await steps.cartFor(who, list.id);
  const airtel = await steps.method(who, 'airtel_money', phone.typed);
  const res = await steps.book(who, steps.bookingQuery(cartId, airtel.id));
  return { res, phone, list, total };
}

const paymentRow = async (orderId: string) => (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const orderStatus = async (orderId: string) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0].status;
const eventCount = async (orderId: string) => (await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).length;
const titlesFor = async (who: SignedIn) => (await ctx.db.select().from(notifications).where(eq(notifications.userId, who.user.id))).map((n) => n.title);
const details = async (orderId: string, who: SignedIn = alice) => ctx.app.inject({ method: 'GET', url: `/api/shopping/bookings/${orderId}`, headers: steps.as(who) });
const enquiriesSince = (start: number) => standIn.received.slice(start).filter((r) => r.method === 'GET');

describe('booking with Airtel Money through the Airtel Open API', () => {
  it('sends the push to Airtel and keeps the order pending, shown as a real payment (no test mode)', async () => {
    const { res, phone, total } = await bookWithAirtel();
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as BookingResult;
    expect(booking.status).toBe('pending');
    expect(booking.payment).toMatchObject({ provider: 'airtel_money', test_mode: false, status: 'pending', method_type: 'airtel_money', customer_step: 'phone_confirmation', amount: total });
    const row = await paymentRow(booking.order_id);
    const sent = standIn.transactions.get(row.providerReference);
    expect(sent).toMatchObject({ msisdn: phone.msisdn, amount: total, status: 'TIP' });
    expect(row).toMatchObject({ provider: 'airtel_money', status: 'pending' });

    // The sandbox phone has no say over a real operator's payment.
    const sandbox = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: steps.as(alice), payload: { approve: true } });
    expect(sandbox.statusCode).toBe(404);
    expect(await orderStatus(booking.order_id)).toBe('pending');
  });

  it('the customer approves on the phone → Airtel posts the signed callback → confirmed, consumer notified; a repeated callback changes nothing', async () => {
    const { res, phone } = await bookWithAirtel();
    const booking = res.json() as BookingResult;
    expect(await standIn.customerAnswers(phone.msisdn, true)).toBe(200);
    expect(await orderStatus(booking.order_id)).toBe('confirmed');
    expect((await paymentRow(booking.order_id)).status).toBe('succeeded');
    expect(await titlesFor(alice)).toContain('Commande confirmée');
    const shown = (await details(booking.order_id)).json() as BookingDetails;
    expect(shown).toMatchObject({ status: 'confirmed', payment: { status: 'succeeded', test_mode: false, customer_step: null } });

    const events = await eventCount(booking.order_id);
    const titles = (await titlesFor(alice)).length;
    const again = await postCallback(standIn.callbackBody((await paymentRow(booking.order_id)).providerReference));
    expect(again.statusCode).toBe(200);
    expect(await eventCount(booking.order_id)).toBe(events);
    expect((await titlesFor(alice)).length).toBe(titles);
    expect(await orderStatus(booking.order_id)).toBe('confirmed');
  });

  it('the customer declines → failure callback → cancelled, the list can be booked again', async () => {
    const { res, phone, list } = await bookWithAirtel();
    const booking = res.json() as BookingResult;
    expect(await standIn.customerAnswers(phone.msisdn, false)).toBe(200);
    expect(await orderStatus(booking.order_id)).toBe('cancelled');
    expect((await paymentRow(booking.order_id)).status).toBe('failed');
    expect(await steps.listStatus(list.id)).toBe('active');
  });

  it('refuses a forged callback (wrong key, no hash, altered status) with 401 and changes nothing', async () => {
    const { res } = await bookWithAirtel();
    const booking = res.json() as BookingResult;
    const reference = (await paymentRow(booking.order_id)).providerReference;
    standIn.setStatus(reference, 'TS');
    const genuine = standIn.callbackBody(reference) as { transaction: Record<string, string>; hash: string };
    const forgeries = [
      standIn.callbackBody(reference, 'pas-la-bonne-cle'),
      { transaction: genuine.transaction },
      { transaction: { ...genuine.transaction, status_code: 'TF' }, hash: genuine.hash },
    ];
    for (const body of forgeries) {
      const refused = await postCallback(body);
      expect(refused.statusCode).toBe(401);
      expect(detailOf(refused)).toBe('Notification de paiement refusée : signature absente ou invalide');
    }
    expect(await orderStatus(booking.order_id)).toBe('pending');
    expect((await paymentRow(booking.order_id)).status).toBe('pending');
    expect(await eventCount(booking.order_id)).toBe(1);

    expect((await postCallback({ not: 'airtel' })).statusCode).toBe(400);
  });

  it('an order the consumer cancelled while paying stays cancelled; the payment Airtel reports is recorded, then refunded', async () => {
    const { res, phone } = await bookWithAirtel();
    const booking = res.json() as BookingResult;
    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/deliveries/${booking.order_id}/cancel`, headers: steps.as(alice) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', refund_status: 'none' }); // nothing collected yet
    expect(await standIn.customerAnswers(phone.msisdn, true)).toBe(200);
    expect(await orderStatus(booking.order_id)).toBe('cancelled');
    const payment = await paymentRow(booking.order_id);
    expect(payment).toMatchObject({ status: 'succeeded', refundStatus: 'succeeded' }); // money taken, and given back
    expect(standIn.transactions.get(payment.providerReference)?.status).toBe('TR');
  });

  it('answers 404 to a signed callback for a payment it does not know', async () => {
    const { res } = await bookWithAirtel();
    const reference = (await paymentRow((res.json() as BookingResult).order_id)).providerReference;
    const body = standIn.callbackBody(reference) as { transaction: Record<string, string> };
    const unknown = { ...body.transaction, id: 'mp_00000000-0000-4000-8000-000000000000' };
    const answer = await postCallback({ transaction: unknown, hash: airtelCallbackHash(STAND_IN_CREDENTIALS.callbackSecret, unknown) });
    expect(answer.statusCode).toBe(404);
    expect(detailOf(answer)).toBe('Paiement introuvable');
  });

  it("keeps one user's Airtel payment out of another's reach", async () => {
    const { res } = await bookWithAirtel(alice);
    const booking = res.json() as BookingResult;
    expect((await details(booking.order_id, bob)).statusCode).toBe(404);
    const sandbox = await ctx.app.inject({ method: 'POST', url: `/api/shopping/payments/${booking.payment!.id}/sandbox-decision`, headers: steps.as(bob), payload: { approve: true } });
    expect(sandbox.statusCode).toBe(404);
    expect(await orderStatus(booking.order_id)).toBe('pending');
  });

  it('a lost callback: the confirmation asks Airtel once the enquiry interval has passed, then settles the order', async () => {
    standIn.setCallbackTarget(null);
    try {
      const { res, phone } = await bookWithAirtel();
      const booking = res.json() as BookingResult;
      await standIn.customerAnswers(phone.msisdn, true); // the callback never arrives
      const start = standIn.received.length;
      expect(((await details(booking.order_id)).json() as BookingDetails).status).toBe('pending');
      expect(enquiriesSince(start)).toHaveLength(0); // Airtel asks partners to wait before enquiring

      ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
      const [first, second] = await Promise.all([details(booking.order_id), details(booking.order_id)]);
      expect([first.json().status, second.json().status]).toContain('confirmed');
      expect(enquiriesSince(start)).toHaveLength(1); // two looks at once, one enquiry
      expect(await orderStatus(booking.order_id)).toBe('confirmed');
      expect(await titlesFor(alice)).toContain('Commande confirmée');
    } finally {
      standIn.setCallbackTarget(async (body) => (await postCallback(body)).statusCode);
    }
  });

  it('a lost callback nobody looks at: the background reconciliation asks Airtel and settles the order', async () => {
    standIn.setCallbackTarget(null);
    try {
      const { res, phone } = await bookWithAirtel();
      const booking = res.json() as BookingResult;
      await standIn.customerAnswers(phone.msisdn, false);
      const providers = createPaymentProviders(ctx.deps.config);
      await reconcilePendingPayments(ctx.deps, providers);
      expect(await orderStatus(booking.order_id)).toBe('pending'); // not before Airtel's interval
      ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
      await reconcilePendingPayments(ctx.deps, providers);
      expect(await orderStatus(booking.order_id)).toBe('cancelled');
      expect((await paymentRow(booking.order_id)).status).toBe('failed');
    } finally {
      standIn.setCallbackTarget(async (body) => (await postCallback(body)).statusCode);
    }
  });

  it('Airtel refusing the request: French error, payment failed, order cancelled, nothing confirmed', async () => {
    const phone = newPhone();
    standIn.behave(phone.msisdn, 'unknown_number');
    const list = await steps.newList(alice);
    const { cartId } = await steps.cartFor(alice, list.id);
    const airtel = await steps.method(alice, 'airtel_money', phone.typed);
    const res = await steps.book(alice, steps.bookingQuery(cartId, airtel.id));
    expect(res.statusCode).toBe(422);
    expect(detailOf(res)).toBe("L'opérateur a refusé le paiement. Vérifiez le numéro de votre compte mobile money et son solde, puis réessayez.");
    const [order] = await ctx.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order.status).toBe('cancelled');
    expect((await paymentRow(order.id)).status).toBe('failed');
    expect(await steps.listStatus(list.id)).toBe('active');

    const down = newPhone();
    standIn.behave(down.msisdn, 'server_down');
    const second = await steps.cartFor(alice);
    const downMethod = await steps.method(alice, 'airtel_money', down.typed);
    const unavailable = await steps.book(alice, steps.bookingQuery(second.cartId, downMethod.id));
    expect(unavailable.statusCode).toBe(502);
    expect(detailOf(unavailable)).toBe("Le service de paiement n'a pas répondu. Veuillez réessayer.");
    expect((await ctx.db.select().from(orders).where(and(eq(orders.cartId, second.cartId), eq(orders.status, 'confirmed'))))).toHaveLength(0);
  });

  it('Airtel not answering in time: the booking stays pending (the push may be on the phone) until Airtel says', async () => {
    const paid = newPhone();
    standIn.behave(paid.msisdn, 'hang');
    const { cartId } = await steps.cartFor(alice);
    const method = await steps.method(alice, 'airtel_money', paid.typed);
    const res = await steps.book(alice, steps.bookingQuery(cartId, method.id));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as BookingResult;
    expect(booking).toMatchObject({ status: 'pending', payment: { status: 'pending', test_mode: false } });
    // The customer had the push after all and approved it: the callback settles it.
    expect(await standIn.customerAnswers(paid.msisdn, true)).toBe(200);
    expect(await orderStatus(booking.order_id)).toBe('confirmed');
  });

  it('a request that never reached Airtel is cancelled at the first enquiry', async () => {
    const lost = newPhone();
    standIn.behave(lost.msisdn, 'hang');
    const { cartId } = await steps.cartFor(alice);
    const method = await steps.method(alice, 'airtel_money', lost.typed);
    const booking = (await steps.book(alice, steps.bookingQuery(cartId, method.id))).json() as BookingResult;
    standIn.transactions.delete((await paymentRow(booking.order_id)).providerReference); // Airtel never got it
    ctx.clock.advance(AIRTEL_STATUS_ENQUIRY_INTERVAL_MS + 1000);
    expect(((await details(booking.order_id)).json() as BookingDetails)).toMatchObject({ status: 'cancelled', payment: { status: 'failed' } });
  });

  it('Moov Money and card still go to the sandbox, labelled test mode', async () => {
    for (const type of ['moov_money', 'card'] as const) {
      const { cartId } = await steps.cartFor(alice);
      const m = await steps.method(alice, type, '+241 06 12 34 56');
      const booking = (await steps.book(alice, steps.bookingQuery(cartId, m.id))).json() as BookingResult;
      expect(booking.payment, type).toMatchObject({ provider: 'sandbox', test_mode: true, status: 'pending' });
    }
  });
});
