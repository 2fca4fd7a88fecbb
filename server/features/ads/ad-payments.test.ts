// Paying for ads through the payment-provider interface: the sandbox confirms mobile money and card
// (a test payment, marked as such), a bank transfer waits for a moderator, a rejection refunds
// through the operator and tells the advertiser, and a production deployment without operators
// refuses the methods it cannot take, in French, before anything changes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDecision, AdResponse } from '#contract/ads-api';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { adPayments, ads, notifications } from '../../db/schema';
import { createPaymentProviders } from '../../platform/payments/providers';
import { createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { reconcileAdPayments } from './ad-payments';
import { adSteps } from './ads-fixture';

let ctx: TestContext;
let alice: SignedIn;
let moderator: SignedIn;
let steps: ReturnType<typeof adSteps>;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app, { full_name: 'Alice Nguema' });
  moderator = await loginDemo(ctx.app, 'moderator');
  steps = adSteps(ctx);
});
afterAll(() => ctx.close());

const notificationsOf = async (userId: string) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const paymentsOf = (adId: string) => ctx.db.select().from(adPayments).where(eq(adPayments.adId, adId));

describe('mobile money and card through the sandbox', () => {
  it('needs the operator and the number to push to, in French', async () => {
    const ad = await steps.create(alice);
    const noOperator = await steps.pay(alice, ad.id, { phone: '+241 07 12 34 56' });
    expect([noOperator.statusCode, detailOf(noOperator)]).toEqual([400, fr.adsApi.operatorRequired]);
    const noPhone = await steps.pay(alice, ad.id, { operator: 'moov_money' });
    expect([noPhone.statusCode, detailOf(noPhone)]).toEqual([400, fr.adsApi.phoneRequired]);
    const badPhone = await steps.pay(alice, ad.id, { operator: 'moov_money', phone: 'abc' });
    expect([badPhone.statusCode, detailOf(badPhone)]).toEqual([400, fr.adsApi.phoneInvalid]);
    expect(await paymentsOf(ad.id)).toEqual([]);
    expect((await steps.ok<AdResponse>(steps.get(alice, ad.id))).status).toBe('draft');
  });

  it('waits for the answer on the sandbox phone, then the ad waits for review — a test payment', async () => {
    const ad = await steps.create(alice);
    const paying = await steps.ok<AdResponse>(steps.pay(alice, ad.id, { operator: 'moov_money', phone: '+241 06 55 44 33' }));
    expect(paying.status).toBe('awaiting_payment');
    expect(paying.is_test).toBe(true);
    expect(paying.payment).toMatchObject({ provider: 'sandbox', test_mode: true, method_type: 'moov_money', status: 'pending', amount: 50_000, phone_number: '+241 06 55 44 33', customer_step: 'phone_confirmation', transfer_reference: null, refund_status: 'none' });
    // Looking at it asks the operator, which still waits for the customer.
    expect((await steps.ok<AdResponse>(steps.get(alice, ad.id))).status).toBe('awaiting_payment');

    const paid = await steps.ok<AdResponse>(steps.answer(alice, ad.id));
    expect([paid.status, paid.payment!.status, paid.payment!.customer_step, paid.is_test]).toEqual(['awaiting_review', 'succeeded', null, true]);
    expect((await notificationsOf(alice.user.id)).map((n) => n.title)).toContain(fr.adsApi.paidNotification.title);
  });

  it('pays by card on the sandbox card page, the method chosen at payment time', async () => {
    const ad = await steps.create(alice);
    const paying = await steps.ok<AdResponse>(steps.pay(alice, ad.id, { payment_method: 'bank_card' }));
    expect([paying.payment_method, paying.payment!.method_type, paying.payment!.customer_step]).toEqual(['bank_card', 'card', 'card_authentication']);
    expect((await steps.ok<AdResponse>(steps.answer(alice, ad.id))).status).toBe('awaiting_review');
  });
});

describe('bank transfer', () => {
  it('waits for a moderator to mark the transfer received (validation within 24h)', async () => {
    const ad = await steps.create(alice, { paymentMethod: 'bank_transfer' });
    const waiting = await steps.ok<AdResponse>(steps.pay(alice, ad.id, {}));
    expect(waiting.status).toBe('awaiting_payment');
    expect(waiting.is_test).toBe(false);
    expect(waiting.payment).toMatchObject({ provider: 'bank_transfer', method_type: 'bank_transfer', status: 'pending', customer_step: null, test_mode: false });
    expect(waiting.payment!.transfer_reference).toMatch(/^PUB-[0-9A-F]{8}$/);
    // Nobody answers a transfer on the sandbox phone; the advertiser cannot mark it received.
    expect((await steps.answer(alice, ad.id)).statusCode).toBe(404);
    expect((await steps.call(alice, 'POST', `/admin/ads/${ad.id}/payment-received`)).statusCode).toBe(403);

    const { ad: received, message } = await steps.ok<AdDecision>(steps.call(moderator, 'POST', `/admin/ads/${ad.id}/payment-received`));
    expect([received.status, received.payment!.status, message]).toEqual(['awaiting_review', 'succeeded', fr.adsApi.paymentReceived]);
    expect(received.paid_at).not.toBeNull();
    const twice = await steps.call(moderator, 'POST', `/admin/ads/${ad.id}/payment-received`);
    expect(twice.statusCode).toBe(409);
  });
});

