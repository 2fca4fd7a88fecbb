// Settles the payments whose operator callback never came, even when nobody opens their booking:
// every minute (once across the API instances: a scheduled job), each pending payment of an operator
// that answers status enquiries is refreshed (refreshPendingPayment also claims it in the database).
// The same pass asks again the refunds that are due or whose outcome is still unknown
// (refunds.service.ts), and this is where each app says who asks the refunds of its database.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { registerBackgroundJob } from '../../platform/background-job';
import type { PaymentProviders } from '../../platform/payments/providers';
import { refreshPendingPayment } from './payment-settlement.service';
import { reconcileRefunds, registerRefunds, type RefundContext } from './refunds.service';

const RECONCILE_INTERVAL_MS = 60_000;
const BATCH = 100;

/** One pass: the oldest pending payments of real operators (the sandbox waits for its customer), then the refunds. */
export async function reconcilePendingPayments(deps: AppDeps, providers: PaymentProviders, log?: RefundContext['log']): Promise<void> {
  const operators = providers.airtelMoney ? [providers.airtelMoney.provider] : [];
  if (operators.length > 0) {
    const pending = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), inArray(payments.provider, operators.map((p) => p.name))))
      .orderBy(asc(payments.updatedAt))
      .limit(BATCH);
    for (const row of pending) await refreshPendingPayment(deps, row, providers.named(row.provider));
  }
  await reconcileRefunds({ deps, providers, log });
}

/**
 * Registers who asks the refunds of this app's database, and runs the reconciliation in the
 * background of the API process (not in tests: they call a pass themselves).
 */
export function registerPaymentReconciler(app: FastifyInstance, deps: AppDeps, providers: PaymentProviders): void {
  registerRefunds({ deps, providers, log: app.log });
  registerBackgroundJob(app, {
    key: 'payment-reconciliation',
    name: 'rapprochement des paiements',
    intervalMs: RECONCILE_INTERVAL_MS,
    pass: () => reconcilePendingPayments(deps, providers, app.log),
  });
}
