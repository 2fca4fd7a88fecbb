// The ad lifecycle through the API: every transition of the table as the endpoints and the expiry
// job make it, every move the table forbids answered 409 in French, the moderators' list, and one
// audit row per moderator decision.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdDecision, AdminAdPage, AdResponse } from '#contract/ads-api';
import { fr } from '#contract/messages';
import type { AuditPage } from '#contract/moderation';
import type { LoginResponse } from '#contract/users';
import { ads, notifications } from '../../db/schema';
import { createTestContext, detailOf, realModerator, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { runAdExpiry } from './ad-expiry-job';
import { adSteps, textDraft } from './ads-fixture';

let ctx: TestContext;
let alice: SignedIn;
let moderator: SignedIn;
let steps: ReturnType<typeof adSteps>;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app, { full_name: 'Alice Nguema' });
  moderator = await realModerator(ctx);
  steps = adSteps(ctx);
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

/** After moving the clock by days, sessions have expired: sign in again. */
async function signInAgain(who: SignedIn): Promise<SignedIn> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.user.email, password: who.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as LoginResponse), password: who.password };
}

const statusOf = async (id: string) => (await ctx.db.select({ status: ads.status }).from(ads).where(eq(ads.id, id)))[0].status;
const titlesOf = async (userId: string) => (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

async function expect409(res: Awaited<ReturnType<typeof steps.call>>, status: string) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().code).toBe('AD_TRANSITION_INVALID');
  expect(detailOf(res)).toBe(fr.adsApi.transitionInvalid(fr.adsApi.statusLabels[status]));
}

