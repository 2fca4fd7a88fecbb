// A payment's final answer from its operator, however it arrives — the sandbox phone, a status
// enquiry, the operator's callback — is recorded once, and the order moves through the lifecycle:
// succeeded → confirmed, failed → cancelled, as the 'payment' actor. Money collected for an order
// the consumer cancelled meanwhile is refunded.
import { and, eq, lte } from 'drizzle-orm';
import type { PaymentStatus } from '#contract/checkout';
import { orders, payments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../platform/errors';
import { PaymentProviderError, type PaymentProvider } from '../../platform/payments/provider';
import { transitionOrder } from '../orders/orders.service';
import { markRefundDue, requestDueRefunds } from './refunds.service';

export type PaymentRow = typeof payments.$inferSelect;

/** Records a final status on a pending payment and moves its order; null when it was already settled. */
export async function settlePayment(deps: AppDeps, row: PaymentRow, status: PaymentStatus): Promise<PaymentRow | null> {
  if (status === 'pending') return row;
  const [updated] = await deps.db
    .update(payments)
    .set({ status, updatedAt: deps.now() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    .returning();
  if (!updated) return null;
  try {
    await transitionOrder(deps.db, row.orderId, status === 'succeeded' ? 'confirmed' : 'cancelled', { kind: 'payment' }, deps.now());
  } catch (error) {
    // The consumer cancelled the order while paying: the payment stays recorded as the operator
    // reported it, the order stays cancelled, and the money collected goes back.
    if (!(error instanceof AppError && error.code === 'ORDER_TRANSITION_INVALID')) throw error;
    const [order] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId));
    if (status === 'succeeded' && order?.status === 'cancelled') {
      await markRefundDue(deps.db, row.orderId, deps.now());
      await requestDueRefunds(deps.db, row.orderId);
    }
  }
  return updated;
}

/**
 * Asks the operator about a pending payment, at most once per the provider's enquiry interval
 * (claimed in the database, so concurrent requests and processes ask once), and settles it.
 * A lost callback thus never leaves an order pending: the next look at it asks the operator.
 */
export async function refreshPendingPayment(deps: AppDeps, row: PaymentRow, provider: PaymentProvider | undefined): Promise<PaymentRow> {
  if (row.status !== 'pending' || !provider) return row;
  const now = deps.now();
  if (provider.statusEnquiryIntervalMs > 0) {
    const due = new Date(now.getTime() - provider.statusEnquiryIntervalMs);
    const [claimed] = await deps.db
      .update(payments)
      .set({ updatedAt: now })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'pending'), lte(payments.updatedAt, due)))
      .returning({ id: payments.id });
    if (!claimed) return row;
  }
  let status: PaymentStatus;
  try {
    status = await provider.paymentStatus(row.providerReference);
  } catch (error) {
    if (error instanceof PaymentProviderError) return row; // asked again after the next interval
    throw error;
  }
  if (status === 'pending') return row;
  return (await settlePayment(deps, row, status)) ?? (await deps.db.select().from(payments).where(eq(payments.id, row.id)))[0];
}

/** The operator's callback: the payment it names, settled with what it reports. Unknown → 404. */
export async function settleFromOperator(deps: AppDeps, providerName: string, reference: string, status: PaymentStatus): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerReference, reference)));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  // A repeated callback, or one for a payment already settled by an enquiry, changes nothing.
  await settlePayment(deps, row, status);
}