describe('rejection refunds', () => {
  it('refunds a sandbox payment at once: rejected → refunded, the advertiser told the reason and the refund', async () => {
    const bob = await registerUser(ctx.app, { full_name: 'Bob Ondo' });
    const ad = await steps.paid(bob, { title: 'Soldes', duration: 14, budget: 90_000 });
    const { ad: after, message } = await steps.ok<AdDecision>(steps.reject(moderator, ad.id, 'Photo sans rapport avec le produit'));
    expect(message).toBe(fr.adsApi.rejected);
    expect([after.status, after.review_reason, after.refund_status, after.payment!.refund_status]).toEqual(['refunded', 'Photo sans rapport avec le produit', 'succeeded', 'succeeded']);
    expect(after.payment!.refunded_at).not.toBeNull();
    const [payment] = await paymentsOf(ad.id);
    expect(payment.refundReference).toMatch(/^sbx_rf_/);

    const told = (await notificationsOf(bob.user.id)).map((n) => [n.title, n.body]);
    expect(told).toContainEqual([fr.adsApi.rejectedNotification.title, fr.adsApi.rejectedNotification.body('Soldes', 'Photo sans rapport avec le produit', formatXaf(90_000))]);
    expect(told).toContainEqual([fr.adsApi.refundedNotification.title, fr.adsApi.refundedNotification.body('Soldes', formatXaf(90_000))]);
  });

  it('asks again for a refund that could not be asked (the job’s pass)', async () => {
    const ad = await steps.paid(alice);
    // As if the process stopped between the rejection's commit and the operator's request.
    await ctx.db.update(ads).set({ status: 'rejected', reviewReason: 'Hors charte' }).where(eq(ads.id, ad.id));
    await ctx.db.update(adPayments).set({ refundStatus: 'pending' }).where(and(eq(adPayments.adId, ad.id), eq(adPayments.status, 'succeeded')));
    await reconcileAdPayments(ctx.deps, createPaymentProviders(ctx.deps.config));
    const after = await steps.ok<AdResponse>(steps.get(alice, ad.id));
    expect([after.status, after.refund_status]).toEqual(['refunded', 'succeeded']);
  });

  it('a transfer is paid back by hand: rejected with the refund pending until a moderator sends it', async () => {
    const ad = await steps.create(alice, { paymentMethod: 'bank_transfer' });
    await steps.ok(steps.pay(alice, ad.id, {}));
    await steps.ok(steps.call(moderator, 'POST', `/admin/ads/${ad.id}/payment-received`));
    const { ad: rejected } = await steps.ok<AdDecision>(steps.reject(moderator, ad.id));
    expect([rejected.status, rejected.refund_status]).toEqual(['rejected', 'pending']);
    const { ad: refunded } = await steps.ok<AdDecision>(steps.call(moderator, 'POST', `/admin/ads/${ad.id}/refund-sent`));
    expect([refunded.status, refunded.refund_status]).toEqual(['refunded', 'succeeded']);
    const again = await steps.call(moderator, 'POST', `/admin/ads/${ad.id}/refund-sent`);
    expect([again.statusCode, detailOf(again)]).toEqual([409, fr.adsApi.refundNotDue]);
  });
});

describe('in production without operators', () => {
  let prod: TestContext;
  let prodSteps: ReturnType<typeof adSteps>;
  let carol: SignedIn;
  beforeAll(async () => {
    prod = await createTestContext({ paymentsSandbox: false, airtelMoney: null });
    prodSteps = adSteps(prod);
    carol = await registerUser(prod.app);
  });
  afterAll(() => prod.close());

  it('refuses mobile money and card in French before anything changes; a transfer still works', async () => {
    const ad = await prodSteps.create(carol);
    const moov = await prodSteps.pay(carol, ad.id, { operator: 'moov_money', phone: '+241 06 55 44 33' });
    expect([moov.statusCode, detailOf(moov)]).toEqual([422, fr.livePayments.methodUnavailable.moov_money]);
    const card = await prodSteps.pay(carol, ad.id, { payment_method: 'bank_card' });
    expect([card.statusCode, detailOf(card)]).toEqual([422, fr.livePayments.methodUnavailable.card]);
    const still = await prodSteps.ok<AdResponse>(prodSteps.get(carol, ad.id));
    expect([still.status, still.payment]).toEqual(['draft', null]);
    expect((await prodSteps.answer(carol, ad.id)).statusCode).toBe(404);

    const transfer = await prodSteps.ok<AdResponse>(prodSteps.pay(carol, ad.id, { payment_method: 'bank_transfer' }));
    expect([transfer.status, transfer.is_test]).toEqual(['awaiting_payment', false]);
  });
});
