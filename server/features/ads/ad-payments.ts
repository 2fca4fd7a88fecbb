// Paying for an ad through the payment-provider interface (platform/payments), as checkout pays an
// order: mobile money goes to the Airtel Money or Moov Money operator, a card to the card operator,
// and where this deployment has no operator for the method it is refused in French before anything
// changes. A bank transfer has no operator: the ad waits for a moderator to mark it received.
// The operator's answer, however it arrives (the sandbox phone, a status enquiry, the job), is
// recorded once and moves the ad: succeeded → awaiting_review, failed → back to draft.
// A rejected ad is refunded through the operator that took the money (ad_payments.refund_status);
// once the refund succeeds the ad becomes 'refunded'.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, lte, ne, or } from 'drizzle-orm';
import type { AdPaymentMethod, AdStatus } from '#contract/ads';
import type { AdPayRequest, AdResponse } from '#contract/ads-api';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { DbOrTx } from '../../db/client';
import { adPayments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { PaymentProviderError, type PaymentProvider, type ProviderMethod, type Refund } from '../../platform/payments/provider';
import type { PaymentProviders } from '../../platform/payments/providers';
import { createNotifications } from '../notifications/notifications.service';
import { nextAdStatus } from './ad-lifecycle';
import { type AdPaymentRow, type AdRow, BANK_TRANSFER_PROVIDER, adResponse, findAd, findOwnAd, invalidTransition, transitionAd } from './ads.service';

/** A refund asked without a final answer is asked again no sooner than this. */
export const AD_REFUND_RETRY_MS = 60_000;
const BATCH = 100;

type Log = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

/** The operator method of an ad's payment method, or null for a bank transfer. */
function providerMethodOf(method: AdPaymentMethod, request: AdPayRequest): ProviderMethod | null {
  if (method === 'bank_transfer') return null;
  if (method === 'bank_card') return 'card';
  if (!request.operator) throw new AppError('AD_OPERATOR_REQUIRED');
  if (!request.phone) throw new AppError('AD_PHONE_REQUIRED');
  return request.operator;
}

/** POST /api/ads/{id}/pay: draft → awaiting_payment, then the operator is asked (outside the transaction). */
export async function payAd(deps: AppDeps, principal: Principal, adId: string, request: AdPayRequest, providers: PaymentProviders): Promise<AdResponse> {
  const ad0 = await findOwnAd(deps.db, principal.userId, adId);
  // The status first: paying an ad already paid is a 409 whatever the request says.
  if (!nextAdStatus(ad0.status as AdStatus, 'submit', 'advertiser')) throw invalidTransition(ad0.status as AdStatus);
  const method = request.payment_method ?? (ad0.paymentMethod as AdPaymentMethod);
  const providerMethod = providerMethodOf(method, request);
  const provider = providerMethod ? providers.forMethod(providerMethod) : null;
  if (providerMethod && !provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', fr.livePayments.methodUnavailable[providerMethod]);

  const now = deps.now();
  const { ad, payment } = await deps.db.transaction(async (tx) => {
    const locked = await findOwnAd(tx, principal.userId, adId, true);
    const submitted = await transitionAd(tx, locked, 'submit', 'advertiser', now, { paymentMethod: method });
    const [row] = await tx
      .insert(adPayments)
      .values({
        adId: submitted.id,
        provider: provider?.name ?? BANK_TRANSFER_PROVIDER,
        methodType: providerMethod ?? 'bank_transfer',
        amountXaf: submitted.budgetXaf,
        status: 'pending',
        // Our reference until the operator gives its own; for a transfer, the one to quote on it.
        providerReference: provider ? `ad_${randomUUID()}` : `PUB-${randomUUID().slice(0, 8).toUpperCase()}`,
        phoneNumber: providerMethod && providerMethod !== 'card' ? request.phone! : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { ad: submitted, payment: row };
  });
  if (!provider) return adResponse(deps.db, ad, now);

  try {
    const collection = await provider.requestPayment({
      merchantReference: payment.providerReference,
      amountXaf: payment.amountXaf,
      method: providerMethod!,
      phoneNumber: payment.phoneNumber,
      card: null,
      description: `MonPanier annonce ${ad.id.slice(0, 8)}`,
    });
    const [recorded] = await deps.db
      .update(adPayments)
      .set({ providerReference: collection.providerReference, updatedAt: deps.now() })
      .where(eq(adPayments.id, payment.id))
      .returning();
    if (collection.status !== 'pending') await settleAdPayment(deps, recorded, collection.status);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // In doubt, the payment stays pending until the operator is asked again (the expiry job's pass).
    if (error.kind !== 'ambiguous') {
      await settleAdPayment(deps, payment, 'failed');
      throw new AppError(error.kind === 'declined' ? 'PAYMENT_DECLINED' : 'PAYMENT_PROVIDER_ERROR');
    }
  }
  return adResponse(deps.db, await findAd(deps.db, ad.id), deps.now());
}

/** Records an operator's final answer once and moves the ad; null when it was already settled. */
export async function settleAdPayment(deps: AppDeps, row: AdPaymentRow, status: 'pending' | 'succeeded' | 'failed'): Promise<AdPaymentRow | null> {
  if (status === 'pending') return row;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(adPayments)
      .set({ status, updatedAt: now })
      .where(and(eq(adPayments.id, row.id), eq(adPayments.status, 'pending')))
      .returning();
    if (!updated) return null;
    const ad = await findAd(tx, row.adId, true);
    if (ad.status !== 'awaiting_payment') return updated;
    if (status === 'succeeded') {
      await transitionAd(tx, ad, 'payment_confirmed', 'payment', now, { paidAt: now });
      await notify(tx, ad.advertiserId, fr.adsApi.paidNotification.title, fr.adsApi.paidNotification.body(ad.title), ad.id, now);
    } else {
      await transitionAd(tx, ad, 'payment_failed', 'payment', now);
      await notify(tx, ad.advertiserId, fr.adsApi.paymentFailedNotification.title, fr.adsApi.paymentFailedNotification.body(ad.title), ad.id, now);
    }
    return updated;
  });
}

export function notify(tx: DbOrTx, userId: string, title: string, body: string, adId: string, now: Date): Promise<void> {
  return createNotifications(tx, [{ userId, type: 'other', title, body, data: { ad_id: adId } }], now);
}

async function latestPayment(db: DbOrTx, adId: string): Promise<AdPaymentRow | undefined> {
  const [row] = await db.select().from(adPayments).where(eq(adPayments.adId, adId)).orderBy(desc(adPayments.createdAt)).limit(1);
  return row;
}

/** Asks the operator about a pending payment (at most once per its enquiry interval) and settles it. */
export async function refreshPendingAdPayment(deps: AppDeps, row: AdPaymentRow, provider: PaymentProvider | undefined): Promise<void> {
  if (row.status !== 'pending' || !provider) return;
  const now = deps.now();
  if (provider.statusEnquiryIntervalMs > 0) {
    const due = new Date(now.getTime() - provider.statusEnquiryIntervalMs);
    const [claimed] = await deps.db
      .update(adPayments)
      .set({ updatedAt: now })
      .where(and(eq(adPayments.id, row.id), eq(adPayments.status, 'pending'), lte(adPayments.updatedAt, due)))
      .returning({ id: adPayments.id });
    if (!claimed) return;
  }
  try {
    const status = await provider.paymentStatus(row.providerReference);
    if (status !== 'pending') await settleAdPayment(deps, row, status);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error; // asked again at the next look
  }
}

/** GET /api/ads/{id}: the advertiser's ad, a pending payment checked with its operator first. */
export async function adDetails(deps: AppDeps, principal: Principal, adId: string, providers: PaymentProviders): Promise<AdResponse> {
  const ad = await findOwnAd(deps.db, principal.userId, adId);
  const payment = await latestPayment(deps.db, ad.id);
  if (payment) await refreshPendingAdPayment(deps, payment, providers.named(payment.provider));
  return adResponse(deps.db, await findAd(deps.db, ad.id), deps.now());
}

/** POST /api/ads/{id}/sandbox-decision: the advertiser's answer on the sandbox phone or card page. */
export async function answerAdSandbox(deps: AppDeps, principal: Principal, adId: string, approve: boolean, providers: PaymentProviders): Promise<AdResponse> {
  const { sandbox } = providers;
  if (!sandbox) throw new AppError('PAYMENT_SANDBOX_DISABLED');
  const ad = await findOwnAd(deps.db, principal.userId, adId);
  const payment = await latestPayment(deps.db, ad.id);
  if (!payment || payment.provider !== sandbox.name) throw new AppError('PAYMENT_NOT_FOUND');
  if (payment.status !== 'pending') throw new AppError('PAYMENT_NOT_PENDING');
  sandbox.customerAnswer(payment.providerReference, approve);
  const settled = await settleAdPayment(deps, payment, await sandbox.paymentStatus(payment.providerReference));
  if (!settled) throw new AppError('PAYMENT_NOT_PENDING');
  return adResponse(deps.db, await findAd(deps.db, ad.id), deps.now());
}

/** A moderator saw the bank transfer arrive: its payment succeeds (inside the moderator's transaction). */
export async function recordTransferReceived(tx: DbOrTx, ad: AdRow, now: Date): Promise<void> {
  const [updated] = await tx
    .update(adPayments)
    .set({ status: 'succeeded', updatedAt: now })
    .where(and(eq(adPayments.adId, ad.id), eq(adPayments.provider, BANK_TRANSFER_PROVIDER), eq(adPayments.status, 'pending')))
    .returning({ id: adPayments.id });
  if (!updated) throw new AppError('AD_NOT_BANK_TRANSFER');
}

// ---------------------------------------------------------------- refunds

/** In the rejecting transaction: the ad's collected payment is due for a refund (once). */
export async function markAdRefundDue(tx: DbOrTx, adId: string, now: Date): Promise<void> {
  await tx
    .update(adPayments)
    .set({ refundStatus: 'pending', refundReference: null, updatedAt: now })
    .where(and(eq(adPayments.adId, adId), eq(adPayments.status, 'succeeded'), eq(adPayments.refundStatus, 'none')));
}

/** The refund has succeeded: the ad becomes 'refunded' and its advertiser is told. */
async function completeRefund(tx: DbOrTx, payment: AdPaymentRow, now: Date): Promise<void> {
  const ad = await findAd(tx, payment.adId, true);
  if (ad.status !== 'rejected') return;
  await transitionAd(tx, ad, 'refund', 'refund', now);
  await notify(tx, ad.advertiserId, fr.adsApi.refundedNotification.title, fr.adsApi.refundedNotification.body(ad.title, formatXaf(payment.amountXaf)), ad.id, now);
}

/** A moderator sent the bank transfer back by hand: the refund is recorded and the ad refunded. */
export async function recordTransferRefunded(tx: DbOrTx, ad: AdRow, now: Date): Promise<void> {
  const [payment] = await tx
    .update(adPayments)
    .set({ refundStatus: 'succeeded', refundReference: `manual_${randomUUID()}`, refundedAt: now, updatedAt: now })
    .where(and(eq(adPayments.adId, ad.id), eq(adPayments.provider, BANK_TRANSFER_PROVIDER), eq(adPayments.refundStatus, 'pending')))
    .returning();
  if (!payment) throw new AppError('AD_REFUND_NOT_DUE');
  await completeRefund(tx, payment, now);
}

/** After a committed rejection: asks the operator for every refund due on the ad. Never throws. */
export async function requestAdRefunds(deps: AppDeps, providers: PaymentProviders, adId: string, log?: Log): Promise<void> {
  try {
    const due = await deps.db
      .select({ id: adPayments.id })
      .from(adPayments)
      .where(and(eq(adPayments.adId, adId), eq(adPayments.refundStatus, 'pending'), isNull(adPayments.refundReference), ne(adPayments.provider, BANK_TRANSFER_PROVIDER)));
    for (const { id } of due) {
      const [claimed] = await deps.db
        .update(adPayments)
        .set({ refundReference: `rf_${randomUUID()}`, updatedAt: deps.now() })
        .where(and(eq(adPayments.id, id), eq(adPayments.refundStatus, 'pending'), isNull(adPayments.refundReference)))
        .returning();
      if (claimed) await sendAdRefund(deps, providers, claimed, log);
    }
  } catch (error) {
    log?.error({ err: error, adId }, "remboursement d'annonce : demande reportée");
  }
}

/** Asks the operator for a claimed refund and records what it answers. */
async function sendAdRefund(deps: AppDeps, providers: PaymentProviders, row: AdPaymentRow, log?: Log): Promise<void> {
  const claim = row.refundReference!;
  const provider = providers.refunder(row.provider);
  if (!provider) {
    log?.warn({ paymentId: row.id, provider: row.provider }, "remboursement d'annonce : opérateur non configuré");
    return;
  }
  let refund: Refund | 'release';
  try {
    refund = await provider.refund({ providerReference: row.providerReference, amountXaf: row.amountXaf, refundReference: claim });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) {
      log?.error({ err: error, paymentId: row.id }, "remboursement d'annonce : erreur inattendue");
      return;
    }
    refund = error.kind === 'declined' ? { status: 'failed', reference: null } : error.kind === 'unavailable' ? 'release' : { status: 'pending', reference: null };
  }
  const now = deps.now();
  const mine = and(eq(adPayments.id, row.id), eq(adPayments.refundStatus, 'pending'), eq(adPayments.refundReference, claim));
  if (refund === 'release') {
    await deps.db.update(adPayments).set({ refundReference: null, updatedAt: now }).where(mine);
    return;
  }
  if (refund.status === 'pending') {
    await deps.db.update(adPayments).set({ updatedAt: now }).where(mine);
    return;
  }
  const final = refund;
  await deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(adPayments)
      .set({ refundStatus: final.status, refundReference: final.reference ?? claim, refundedAt: final.status === 'succeeded' ? now : null, updatedAt: now })
      .where(mine)
      .returning();
    if (recorded && final.status === 'succeeded') await completeRefund(tx, recorded, now);
  });
}

