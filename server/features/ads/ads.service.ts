// Advertisers' ads: the draft (budget recomputed from the duration, media checked by content),
// edits (free for 2 hours after creation, later ones send a paid ad back to review), pause and
// resume, "Mes annonces" with statistics. Every status change goes through transitionAd, which
// applies the table of ad-lifecycle.ts. Only the owner sees an ad: another user gets 404.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { AD_FREE_EDIT_MS, type AdDraftSchema, type AdPaymentMethod, type AdPlaces, type AdStatus, adPriceFor, parseAdTarget } from '#contract/ads';
import type { AdPaymentInfo, AdResponse } from '#contract/ads-api';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { adPayments, ads, moderationActions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { SANDBOX_PROVIDER } from '../../platform/payments/sandbox';
import { AD_APPROVED_STATUSES, AD_FINAL_STATUSES, AD_PAID_STATUSES, type AdActor, type AdEvent, nextAdStatus } from './ad-lifecycle';
import { mediaFits, type StoredMedia, storeAdMedia } from './ad-media';
import { statsOfAds } from './ad-stats';
import { forgetActiveAds } from './banner.service';
import { canonicalTarget, placeIndex } from './ad-places';
import { shownText, textColorColumn } from './ad-text';

export type AdRow = typeof ads.$inferSelect;
export type AdPaymentRow = typeof adPayments.$inferSelect;
export type AdDraftInput = z.output<typeof AdDraftSchema>;

export const BANK_TRANSFER_PROVIDER = 'bank_transfer';

// ---------------------------------------------------------------- lifecycle

/**
 * Moves an ad by an event of the lifecycle table, if its status still is the one read (a
 * concurrent change answers 409 like a forbidden one). `set` adds the columns the event fills.
 */
export async function transitionAd(db: DbOrTx, ad: AdRow, event: AdEvent, by: AdActor, now: Date, set: Partial<typeof ads.$inferInsert> = {}): Promise<AdRow> {
  const from = ad.status as AdStatus;
  const to = nextAdStatus(from, event, by);
  if (!to) throw invalidTransition(from);
  const [row] = await db
    .update(ads)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(ads.id, ad.id), eq(ads.status, from)))
    .returning();
  if (row) return row;
  const [current] = await db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id));
  throw invalidTransition((current?.status ?? from) as AdStatus);
}

export function invalidTransition(status: AdStatus): AppError {
  return new AppError('AD_TRANSITION_INVALID', fr.adsApi.transitionInvalid(fr.adsApi.statusLabels[status] ?? status));
}

// ---------------------------------------------------------------- reads

