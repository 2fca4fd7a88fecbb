// Refunds: the money of a paid order that is cancelled goes back through the payment's operator.
// - The refund becomes due in the cancelling transaction (payments.refund_status 'pending').
// - Once that transaction is committed, the refund is claimed (refund_reference set in one
//   conditional UPDATE, so concurrent cancellations, a late payment answer and several API
//   processes claim it once) and asked of the operator.
// - The operator's answer is recorded: succeeded (refunded_at), failed, or still unknown. An
//   unknown outcome (no answer, "in doubt", in progress) stays pending and the reconciliation asks
//   again after the operator's enquiry interval; the operator's refund is idempotent (Airtel looks
//   the collection up first: a reversed one is not refunded again). A request that never left
//   (operator unavailable) is released and asked again at the next pass.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { PaymentProviderError, type Refund } from '../../platform/payments/provider';
import type { PaymentProviders } from '../../platform/payments/providers';

type PaymentRow = typeof payments.$inferSelect;
type Log = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };

/** A refund asked without a final answer is asked again no sooner than this (or the operator's enquiry interval). */
export const REFUND_RETRY_MS = 60_000;
/**
 * How long a cancellation waits for the operator's answer before it answers the customer (the
 * refund then shows as pending; the request goes on, and the reconciliation follows it up).
 */
export const REFUND_WAIT_MS = 5_000;
const BATCH = 100;

export type RefundContext = {
  deps: AppDeps;
  providers: PaymentProviders;
  log?: Log;
  /** How long a cancellation waits for the operator (REFUND_WAIT_MS by default). */
  waitMs?: number;
};

/** In the cancelling transaction: the order's collected payment is due for a refund (once). */
export async function markRefundDue(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ refundStatus: 'pending', refundReference: null, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded'), eq(payments.refundStatus, 'none')));
}

// The order lifecycle knows the database, not the operators: each app registers who asks refunds
// for its database (registerRefunds, from the payment reconciler's setup). Without one, the
// refunds due wait for a reconciliation pass.
const contexts = new WeakMap<Db, RefundContext>();

export function registerRefunds(context: RefundContext): void {
  contexts.set(context.deps.db, context);
}

/**
 * After a committed cancellation: asks the refunds due for the order, waiting for the operator's
 * answer at most REFUND_WAIT_MS. Never throws (the reconciliation retries).
 */
export async function requestDueRefunds(db: Db, orderId: string): Promise<void> {
  const context = contexts.get(db);
  if (!context) return;
  const asking = (async () => {
    const due = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.refundStatus, 'pending'), isNull(payments.refundReference)));
    for (const { id } of due) await requestRefund(context, id);
  })().catch((error: unknown) => context.log?.error({ err: error, orderId }, 'remboursement : demande reportée au prochain rapprochement'));
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, context.waitMs ?? REFUND_WAIT_MS);
  });
  await Promise.race([asking, patience]).finally(() => clearTimeout(timer));
}

/** Claims a due refund and asks the operator; null when someone else claimed it (or nothing is due). */
export async function requestRefund(context: RefundContext, paymentId: string): Promise<PaymentRow | null> {
  const { deps } = context;
  const [claimed] = await deps.db
    .update(payments)
    .set({ refundReference: `rf_${randomUUID()}`, updatedAt: deps.now() })
    .where(and(eq(payments.id, paymentId), eq(payments.refundStatus, 'pending'), isNull(payments.refundReference)))
    .returning();
  return claimed ? sendRefund(context, claimed) : null;
}

/**
 * One pass of the reconciliation over refunds: the due ones nobody asked yet (a process stopped
 * between the commit and the request, an operator that was unavailable), and those asked without a
 * final answer once their retry interval has passed (claimed by moving updated_at, as payments are).
 */
export async function reconcileRefunds(context: RefundContext): Promise<void> {
  const { deps, providers } = context;
  const now = deps.now();
  const rows = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.refundStatus, 'pending'), or(isNull(payments.refundReference), lte(payments.updatedAt, new Date(now.getTime() - REFUND_RETRY_MS)))))
    .orderBy(asc(payments.updatedAt))
    .limit(BATCH);
  for (const row of rows) {
    if (!row.refundReference) {
      await requestRefund(context, row.id);
      continue;
    }
    const provider = providers.refunder(row.provider);
    if (!provider) continue;
    const due = new Date(now.getTime() - Math.max(provider.statusEnquiryIntervalMs, REFUND_RETRY_MS));
    const [claimed] = await deps.db
      .update(payments)
      .set({ updatedAt: now })
      .where(and(eq(payments.id, row.id), eq(payments.refundStatus, 'pending'), eq(payments.refundReference, row.refundReference), lte(payments.updatedAt, due)))
      .returning();
    if (claimed) await sendRefund(context, claimed);
  }
}

/** Asks the operator for a claimed refund and records what it answers. */
async function sendRefund(context: RefundContext, row: PaymentRow): Promise<PaymentRow> {
  const { deps, providers, log } = context;
  const claim = row.refundReference!;
  const provider = providers.refunder(row.provider);
  if (!provider) {
    // This deployment no longer reaches that operator: the refund waits, visible as pending.
    log?.warn({ paymentId: row.id, provider: row.provider }, 'remboursement : opérateur non configuré');
    return row;
  }
  let refund: Refund | 'release';
  try {
    refund = await provider.refund({ providerReference: row.providerReference, amountXaf: row.amountXaf, refundReference: claim });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) {
      log?.error({ err: error, paymentId: row.id }, 'remboursement : erreur inattendue');
      return row; // asked again after the retry interval
    }
    // Declined: the operator refused it. Unavailable: nothing left, ask again. Ambiguous: stays pending.
    refund = error.kind === 'declined' ? { status: 'failed', reference: null } : error.kind === 'unavailable' ? 'release' : { status: 'pending', reference: null };
    log?.warn({ paymentId: row.id, provider: row.provider, kind: error.kind }, error.message);
  }
  const now = deps.now();
  const mine = and(eq(payments.id, row.id), eq(payments.refundStatus, 'pending'), eq(payments.refundReference, claim));
  const [recorded] =
    refund === 'release'
      ? await deps.db.update(payments).set({ refundReference: null, updatedAt: now }).where(mine).returning()
      : refund.status === 'pending'
        ? await deps.db.update(payments).set({ updatedAt: now }).where(mine).returning()
        : await deps.db
            .update(payments)
            .set({ refundStatus: refund.status, refundReference: refund.reference ?? claim, refundedAt: refund.status === 'succeeded' ? now : null, updatedAt: now })
            .where(mine)
            .returning();
  return recorded ?? (await deps.db.select().from(payments).where(eq(payments.id, row.id)))[0];
}