describe('the way through', () => {
  it('draft → awaiting_payment → awaiting_review → active ↔ paused → expired, as the table says', async () => {
    const ad = await steps.create(alice, { duration: 1, budget: 10_000 });
    expect(ad.status).toBe('draft');
    const paying = await steps.ok<AdResponse>(steps.pay(alice, ad.id));
    expect(paying.status).toBe('awaiting_payment');
    const paid = await steps.ok<AdResponse>(steps.answer(alice, ad.id));
    expect(paid.status).toBe('awaiting_review');
    expect(paid.paid_at).not.toBeNull();

    const before = ctx.clock.now().getTime();
    const { ad: approved, message } = await steps.ok<AdDecision>(steps.approve(moderator, ad.id));
    expect(message).toBe(fr.adsApi.approved);
    expect(approved.status).toBe('active');
    // The ad runs for its duration from approval.
    expect(Date.parse(approved.starts_at!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(approved.ends_at!) - Date.parse(approved.starts_at!)).toBe(DAY);
    expect(approved.advertiser).toEqual({ id: alice.user.id, full_name: 'Alice Nguema', email: alice.user.email });

    expect((await steps.ok<AdResponse>(steps.call(alice, 'POST', `/ads/${ad.id}/pause`))).status).toBe('paused');
    expect((await steps.ok<AdResponse>(steps.call(alice, 'POST', `/ads/${ad.id}/resume`))).status).toBe('active');
    expect((await steps.ok<AdResponse>(steps.call(alice, 'POST', `/ads/${ad.id}/pause`))).status).toBe('paused');

    // Not before its end...
    expect(await runAdExpiry(ctx.deps)).toEqual({ started: 0, expired: 0 });
    expect(await statusOf(ad.id)).toBe('paused');
    // ...and then even paused: the paid window keeps running.
    ctx.clock.advance(DAY + 1000);
    const pass = await runAdExpiry(ctx.deps);
    expect(pass!.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(ad.id)).toBe('expired');
    expect(await titlesOf(alice.user.id)).toEqual(expect.arrayContaining(['Paiement reçu', 'Annonce validée', 'Annonce terminée']));
    alice = await signInAgain(alice);
    moderator = await signInAgain(moderator);
    const expired = await steps.ok<AdResponse>(steps.get(alice, ad.id));
    expect(expired.stats.estimated_views).toBe(1000);
  });

  it('approves for a later start: scheduled, then started by the job', async () => {
    const ad = await steps.paid(alice, { duration: 3, budget: 25_000 });
    const start = new Date(ctx.clock.now().getTime() + DAY);
    const { ad: scheduled } = await steps.ok<AdDecision>(steps.approve(moderator, ad.id, { starts_at: start.toISOString() }));
    expect(scheduled.status).toBe('scheduled');
    expect([scheduled.starts_at, Date.parse(scheduled.ends_at!) - start.getTime()]).toEqual([start.toISOString(), 3 * DAY]);
    expect(scheduled.stats.estimated_views).toBe(3000);
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/pause`), 'scheduled');

    await runAdExpiry(ctx.deps);
    expect(await statusOf(ad.id)).toBe('scheduled');
    ctx.clock.advance(DAY + 1000);
    await runAdExpiry(ctx.deps);
    expect(await statusOf(ad.id)).toBe('active');
    ctx.clock.advance(3 * DAY);
    await runAdExpiry(ctx.deps);
    expect(await statusOf(ad.id)).toBe('expired');
    alice = await signInAgain(alice);
    moderator = await signInAgain(moderator);
  });

  it('a failed payment leaves a draft to pay again, and the advertiser is told', async () => {
    const ad = await steps.create(alice);
    await steps.ok(steps.pay(alice, ad.id));
    const failed = await steps.ok<AdResponse>(steps.answer(alice, ad.id, false));
    expect([failed.status, failed.payment!.status]).toEqual(['draft', 'failed']);
    expect(await titlesOf(alice.user.id)).toContain(fr.adsApi.paymentFailedNotification.title);
    await steps.ok(steps.pay(alice, ad.id));
    expect((await steps.ok<AdResponse>(steps.answer(alice, ad.id))).status).toBe('awaiting_review');
  });
});

describe('moves the table forbids answer 409 in French', () => {
  it('from draft: no approval, rejection, transfer, pause or resume', async () => {
    const ad = await steps.create(alice, { paymentMethod: 'bank_transfer' });
    await expect409(await steps.approve(moderator, ad.id), 'draft');
    await expect409(await steps.reject(moderator, ad.id), 'draft');
    await expect409(await steps.call(moderator, 'POST', `/admin/ads/${ad.id}/payment-received`), 'draft');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/pause`), 'draft');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/resume`), 'draft');
  });

  it('while awaiting payment: no second payment, no review, no pause', async () => {
    const ad = await steps.create(alice);
    await steps.ok(steps.pay(alice, ad.id));
    await expect409(await steps.pay(alice, ad.id), 'awaiting_payment');
    await expect409(await steps.approve(moderator, ad.id), 'awaiting_payment');
    await expect409(await steps.reject(moderator, ad.id), 'awaiting_payment');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/pause`), 'awaiting_payment');
    // Paid by mobile money: no moderator marks it received.
    const transfer = await steps.call(moderator, 'POST', `/admin/ads/${ad.id}/payment-received`);
    expect([transfer.statusCode, detailOf(transfer)]).toEqual([409, fr.adsApi.notBankTransfer]);
  });

  it('while awaiting review: no payment, pause, resume or transfer; the sandbox answers once', async () => {
    const ad = await steps.paid(alice);
    await expect409(await steps.pay(alice, ad.id), 'awaiting_review');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/pause`), 'awaiting_review');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/resume`), 'awaiting_review');
    await expect409(await steps.call(moderator, 'POST', `/admin/ads/${ad.id}/payment-received`), 'awaiting_review');
    const again = await steps.answer(alice, ad.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PAYMENT_NOT_PENDING']);
  });

  it('once active: no second approval or rejection, no payment, no resume', async () => {
    const ad = await steps.active(alice, moderator);
    await expect409(await steps.approve(moderator, ad.id), 'active');
    await expect409(await steps.reject(moderator, ad.id), 'active');
    await expect409(await steps.pay(alice, ad.id), 'active');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/resume`), 'active');
    await steps.ok(steps.call(alice, 'POST', `/ads/${ad.id}/pause`));
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/pause`), 'paused');
    await expect409(await steps.approve(moderator, ad.id), 'paused');
  });

  it('once rejected and refunded: nothing moves, nothing is edited', async () => {
    const ad = await steps.paid(alice);
    const { ad: rejected } = await steps.ok<AdDecision>(steps.reject(moderator, ad.id));
    expect(rejected.status).toBe('refunded');
    for (const res of [await steps.approve(moderator, ad.id), await steps.reject(moderator, ad.id), await steps.pay(alice, ad.id), await steps.call(alice, 'POST', `/ads/${ad.id}/resume`)]) {
      await expect409(res, 'refunded');
    }
    const edit = await steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft());
    expect([edit.statusCode, detailOf(edit)]).toEqual([409, fr.adsApi.notEditable]);
  });

  it('once expired: no pause, resume, approval or edit', async () => {
    const ad = await steps.active(alice, moderator, { duration: 1, budget: 10_000 });
    await ctx.db.update(ads).set({ endsAt: new Date(ctx.clock.now().getTime() - 1000) }).where(eq(ads.id, ad.id));
    await runAdExpiry(ctx.deps);
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/pause`), 'expired');
    await expect409(await steps.call(alice, 'POST', `/ads/${ad.id}/resume`), 'expired');
    await expect409(await steps.approve(moderator, ad.id), 'expired');
    await expect409(await steps.pay(alice, ad.id), 'expired');
    const edit = await steps.call(alice, 'PUT', `/ads/${ad.id}`, textDraft());
    expect([edit.statusCode, detailOf(edit)]).toEqual([409, fr.adsApi.notEditable]);
  });
});

describe('the moderators’ side', () => {
  it('is for moderators only', async () => {
    expect((await steps.call(null, 'GET', '/admin/ads')).statusCode).toBe(401);
    expect((await steps.call(alice, 'GET', '/admin/ads')).statusCode).toBe(403);
    const ad = await steps.paid(alice);
    expect((await steps.approve(alice, ad.id)).statusCode).toBe(403);
    expect(await statusOf(ad.id)).toBe('awaiting_review');
  });

  it('lists ads by status, the review queue oldest first, with the advertiser', async () => {
    const first = await steps.paid(alice, { title: 'Première' });
    const second = await steps.paid(alice, { title: 'Seconde' });
    const page = await steps.ok<AdminAdPage>(steps.call(moderator, 'GET', '/admin/ads?status=awaiting_review&limit=100'));
    expect(page.items.every((a) => a.status === 'awaiting_review')).toBe(true);
    const ids = page.items.map((a) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(page.items.find((a) => a.id === first.id)!.advertiser.email).toBe(alice.user.email);
    const bad = await steps.call(moderator, 'GET', '/admin/ads?status=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('requires a reason to reject, and writes one audit row per decision', async () => {
    const ad = await steps.paid(alice);
    const noReason = await steps.call(moderator, 'POST', `/admin/ads/${ad.id}/reject`, { reason: ' ' });
    expect([noReason.statusCode, detailOf(noReason)]).toEqual([400, fr.moderation.reasonRequired]);
    await steps.ok(steps.reject(moderator, ad.id, 'Prix non conforme'));

    const transfer = await steps.create(alice, { paymentMethod: 'bank_transfer' });
    await steps.ok(steps.pay(alice, transfer.id, {}));
    await steps.ok(steps.call(moderator, 'POST', `/admin/ads/${transfer.id}/payment-received`));
    await steps.ok(steps.approve(moderator, transfer.id));

    const audit = (await steps.ok<AuditPage>(steps.call(moderator, 'GET', '/admin/audit?limit=100'))).entries;
    const of = (id: string) => audit.filter((e) => e.target_id === id).map((e) => [e.action, e.target_type, e.reason, e.moderator_id]);
    expect(of(ad.id)).toEqual([['ad.reject', 'ad', 'Prix non conforme', moderator.user.id]]);
    expect(of(transfer.id).sort()).toEqual(
      [
        ['ad.approve', 'ad', null, moderator.user.id],
        ['ad.payment_received', 'ad', null, moderator.user.id],
      ].sort(),
    );
  });

  it('answers 404 for an unknown ad', async () => {
    const res = await steps.approve(moderator, '00000000-0000-4000-8000-000000000000');
    expect([res.statusCode, detailOf(res)]).toEqual([404, fr.adsApi.notFound]);
  });
});
