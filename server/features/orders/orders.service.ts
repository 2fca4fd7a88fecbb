// Creating and moving orders. Every change goes through the transition table, writes an
// order_events row, moves the shopping list, and notifies the consumer (and approved agents of new
// work, without the address: they learn the area, and the accepting agent the rest).
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { HANDOVER_CODE_LENGTH } from '#contract/handover';
import { formatDate, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { timeSlotLabel, type OrderDeliveryFields, type OrderStatus, type PaymentType } from '#contract/orders';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { carts, orderEvents, orders, shoppingLists, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { lockApprovedAgent } from '../agent/agent-access';
import { areaName, deliveryCellOf, loadAreaStores } from '../agent/delivery-area';
import { dropUntouchedRemainingList } from '../checkout/left-out-items';
import { markRefundDue, requestDueRefunds } from '../checkout/refunds.service';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import { type ActorKind, canTransition, initialStatus, listStatusAfter, needsProof } from './order-lifecycle';

export type OrderRow = typeof orders.$inferSelect;
/** `handover`: how the agent proved the delivery (the code, or a door photo kept at proofPath). */
export type Handover = { kind: 'code' } | { kind: 'photo'; proofPath: string };
export type OrderActor = { kind: ActorKind; userId?: string; handover?: Handover };

export type NewOrder = {
  userId: string;
  cartId: string;
  shoppingListId: string | null;
  origin: 'booking' | 'delivery_request';
  deliveryAddress: string;
  latitude: number | null;
  longitude: number | null;
  deliveryDate: string;
  deliveryTimeSlot: string;
  notes: string | null;
  paymentMethodId: string | null;
  paymentType: PaymentType;
  totalAmountXaf: number;
  /** Paid through the payment sandbox: a test order. */
  isTest?: boolean;
};

/** The delivery fields of an order, as every API view of it shows them. */
export function deliveryFieldsOf(order: OrderRow): OrderDeliveryFields {
  return {
    id: order.id,
    delivery_address: order.deliveryAddress,
    latitude: order.latitude,
    longitude: order.longitude,
    delivery_date: order.deliveryDate,
    delivery_time_slot: order.deliveryTimeSlot,
    notes: order.notes,
    payment_type: order.paymentType as PaymentType,
    total_amount: order.totalAmountXaf,
    is_test: order.isTest,
    created_at: order.createdAt.toISOString(),
  };
}

/** Inserts the order in its first status (call inside the booking transaction). */
export async function createOrder(tx: DbOrTx, input: NewOrder, now: Date): Promise<OrderRow> {
  const status = initialStatus(input.paymentType);
  const [order] = await tx.insert(orders).values({ ...input, status, createdAt: now, updatedAt: now }).returning();
  await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: null, toStatus: status, actorId: input.userId, createdAt: now });
  await tx.update(carts).set({ status: 'booked', updatedAt: now }).where(eq(carts.id, input.cartId));
  if (input.shoppingListId) await tx.update(shoppingLists).set({ status: listStatusAfter(status), updatedAt: now }).where(eq(shoppingLists.id, input.shoppingListId));
  await createNotifications(tx, await notificationsFor(tx, order, status), now);
  return order;
}

/**
 * Moves an order to `to` on behalf of `actor`. Another consumer's or another agent's order answers
 * 404; a move outside the table, or one that lost a race (two agents accepting at once), 409; an
 * agent whose application is not approved, 403. A paid order that is cancelled has its refund
 * asked of the operator once the cancellation is committed.
 */
export async function transitionOrder(db: Db, orderId: string, to: OrderStatus, actor: OrderActor, now: Date): Promise<OrderRow> {
  const moved = await db.transaction((tx) => transitionOrderIn(tx, orderId, to, actor, now));
  if (to === 'cancelled') await requestDueRefunds(db, orderId);
  return moved;
}

