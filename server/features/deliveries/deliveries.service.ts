// The consumer's deliveries: every order of the user, whichever way it was booked (comparator or
// delivery request), and cancelling one before an agent takes it.
import { desc, eq } from 'drizzle-orm';
import type { AmountDue, PaymentState } from '#contract/amount-due';
import type { DeliveryRequest, OrderStatus, RefundStatus } from '#contract/orders';
import type { AppDeps } from '../../deps';
import { orders, shoppingLists } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { customerHandoverOf } from '../orders/handover-view';
import { deliveryFieldsOf, transitionOrder, type OrderRow } from '../orders/orders.service';
import { amountsDueAtDoor } from '../payments/order-payments';

export async function listDeliveries(deps: AppDeps, principal: Principal): Promise<DeliveryRequest[]> {
  const rows = await deps.db
    .select({ order: orders, listName: shoppingLists.name })
    .from(orders)
    .leftJoin(shoppingLists, eq(shoppingLists.id, orders.shoppingListId))
    .where(eq(orders.userId, principal.userId))
    .orderBy(desc(orders.createdAt));
  const dues = await amountsDueAtDoor(deps.db, rows.map((r) => r.order));
  return rows.map((r) => toDelivery(r.order, r.listName, dues.get(r.order.id)!));
}

/** The consumer cancels before an agent took the order (pending or confirmed); later answers 409. */
export async function cancelDelivery(deps: AppDeps, principal: Principal, orderId: string): Promise<DeliveryRequest> {
  if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const order = await transitionOrder(deps.db, orderId, 'cancelled', { kind: 'consumer', userId: principal.userId }, deps.now());
  return deliveryById(deps, order.id);
}

export async function deliveryById(deps: AppDeps, orderId: string): Promise<DeliveryRequest> {
  const [row] = await deps.db
    .select({ order: orders, listName: shoppingLists.name })
    .from(orders)
    .leftJoin(shoppingLists, eq(shoppingLists.id, orders.shoppingListId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const dues = await amountsDueAtDoor(deps.db, [row.order]);
  return toDelivery(row.order, row.listName, dues.get(row.order.id)!);
}

/** The refund the customer follows, read from the same latest payment as what is due at the door. */
const REFUND_OF: Partial<Record<PaymentState, RefundStatus>> = { refund_pending: 'pending', refunded: 'succeeded', refund_failed: 'failed' };

export function toDelivery(order: OrderRow, listName: string | null, due: AmountDue): DeliveryRequest {
  return {
    ...deliveryFieldsOf(order),
    status: order.status as OrderStatus,
    origin: order.origin as DeliveryRequest['origin'],
    shopping_list_id: order.shoppingListId,
    shopping_list_name: listName,
    cart_id: order.cartId,
    refund_status: REFUND_OF[due.payment_state] ?? 'none',
    ...customerHandoverOf(order),
    ...due,
  };
}