/**
 * The job's pass over ad money: pending operator payments are asked about (a lost answer never
 * leaves an ad awaiting payment), and refunds due are asked or asked again after the retry interval.
 */
export async function reconcileAdPayments(deps: AppDeps, providers: PaymentProviders, log?: Log): Promise<void> {
  const pending = await deps.db
    .select()
    .from(adPayments)
    .where(and(eq(adPayments.status, 'pending'), ne(adPayments.provider, BANK_TRANSFER_PROVIDER)))
    .orderBy(asc(adPayments.updatedAt))
    .limit(BATCH);
  for (const row of pending) await refreshPendingAdPayment(deps, row, providers.named(row.provider)).catch((error) => log?.error({ err: error, paymentId: row.id }, "paiement d'annonce : vérification reportée"));

  const now = deps.now();
  const refunds = await deps.db
    .select()
    .from(adPayments)
    .where(
      and(
        eq(adPayments.refundStatus, 'pending'),
        ne(adPayments.provider, BANK_TRANSFER_PROVIDER),
        or(isNull(adPayments.refundReference), lte(adPayments.updatedAt, new Date(now.getTime() - AD_REFUND_RETRY_MS))),
      ),
    )
    .orderBy(asc(adPayments.updatedAt))
    .limit(BATCH);
  for (const row of refunds) {
    if (!row.refundReference) {
      await requestAdRefunds(deps, providers, row.adId, log);
      continue;
    }
    const [claimed] = await deps.db
      .update(adPayments)
      .set({ updatedAt: now })
      .where(and(eq(adPayments.id, row.id), eq(adPayments.refundStatus, 'pending'), eq(adPayments.refundReference, row.refundReference), lte(adPayments.updatedAt, new Date(now.getTime() - AD_REFUND_RETRY_MS))))
      .returning();
    if (claimed) await sendAdRefund(deps, providers, claimed, log);
  }
}