/** transitionOrder inside a transaction the caller holds (a suspension hands back the agent's orders in its own). */
export async function transitionOrderIn(tx: Tx, orderId: string, to: OrderStatus, actor: OrderActor, now: Date): Promise<OrderRow> {
  // First, before any order row: the agent's row, shared (see agent-access.ts for the lock order).
  if (actor.kind === 'agent') await lockApprovedAgent(tx, actor.userId!);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const from = order.status as OrderStatus;
  if (actor.kind === 'consumer' && order.userId !== actor.userId) throw new AppError('ORDER_NOT_FOUND');
  // An agent taking an order that someone else already took lost the race (409); an agent
  // moving an order that is not theirs is told it does not exist (404).
  const accepting = actor.kind === 'agent' && to === 'in_progress';
  if (accepting && order.agentId && order.agentId !== actor.userId) throw new AppError('ORDER_ALREADY_TAKEN');
  if (actor.kind === 'agent' && !accepting && order.agentId !== actor.userId) throw new AppError('ORDER_NOT_FOUND');
  if (!canTransition(from, to, actor.kind, actor.handover !== undefined)) {
    throw new AppError(needsProof(from, to, actor.kind) ? 'HANDOVER_PROOF_REQUIRED' : 'ORDER_TRANSITION_INVALID');
  }
  const photo = actor.handover?.kind === 'photo' ? actor.handover : null;
  // Back to the available pool: nobody holds it any more.
  const releasing = from === 'in_progress' && to === 'confirmed';

  const [moved] = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: now,
      ...(accepting ? { agentId: actor.userId, assignedAt: now } : {}),
      ...(releasing ? { agentId: null, assignedAt: null } : {}),
      ...(to === 'picked_up' ? { pickedUpAt: now } : {}),
      // The code is drawn as the agent sets off, when the customer starts to see it.
      ...(to === 'en_route' ? { enRouteAt: now, handoverCode: order.handoverCode ?? newHandoverCode() } : {}),
      ...(to === 'delivered' ? { deliveredAt: now, deliveredWithoutCode: photo !== null, deliveryProofPath: photo?.proofPath ?? null } : {}),
      ...(to === 'cancelled' ? { cancelledAt: now } : {}),
    })
    // The status (and, when accepting, the empty agent) in the WHERE makes the move atomic:
    // of two concurrent accepts only one row update succeeds.
    .where(and(eq(orders.id, orderId), eq(orders.status, from), accepting ? isNull(orders.agentId) : undefined))
    .returning();
  if (!moved) throw new AppError(accepting ? 'ORDER_ALREADY_TAKEN' : 'ORDER_TRANSITION_INVALID');

  await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, actorId: actor.userId ?? null, createdAt: now });
  // Money collected for an order that will not be delivered goes back: due in this transaction.
  if (to === 'cancelled') await markRefundDue(tx, orderId, now);
  if (moved.shoppingListId) {
    await tx.update(shoppingLists).set({ status: listStatusAfter(to), updatedAt: now }).where(eq(shoppingLists.id, moved.shoppingListId));
  }
  if (to === 'cancelled') await dropUntouchedRemainingList(tx, moved.cartId);
  await createNotifications(tx, await notificationsFor(tx, moved, to, from), now);
  return moved;
}

/** A 4-digit handover code from the system's secure random source. */
export function newHandoverCode(): string {
  return String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, '0');
}

async function notificationsFor(tx: DbOrTx, order: OrderRow, status: OrderStatus, from: OrderStatus | null = null): Promise<NewNotification[]> {
  const total = formatXaf(order.totalAmountXaf);
  const date = formatDate(order.deliveryDate);
  const slot = timeSlotLabel(order.deliveryTimeSlot);
  const texts = fr.orderNotifications;
  const data = { order_id: order.id, status };
  const toConsumer = (type: NewNotification['type'], title: string, body: string): NewNotification => ({ userId: order.userId, type, title, body, data });

  switch (status) {
    case 'pending':
      return [toConsumer('order_status', texts.pending.title, texts.pending.body(total))];
    case 'confirmed': {
      // Only agents a moderator approved hear of new work, and only the area it goes to.
      const agents = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.userType, 'delivery_agent'), eq(users.agentStatus, 'approved'), isNull(users.suspendedAt)));
      const area = agents.length > 0 ? areaName(await loadAreaStores(tx), deliveryCellOf(order)) : '';
      const released = fr.agentVetting.orderReleased;
      return [
        from === 'in_progress'
          ? toConsumer('delivery_update', released.title, released.body)
          : toConsumer('order_status', texts.confirmed.title, texts.confirmed.body(total, date, slot)),
        ...agents.map((a) => ({
          userId: a.id,
          type: 'order_status' as const,
          title: texts.newOrder.title,
          body: texts.newOrder.body(area, date, slot, total),
          data: { order_id: order.id, status: 'available' },
        })),
      ];
    }
    case 'in_progress': {
      const [agent] = order.agentId ? await tx.select({ name: users.fullName }).from(users).where(eq(users.id, order.agentId)) : [];
      return [toConsumer('delivery_update', texts.in_progress.title, texts.in_progress.body(agent?.name ?? 'Un livreur'))];
    }
    case 'picked_up':
      return [toConsumer('delivery_update', texts.picked_up.title, texts.picked_up.body())];
    case 'en_route':
      return [toConsumer('delivery_update', texts.en_route.title, texts.en_route.body())];
    case 'delivered':
      return [toConsumer('delivery_update', texts.delivered.title, texts.delivered.body())];
    case 'cancelled':
      return [toConsumer('order_status', texts.cancelled.title, texts.cancelled.body(date))];
  }
}
