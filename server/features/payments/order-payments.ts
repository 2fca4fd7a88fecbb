// Each order's latest provider payment, as the views that say what is due at the door read it
// (amount-due.ts). Cash orders have none.
import { desc, inArray } from 'drizzle-orm';
import type { AmountDue } from '#contract/amount-due';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { amountDueAtDoor, type OrderMoney, type PaymentFacts } from './amount-due';

export async function latestPaymentByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, NonNullable<PaymentFacts>>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, methodType: payments.methodType, status: payments.status, refundStatus: payments.refundStatus })
    .from(payments)
    .where(inArray(payments.orderId, [...new Set(orderIds)]))
    .orderBy(desc(payments.createdAt));
  const latest = new Map<string, NonNullable<PaymentFacts>>();
  for (const { orderId, ...facts } of rows) if (!latest.has(orderId)) latest.set(orderId, facts);
  return latest;
}

/** What is due at the door for each of these orders, keyed by order id. */
export async function amountsDueAtDoor(db: DbOrTx, orders: (OrderMoney & { id: string })[]): Promise<Map<string, AmountDue>> {
  const latest = await latestPaymentByOrder(db, orders.map((o) => o.id));
  return new Map(orders.map((o) => [o.id, amountDueAtDoor(o, latest.get(o.id) ?? null)]));
}
