// Booking a cart: one order through the order lifecycle (orders.service.ts). Cash is confirmed at
// once; mobile money and card wait for the payment provider, whose answer moves the order. A method
// no provider may take on this deployment is refused before anything is created; an order paid
// through the sandbox is a test order (orders.is_test), shown as such.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookDeliveryQuerySchema, BookingDetails, BookingResult, CartItem, PaymentInfo, PaymentStatus, RemainingList } from '#contract/checkout';
import { BOOKING_MAX_DAYS_AHEAD } from '#contract/checkout';
import { addDays, todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import type { OrderStatus, PaymentType, RefundStatus } from '#contract/orders';
import type { ViewType } from '#contract/optimiser';
import type { DbOrTx } from '../../db/client';
import { carts, orders, payments, shoppingLists } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { PaymentProviderError, type ProviderMethod } from '../../platform/payments/provider';
import type { PaymentProviders } from '../../platform/payments/providers';
import { SANDBOX_PROVIDER } from '../../platform/payments/sandbox';
import { isUniqueViolation } from '../auth/auth.service';
import { isUuid } from '../../platform/ids';
import { assertEditable, findOwnList } from '../lists/lists.service';
import type { StoredOptimisation } from '../optimiser/optimiser.service';
import { createOrder, type OrderRow } from '../orders/orders.service';
import { amountDueAtDoor } from '../payments/amount-due';
import { findOwnPaymentMethod } from '../payments/payment-methods.service';
import { assertCartDeliverable, findOwnCart } from './carts.service';
import { boughtProductIds, findRemainingList, keepLeftOutItems } from './left-out-items';
import { refreshPendingPayment, settlePayment, type PaymentRow } from './payment-settlement.service';

type BookingQuery = z.output<typeof BookDeliveryQuerySchema>;
type ListRow = typeof shoppingLists.$inferSelect;

export function assertDeliveryDate(date: string, now: Date, earliestOffset: 0 | 1): void {
  const today = todayInGabon(now);
  if (date < addDays(today, earliestOffset)) throw new AppError(earliestOffset === 0 ? 'DELIVERY_DATE_PAST' : 'BOOKING_DATE_TOO_EARLY');
  if (date > addDays(today, BOOKING_MAX_DAYS_AHEAD) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new AppError('BOOKING_DATE_TOO_FAR');
}

/** Locks the cart's list and refuses a list that already waits for a delivery or is archived; null without a list. */
export async function lockBookableList(tx: DbOrTx, userId: string, listId: string | null): Promise<ListRow | null> {
  if (!listId) return null;
  const list = await findOwnList(tx, userId, listId, true).catch(() => null);
  if (!list) return null; // the list was deleted since: the cart stands on its own
  try {
    assertEditable(list);
  } catch {
    throw new AppError('LIST_NOT_BOOKABLE');
  }
  return list;
}

/**
 * Inside the booking transaction, once the order exists: the list's items the cart leaves out go
 * to a new active list (left-out-items.ts), recorded on the cart for the confirmation screen.
 */
export async function keepItemsTheCartLeavesOut(tx: DbOrTx, list: ListRow | null, cartId: string, stored: StoredOptimisation, now: Date): Promise<RemainingList | null> {
  if (!list) return null;
  const remaining = await keepLeftOutItems(tx, list, boughtProductIds(stored.items ?? []), now);
  if (remaining) {
    const withRemaining: StoredOptimisation = { ...stored, remaining_list_id: remaining.id };
    await tx.update(carts).set({ optimization: withRemaining as unknown as Record<string, unknown> }).where(eq(carts.id, cartId));
  }
  return remaining;
}

/** Inserts the order inside the caller's transaction; a second order for the same cart is a 409. */
export async function insertOrder(tx: DbOrTx, input: Parameters<typeof createOrder>[1], now: Date): Promise<OrderRow> {
  const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.cartId, input.cartId));
  if (existing) throw new AppError('CART_ALREADY_BOOKED');
  try {
    return await createOrder(tx, input, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CART_ALREADY_BOOKED');
    throw error;
  }
}

/** POST /api/shopping/book-delivery. */
export async function bookDelivery(deps: AppDeps, principal: Principal, query: BookingQuery, providers: PaymentProviders): Promise<BookingResult> {
  const now = deps.now();
  assertDeliveryDate(query.delivery_date, now, 1);
  const { order, payment, remaining } = await deps.db
    .transaction(async (tx) => {
      const cart = await findOwnCart(tx, principal.userId, query.cart_id, true);
      if (cart.status === 'booked') throw new AppError('CART_ALREADY_BOOKED');
      if (cart.status !== 'open') throw new AppError('CART_NOT_FOUND');
      const stored = cart.optimization as unknown as StoredOptimisation;
      // The order is delivered at the cart's position: its stores must still be in that area.
      const position = await assertCartDeliverable(tx, stored);
      const method = await findOwnPaymentMethod(tx, principal.userId, query.payment_method_id);
      const methodType = method.methodType as PaymentType;
      const provider = methodType === 'cash' ? null : providers.forMethod(methodType);
      if (methodType !== 'cash' && !provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', fr.livePayments.methodUnavailable[methodType]);
      const list = await lockBookableList(tx, principal.userId, cart.shoppingListId);
      const created = await insertOrder(
        tx,
        {
          userId: principal.userId,
          cartId: cart.id,
          shoppingListId: cart.shoppingListId,
          origin: 'booking',
          deliveryAddress: query.delivery_address,
          latitude: position.fallback ? null : position.latitude,
          longitude: position.fallback ? null : position.longitude,
          deliveryDate: query.delivery_date,
          deliveryTimeSlot: query.delivery_time_slot,
          notes: null,
          paymentMethodId: method.id,
          paymentType: methodType,
          totalAmountXaf: cart.totalCostXaf,
          isTest: provider?.testMode ?? false,
        },
        now,
      );
      const remaining = await keepItemsTheCartLeavesOut(tx, list, cart.id, stored, now);
      if (!provider) return { order: created, payment: null, remaining };
      const [paymentRow] = await tx
        .insert(payments)
        .values({
          orderId: created.id,
          provider: provider.name,
          methodType: method.methodType,
          amountXaf: cart.totalCostXaf,
          status: 'pending',
          // Our own reference until the operator gives its id.
          providerReference: `mp_${randomUUID()}`,
          phoneNumber: method.phoneNumber,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { order: created, payment: { row: paymentRow, method, provider }, remaining };
    });

  if (!payment) {
    return { order_id: order.id, cart_id: order.cartId, status: order.status as OrderStatus, total_amount: order.totalAmountXaf, is_test: order.isTest, payment: null, remaining_list: remaining };
  }

  // The operator is asked outside the transaction: a slow answer holds no lock.
  const { provider } = payment;
  let paymentRow = payment.row;
  let customerStep: PaymentInfo['customer_step'] = null;
  try {
    const collection = await provider.requestPayment({
      merchantReference: paymentRow.providerReference,
      amountXaf: paymentRow.amountXaf,
      method: paymentRow.methodType as ProviderMethod,
      phoneNumber: paymentRow.phoneNumber,
      card: payment.method.cardLast4 ? { brand: payment.method.cardBrand ?? 'other', last4: payment.method.cardLast4 } : null,
      description: `MonPanier ${order.id.slice(0, 8)}`,
    });
    customerStep = collection.customerStep;
    [paymentRow] = await deps.db
      .update(payments)
      .set({ providerReference: collection.providerReference, updatedAt: deps.now() })
      .where(eq(payments.id, paymentRow.id))
      .returning();
    if (collection.status !== 'pending') paymentRow = (await settlePayment(deps, paymentRow, collection.status)) ?? paymentRow;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // In doubt (the request may have reached the operator): the payment stays pending under our
    // reference, and the operator's callback or a status enquiry settles it.
    if (error.kind !== 'ambiguous') {
      await settlePayment(deps, paymentRow, 'failed');
      throw new AppError(error.kind === 'declined' ? 'PAYMENT_DECLINED' : 'PAYMENT_PROVIDER_ERROR');
    }
  }
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  return {
    order_id: order.id,
    cart_id: order.cartId,
    status: current.status as OrderStatus,
    total_amount: order.totalAmountXaf,
    is_test: current.isTest,
    payment: paymentInfo(paymentRow, providers, customerStep),
    remaining_list: remaining,
  };
}

function paymentInfo(row: PaymentRow, providers: PaymentProviders, step?: PaymentInfo['customer_step']): PaymentInfo {
  return {
    id: row.id,
    provider: row.provider,
    // The sandbox never takes money, even where it is switched off since; a provider this
    // deployment no longer has took real money: only a known test provider says test.
    test_mode: row.provider === SANDBOX_PROVIDER || (providers.named(row.provider)?.testMode ?? false),
    method_type: row.methodType as PaymentType,
    status: row.status as PaymentStatus,
    amount: row.amountXaf,
    phone_number: row.phoneNumber,
    customer_step: step ?? (row.status === 'pending' ? (row.methodType === 'card' ? 'card_authentication' : 'phone_confirmation') : null),
    refund_status: row.refundStatus as RefundStatus,
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

async function findOwnPayment(db: DbOrTx, userId: string, paymentId: string): Promise<PaymentRow> {
  if (!isUuid(paymentId)) throw new AppError('PAYMENT_NOT_FOUND');
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(orders.userId, userId)));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return row.payment;
}

/**
 * The customer's answer on the sandbox phone (or card page): the sandbox records it as the
 * operator would, then the payment is settled from the operator's status, as for a real one.
 */
export async function answerSandboxPayment(deps: AppDeps, principal: Principal, paymentId: string, approve: boolean, providers: PaymentProviders): Promise<BookingDetails> {
  const { sandbox } = providers;
  // Where the sandbox is off (production), nobody answers in the operator's place.
  if (!sandbox) throw new AppError('PAYMENT_SANDBOX_DISABLED');
  const payment = await findOwnPayment(deps.db, principal.userId, paymentId);
  if (payment.provider !== sandbox.name) throw new AppError('PAYMENT_NOT_FOUND');
  if (payment.status !== 'pending') throw new AppError('PAYMENT_NOT_PENDING');
  sandbox.customerAnswer(payment.providerReference, approve);
  const settled = await settlePayment(deps, payment, await sandbox.paymentStatus(payment.providerReference));
  if (!settled) throw new AppError('PAYMENT_NOT_PENDING');
  return bookingDetails(deps, principal, payment.orderId, providers);
}

/** GET /api/shopping/bookings/{id}: the confirmation screen; a pending payment is checked with its operator first. */
export async function bookingDetails(deps: AppDeps, principal: Principal, orderId: string, providers: PaymentProviders): Promise<BookingDetails> {
  if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const [row] = await deps.db
    .select({ order: orders, cart: carts, listName: shoppingLists.name })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .leftJoin(shoppingLists, eq(shoppingLists.id, orders.shoppingListId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, principal.userId)));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const [latest] = await deps.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1);
  const payment = latest && (await refreshPendingPayment(deps, latest, providers.named(latest.provider)));
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const optimisation = row.cart.optimization as unknown as StoredOptimisation;
  return {
    order_id: order.id,
    cart_id: order.cartId,
    status: order.status as OrderStatus,
    total_amount: order.totalAmountXaf,
    is_test: order.isTest,
    payment: payment ? paymentInfo(payment, providers) : null,
    view_type: row.cart.viewType as ViewType,
    delivery_address: order.deliveryAddress,
    delivery_date: order.deliveryDate,
    delivery_time_slot: order.deliveryTimeSlot,
    total_items_cost: row.cart.totalItemsCostXaf,
    delivery_fee: row.cart.deliveryFeeXaf,
    shopping_list_id: order.shoppingListId,
    shopping_list_name: row.listName,
    items: cartItems(optimisation),
    created_at: order.createdAt.toISOString(),
    remaining_list: await findRemainingList(deps.db, principal.userId, optimisation.remaining_list_id),
    ...amountDueAtDoor(order, payment ?? null),
  };
}

function cartItems(optimisation: StoredOptimisation): CartItem[] {
  return (optimisation.items ?? [])
    .filter((i) => i.status === 'priced' && i.selected_store_id && i.product_id)
    .map((i) => ({
      product_id: i.product_id!,
      product_name: i.product_name,
      quantity: i.quantity,
      store_id: i.selected_store_id!,
      store_name: i.selected_store_name ?? '',
      unit_price: i.unit_price ?? 0,
      total_price: i.total_price ?? 0,
    }));
}

