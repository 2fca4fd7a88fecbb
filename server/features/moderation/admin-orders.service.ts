// The moderators' view of orders (GET /api/admin/orders), read-only: every order newest first, with
// who ordered it, how it was paid, whether it is a test order (paid through the sandbox: no money
// moved) and where its refund stands, so that a refund the operator refused is followed up by
// someone. A booking creates at most one payment per order; the latest one is shown.
import { and, countDistinct, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminOrder, AdminOrderPage, AdminOrdersQuery } from '#contract/moderation';
import type { OrderStatus, PaymentType, RefundStatus } from '#contract/orders';
import type { PaymentStatus } from '#contract/checkout';
import type { DbOrTx } from '../../db/client';
import { orders, payments, users } from '../../db/schema';

const agents = alias(users, 'agent');

type Filters = Pick<AdminOrdersQuery, 'status' | 'test' | 'refund'>;

function conditionOf({ status, test, refund }: Filters): SQL | undefined {
  return and(
    status === 'all' ? undefined : eq(orders.status, status),
    test === 'all' ? undefined : eq(orders.isTest, test === 'true'),
    refund === 'all' ? undefined : sql`exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.refund_status = ${refund})`,
  );
}

/** The failed_refunds count of GET /api/admin/queue: orders whose refund the operator refused. */
export async function failedRefundCount(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: countDistinct(payments.orderId) }).from(payments).where(eq(payments.refundStatus, 'failed'));
  return n;
}

/** GET /api/admin/orders. */
export async function adminOrderPage(db: DbOrTx, query: AdminOrdersQuery): Promise<AdminOrderPage> {
  const { page, limit } = query;
  const where = conditionOf(query);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select({ order: orders, customerName: users.fullName, customerEmail: users.email, agentName: agents.fullName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(agents, eq(agents.id, orders.agentId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const paymentOf = await latestPayments(db, rows.map((r) => r.order.id));
  const items = rows.map(({ order, customerName, customerEmail, agentName }): AdminOrder => {
    const payment = paymentOf.get(order.id);
    return {
      id: order.id,
      created_at: order.createdAt.toISOString(),
      status: order.status as OrderStatus,
      origin: order.origin as AdminOrder['origin'],
      customer: { id: order.userId, full_name: customerName, email: customerEmail },
      delivery_date: order.deliveryDate,
      delivery_time_slot: order.deliveryTimeSlot,
      total_amount: order.totalAmountXaf,
      payment_type: order.paymentType as PaymentType,
      is_test: order.isTest,
      payment: payment
        ? { status: payment.status as PaymentStatus, refund_status: payment.refundStatus as RefundStatus, refunded_at: payment.refundedAt?.toISOString() ?? null }
        : null,
      agent: order.agentId && agentName !== null ? { id: order.agentId, full_name: agentName } : null,
      cancelled_at: order.cancelledAt?.toISOString() ?? null,
    };
  });
  return { items, total, page, pages: Math.max(1, Math.ceil(total / limit)) };
}

async function latestPayments(db: DbOrTx, orderIds: string[]) {
  const latest = new Map<string, typeof payments.$inferSelect>();
  if (orderIds.length === 0) return latest;
  const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(desc(payments.createdAt), desc(payments.id));
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  return latest;
}
