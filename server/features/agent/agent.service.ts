// The delivery-agent space: confirmed orders nobody took, the agent's own orders, taking one and
// marking it delivered. Customer contact details leave the server only for those two kinds of order.
// Status moves go through the order lifecycle (transitionOrder), never here.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type AgentOrder, type AgentOrderItem, agentStatusOf } from '#contract/agent';
import type { OrderStatus } from '#contract/orders';
import type { AppDeps } from '../../deps';
import { carts, orders, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { deliveryFieldsOf, transitionOrder } from '../orders/orders.service';

const orderColumns = { order: orders, customer: { name: users.fullName, email: users.email, phone: users.phone }, optimization: carts.optimization, deliveryFee: carts.deliveryFeeXaf };
type OrderWithCustomer = { order: typeof orders.$inferSelect; customer: { name: string; email: string; phone: string }; optimization: Record<string, unknown>; deliveryFee: number };

function selectOrders(deps: AppDeps) {
  return deps.db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).innerJoin(carts, eq(carts.id, orders.cartId));
}

const isAvailable = and(eq(orders.status, 'confirmed'), isNull(orders.agentId));

/** Confirmed orders no agent has taken yet, oldest first (the next one to deliver on top). */
export async function availableOrders(deps: AppDeps): Promise<AgentOrder[]> {
  const rows = await selectOrders(deps).where(isAvailable).orderBy(asc(orders.deliveryDate), asc(orders.createdAt));
  return rows.map(toAgentOrder);
}

export type AvailableSnapshot = { etag: string; json: string };

// Every agent polls the same list. A light query fingerprints it (ids and update times of the
// available orders); the joined, serialised list is rebuilt only when that changes, and at least
// every few seconds so an edited customer detail shows up. One cache per database.
const SNAPSHOT_MAX_AGE_MS = 5000;
const snapshots = new WeakMap<object, { version: string; at: number; value: Promise<AvailableSnapshot> }>();

export async function availableOrdersSnapshot(deps: AppDeps): Promise<AvailableSnapshot> {
  const [{ version }] = await deps.db
    .select({ version: sql<string>`md5(coalesce(string_agg(${orders.id}::text || ':' || ${orders.updatedAt}::text, ',' order by ${orders.id}), ''))` })
    .from(orders)
    .where(isAvailable);
  const now = Date.now();
  const cached = snapshots.get(deps.db);
  if (cached && cached.version === version && now - cached.at < SNAPSHOT_MAX_AGE_MS) return cached.value;
  const value = availableOrders(deps).then((list) => ({ etag: `"${version}"`, json: JSON.stringify({ available_orders: list }) }));
  snapshots.set(deps.db, { version, at: now, value });
  value.catch(() => snapshots.delete(deps.db));
  return value;
}

/** The agent's own orders, most recently taken first. */
export async function myOrders(deps: AppDeps, agent: Principal): Promise<AgentOrder[]> {
  const rows = await selectOrders(deps).where(eq(orders.agentId, agent.userId)).orderBy(desc(orders.assignedAt), desc(orders.createdAt));
  return rows.map(toAgentOrder);
}

/** Takes a confirmed order. Of two agents taking it at once exactly one wins; the other gets 409. */
export async function acceptOrder(deps: AppDeps, agent: Principal, orderId: string): Promise<AgentOrder> {
  return moveOrder(deps, agent, orderId, 'in_progress');
}

/** Moves one of the agent's orders (in practice: in_progress → delivered). */
export async function updateOrderStatus(deps: AppDeps, agent: Principal, orderId: string, to: OrderStatus): Promise<AgentOrder> {
  return moveOrder(deps, agent, orderId, to);
}

async function moveOrder(deps: AppDeps, agent: Principal, orderId: string, to: OrderStatus): Promise<AgentOrder> {
  if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
  await transitionOrder(deps.db, orderId, to, { kind: 'agent', userId: agent.userId }, deps.now());
  const [row] = await selectOrders(deps).where(eq(orders.id, orderId));
  return toAgentOrder(row);
}

function toAgentOrder({ order, customer, optimization, deliveryFee }: OrderWithCustomer): AgentOrder {
  return {
    ...deliveryFieldsOf(order),
    booking_id: order.id,
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    status: agentStatusOf(order.status as OrderStatus),
    assigned_at: order.assignedAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    optimization_data: { items: itemsOf(optimization), delivery_fee: deliveryFee },
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const amount = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

/** The cart's frozen optimisation items (spec "Optimisation item") as the agent needs them. */
export function itemsOf(optimization: Record<string, unknown>): AgentOrderItem[] {
  const items = Array.isArray(optimization.items) ? (optimization.items as Record<string, unknown>[]) : [];
  return items.map((item) => {
    const quantity = amount(item.quantity) ?? 1;
    const price = amount(item.unit_price) ?? amount(item.price);
    return {
      name: text(item.product_name) ?? text(item.name) ?? text(item.item_name) ?? '—',
      quantity,
      store_name: text(item.selected_store_name) ?? text(item.store_name),
      price,
      total_price: amount(item.total_price) ?? (price === null ? null : price * quantity),
    };
  });
}