/** The advertiser's own ad (optionally locked); anyone else's is "not found". */
export async function findOwnAd(db: DbOrTx, userId: string, adId: string, lock = false): Promise<AdRow> {
  if (!isUuid(adId)) throw new AppError('AD_NOT_FOUND');
  const query = db.select().from(ads).where(and(eq(ads.id, adId), eq(ads.advertiserId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('AD_NOT_FOUND');
  return row;
}

export async function findAd(db: DbOrTx, adId: string, lock = false): Promise<AdRow> {
  if (!isUuid(adId)) throw new AppError('AD_NOT_FOUND');
  const query = db.select().from(ads).where(eq(ads.id, adId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('AD_NOT_FOUND');
  return row;
}

/** The newest payment of each ad. */
async function latestPayments(db: DbOrTx, adIds: string[]): Promise<Map<string, AdPaymentRow>> {
  if (adIds.length === 0) return new Map();
  const rows = await db.select().from(adPayments).where(inArray(adPayments.adId, adIds)).orderBy(desc(adPayments.createdAt));
  const latest = new Map<string, AdPaymentRow>();
  for (const row of rows) if (!latest.has(row.adId)) latest.set(row.adId, row);
  return latest;
}

export function paymentInfo(row: AdPaymentRow): AdPaymentInfo {
  const transfer = row.provider === BANK_TRANSFER_PROVIDER;
  return {
    id: row.id,
    provider: row.provider,
    test_mode: row.provider === SANDBOX_PROVIDER,
    method_type: row.methodType as AdPaymentInfo['method_type'],
    status: row.status as AdPaymentInfo['status'],
    amount: row.amountXaf,
    phone_number: row.phoneNumber,
    customer_step: row.status !== 'pending' || transfer ? null : row.methodType === 'card' ? 'card_authentication' : 'phone_confirmation',
    transfer_reference: transfer ? row.providerReference : null,
    refund_status: row.refundStatus as AdPaymentInfo['refund_status'],
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

/** Rows as the API answers them, with their statistics and latest payment (three reads in all). */
export async function adResponses(db: DbOrTx, rows: AdRow[], now: Date): Promise<AdResponse[]> {
  const ids = rows.map((r) => r.id);
  const [stats, payments] = await Promise.all([statsOfAds(db, rows, now), latestPayments(db, ids)]);
  return rows.map((ad) => {
    const payment = payments.get(ad.id) ?? null;
    return {
      id: ad.id,
      title: ad.title,
      subtitle: ad.subtitle,
      description: ad.description,
      type: ad.type as AdResponse['type'],
      media_url: ad.mediaUrl,
      media_mime: ad.mediaMime,
      bg_color: ad.bgColor as AdResponse['bg_color'],
      ...shownText(ad.type, ad.textColor),
      duration: ad.durationDays,
      target_audience: ad.targetAudience,
      budget: ad.budgetXaf,
      payment_method: ad.paymentMethod as AdPaymentMethod,
      status: ad.status as AdStatus,
      review_reason: ad.reviewReason,
      created_at: ad.createdAt.toISOString(),
      updated_at: ad.updatedAt.toISOString(),
      paid_at: ad.paidAt?.toISOString() ?? null,
      approved_at: ad.approvedAt?.toISOString() ?? null,
      starts_at: ad.startsAt?.toISOString() ?? null,
      ends_at: ad.endsAt?.toISOString() ?? null,
      free_edit_until: new Date(ad.createdAt.getTime() + AD_FREE_EDIT_MS).toISOString(),
      refund_status: (payment?.refundStatus ?? 'none') as AdResponse['refund_status'],
      stats: stats.get(ad.id)!,
      is_test: payment?.provider === SANDBOX_PROVIDER,
      payment: payment ? paymentInfo(payment) : null,
    };
  });
}

export async function adResponse(db: DbOrTx, row: AdRow, now: Date): Promise<AdResponse> {
  const [response] = await adResponses(db, [row], now);
  return response;
}

/** GET /api/ads/mine: the advertiser's ads, newest first. */
export async function myAds(deps: AppDeps, principal: Principal): Promise<AdResponse[]> {
  const rows = await deps.db.select().from(ads).where(eq(ads.advertiserId, principal.userId)).orderBy(desc(ads.createdAt)).limit(200);
  return adResponses(deps.db, rows, deps.now());
}

// ---------------------------------------------------------------- draft and edits

function assertBudget(draft: AdDraftInput): void {
  const price = adPriceFor(draft.duration)!;
  if (draft.budget !== price) throw new AppError('AD_BUDGET_MISMATCH', fr.adsApi.budgetMismatch(formatXaf(price), draft.duration));
}

/** GET /api/ads/places: what the wizard's targeting offers. */
export async function adPlaces(deps: AppDeps): Promise<AdPlaces> {
  return (await placeIndex(deps)).places;
}

/**
 * The draft's target as it is kept: a town or district must have listed stores (400 otherwise), and
 * is kept as the stores spell it. An edit that keeps the ad's target keeps it even if its stores left.
 */
async function checkedTarget(deps: AppDeps, value: string, current?: string): Promise<string> {
  const target = parseAdTarget(value);
  if (!target) throw new AppError('AD_TARGET_UNKNOWN');
  if (current !== undefined && value.trim() === current) return current;
  return canonicalTarget(await placeIndex(deps), value, target);
}

const draftColumns = (draft: AdDraftInput) => ({
  title: draft.title,
  subtitle: draft.subtitle,
  description: draft.description,
  type: draft.type,
  bgColor: draft.bgColor,
  textColor: textColorColumn(draft.type, draft.textColor, draft.showText),
  durationDays: draft.duration,
  targetAudience: draft.targetAudience,
  budgetXaf: draft.budget,
  paymentMethod: draft.paymentMethod,
});

/** What other users see of the ad: its texts, colours, media and audience. */
const SHOWN_COLUMNS = ['title', 'subtitle', 'description', 'type', 'bgColor', 'textColor', 'targetAudience', 'mediaUrl'] as const;

function shownContentChanged(ad: AdRow, set: Partial<AdRow>): boolean {
  return SHOWN_COLUMNS.some((column) => column in set && JSON.stringify(set[column] ?? null) !== JSON.stringify(ad[column] ?? null));
}

/** The advertiser's change of a submitted ad, in the audit log beside the moderators' decisions. */
async function auditAdvertiserEdit(tx: Tx, principal: Principal, before: AdRow, after: AdRow, now: Date): Promise<void> {
  const shown = (ad: AdRow) => ({ status: ad.status, ...Object.fromEntries(SHOWN_COLUMNS.map((column) => [column, ad[column] ?? null])) });
  await tx.insert(moderationActions).values({ moderatorId: principal.userId, action: 'ad.edit', targetType: 'ad', targetId: before.id, before: shown(before), after: shown(after), reason: null, createdAt: now });
}

/** POST /api/ads: a draft, with its media stored once checked. */
export async function createAd(deps: AppDeps, principal: Principal, input: AdDraftInput): Promise<AdResponse> {
  assertBudget(input);
  const draft = { ...input, targetAudience: await checkedTarget(deps, input.targetAudience) };
  let media: StoredMedia | null = null;
  if (draft.type !== 'text') {
    if (!draft.media) throw new AppError('AD_MEDIA_REQUIRED');
    media = await storeAdMedia(deps.storage, draft.type, draft.media);
  }
  const now = deps.now();
  const [row] = await deps.db
    .insert(ads)
    .values({ advertiserId: principal.userId, ...draftColumns(draft), mediaUrl: media?.url ?? null, mediaMime: media?.mime ?? null, status: 'draft', createdAt: now, updatedAt: now })
    .returning();
  return adResponse(deps.db, row, now);
}

/**
 * PUT /api/ads/{id}. Refused once the ad is rejected, refunded or expired; once submitted for
 * payment its duration (hence price) and payment method are fixed. Within 2 hours of creation the
 * status is kept; later, an approved or running ad goes back to review.
 */
export async function updateAd(deps: AppDeps, principal: Principal, adId: string, input: AdDraftInput): Promise<AdResponse> {
  const current = await findOwnAd(deps.db, principal.userId, adId);
  if (AD_FINAL_STATUSES.includes(current.status as AdStatus)) throw new AppError('AD_NOT_EDITABLE');
  assertBudget(input);
  const draft = { ...input, targetAudience: await checkedTarget(deps, input.targetAudience, current.targetAudience) };
  // A new file replaces the media; none (or the stored URL sent back) keeps it if it fits the type.
  let media: StoredMedia | null = null;
  const newFile = draft.type !== 'text' && draft.media && draft.media !== current.mediaUrl;
  if (newFile) media = await storeAdMedia(deps.storage, draft.type as 'image' | 'video', draft.media!);

  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const ad = await findOwnAd(tx, principal.userId, adId, true);
    const status = ad.status as AdStatus;
    if (AD_FINAL_STATUSES.includes(status)) throw new AppError('AD_NOT_EDITABLE');
    if (status !== 'draft' && (draft.duration !== ad.durationDays || draft.paymentMethod !== ad.paymentMethod)) throw new AppError('AD_TERMS_LOCKED');
    if (!media && draft.type !== 'text' && !mediaFits(draft.type, ad.mediaMime)) throw new AppError('AD_MEDIA_REQUIRED');
    const mediaColumns = draft.type === 'text' ? { mediaUrl: null, mediaMime: null } : media ? { mediaUrl: media.url, mediaMime: media.mime } : {};
    const set = { ...draftColumns(draft), ...mediaColumns };
    const free = now.getTime() < ad.createdAt.getTime() + AD_FREE_EDIT_MS;
    // The 2-hour window is for ads no moderator has seen yet: what one approved, changed, is seen again.
    const changed = shownContentChanged(ad, set);
    const backToReview = AD_APPROVED_STATUSES.includes(status) && (changed || (!free && AD_PAID_STATUSES.includes(status)));
    const updated = backToReview ? await transitionAd(tx, ad, 'edit', 'advertiser', now, set) : (await tx.update(ads).set({ ...set, updatedAt: now }).where(eq(ads.id, ad.id)).returning())[0];
    if (status !== 'draft' && changed) await auditAdvertiserEdit(tx, principal, ad, updated, now);
    return updated;
  });
  // A running ad's new text shows at once, and one sent back to review leaves the banner.
  await forgetActiveAds(deps.db);
  return adResponse(deps.db, row, now);
}

/** POST /api/ads/{id}/pause and /resume: the paid window keeps running meanwhile. */
export async function pauseOrResume(deps: AppDeps, principal: Principal, adId: string, event: 'pause' | 'resume'): Promise<AdResponse> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => transitionAd(tx, await findOwnAd(tx, principal.userId, adId, true), event, 'advertiser', now));
  await forgetActiveAds(deps.db);
  return adResponse(deps.db, row, now);
}
