// Moderators and ads (/api/admin/ads): the list by status, approval (the ad runs for its duration
// from now, or from a later date as 'scheduled'), rejection with a reason (refunded through the
// operator, the advertiser told), a bank transfer marked received, and a transfer refund sent by
// hand. Every decision writes its moderation_actions row in the transaction that makes it.
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AdStatus } from '#contract/ads';
import type { AdDecision, AdminAd, AdminAdPage } from '#contract/ads-api';
import { formatDate, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { DbOrTx } from '../../db/client';
import { ads, moderationActions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import type { PaymentProviders } from '../../platform/payments/providers';
import { markAdRefundDue, notify, recordTransferReceived, recordTransferRefunded, requestAdRefunds } from './ad-payments';
import { type AdRow, adResponses, findAd, transitionAd } from './ads.service';
import { sendAdPromotions } from './ad-promotions';
import { forgetActiveAds } from './banner.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Queues are worked oldest first; other lists show the newest first. */
const QUEUE_STATUSES: AdStatus[] = ['awaiting_payment', 'awaiting_review'];

type AdAuditAction = 'ad.approve' | 'ad.reject' | 'ad.payment_received' | 'ad.refund_sent';
type Log = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

async function audit(tx: DbOrTx, moderator: Principal, action: AdAuditAction, before: AdRow, after: AdRow, reason: string | null, now: Date): Promise<void> {
  await tx.insert(moderationActions).values({
    moderatorId: moderator.userId,
    action,
    targetType: 'ad',
    targetId: before.id,
    before: { status: before.status, title: before.title, budget: before.budgetXaf },
    after: { status: after.status, starts_at: after.startsAt?.toISOString() ?? null, ends_at: after.endsAt?.toISOString() ?? null },
    reason,
    createdAt: now,
  });
}

async function adminAds(db: DbOrTx, rows: AdRow[], now: Date): Promise<AdminAd[]> {
  const responses = await adResponses(db, rows, now);
  const ids = [...new Set(rows.map((r) => r.advertiserId))];
  const people = ids.length ? await db.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return responses.map((ad, i) => {
    const who = byId.get(rows[i].advertiserId);
    return { ...ad, advertiser: { id: rows[i].advertiserId, full_name: who?.fullName ?? '', email: who?.email ?? '' } };
  });
}

/** GET /api/admin/ads?status=. */
export async function adminAdPage(deps: AppDeps, status: AdStatus | undefined, page: number, limit: number): Promise<AdminAdPage> {
  const where = status ? eq(ads.status, status) : undefined;
  const order = status && QUEUE_STATUSES.includes(status) ? asc(ads.updatedAt) : desc(ads.createdAt);
  const [[{ total }], rows] = await Promise.all([
    deps.db.select({ total: count() }).from(ads).where(where),
    deps.db
      .select()
      .from(ads)
      .where(where)
      .orderBy(order, asc(ads.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  return { items: await adminAds(deps.db, rows, deps.now()), total, page, pages: Math.max(1, Math.ceil(total / limit)) };
}

async function decision(deps: AppDeps, row: AdRow, message: string): Promise<AdDecision> {
  const [ad] = await adminAds(deps.db, [await findAd(deps.db, row.id)], deps.now());
  return { success: true, message, ad };
}

/**
 * POST /api/admin/ads/{id}/approve. A first approval opens the paid window: from now (active) or
 * from the moderator's later date (scheduled), for the ad's duration. An ad back in review after a
 * late edit keeps the window it was given.
 */
export async function approveAd(deps: AppDeps, moderator: Principal, adId: string, startsAt: string | undefined): Promise<AdDecision> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const ad = await findAd(tx, adId, true);
    const requested = startsAt ? new Date(startsAt) : now;
    const start = ad.startsAt ?? (requested > now ? requested : now);
    const end = ad.endsAt ?? new Date(start.getTime() + ad.durationDays * DAY_MS);
    const approved = await transitionAd(tx, ad, start > now ? 'schedule' : 'approve', 'moderation', now, {
      approvedAt: now,
      reviewedBy: moderator.userId,
      reviewReason: null,
      startsAt: start,
      endsAt: end,
    });
    const texts = fr.adsApi.approvedNotification;
    await notify(tx, ad.advertiserId, texts.title, texts.body(ad.title, formatDate(start), formatDate(end)), ad.id, now);
    await audit(tx, moderator, 'ad.approve', ad, approved, null, now);
    return approved;
  });
  await forgetActiveAds(deps.db);
  // A targeted ad tells its audience once; a failure here is retried by the periodic pass.
  if (row.status === 'active') await sendAdPromotions(deps, row.id).catch(() => 0);
  return decision(deps, row, fr.adsApi.approved);
}

/** POST /api/admin/ads/{id}/reject: the reason is told to the advertiser, the money goes back. */
export async function rejectAd(deps: AppDeps, moderator: Principal, adId: string, reason: string, providers: PaymentProviders, log?: Log): Promise<AdDecision> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const ad = await findAd(tx, adId, true);
    const rejected = await transitionAd(tx, ad, 'reject', 'moderation', now, { reviewedBy: moderator.userId, reviewReason: reason });
    await markAdRefundDue(tx, ad.id, now);
    const texts = fr.adsApi.rejectedNotification;
    await notify(tx, ad.advertiserId, texts.title, texts.body(ad.title, reason, formatXaf(ad.budgetXaf)), ad.id, now);
    await audit(tx, moderator, 'ad.reject', ad, rejected, reason, now);
    return rejected;
  });
  // Once committed, the refund is asked of the operator (the job asks again if it cannot answer now).
  await requestAdRefunds(deps, providers, row.id, log);
  return decision(deps, row, fr.adsApi.rejected);
}

/** POST /api/admin/ads/{id}/payment-received: the bank transfer arrived, the ad waits for review. */
export async function markAdPaymentReceived(deps: AppDeps, moderator: Principal, adId: string): Promise<AdDecision> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const ad = await findAd(tx, adId, true);
    const paid = await transitionAd(tx, ad, 'payment_received', 'moderation', now, { paidAt: now });
    await recordTransferReceived(tx, ad, now);
    await notify(tx, ad.advertiserId, fr.adsApi.paidNotification.title, fr.adsApi.paidNotification.body(ad.title), ad.id, now);
    await audit(tx, moderator, 'ad.payment_received', ad, paid, null, now);
    return paid;
  });
  return decision(deps, row, fr.adsApi.paymentReceived);
}

/** POST /api/admin/ads/{id}/refund-sent: a rejected ad paid by transfer was paid back by transfer. */
export async function markAdRefundSent(deps: AppDeps, moderator: Principal, adId: string): Promise<AdDecision> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const ad = await findAd(tx, adId, true);
    await recordTransferRefunded(tx, ad, now);
    const after = await findAd(tx, ad.id);
    await audit(tx, moderator, 'ad.refund_sent', ad, after, null, now);
    return after;
  });
  return decision(deps, row, fr.adsApi.refundSent);
}
