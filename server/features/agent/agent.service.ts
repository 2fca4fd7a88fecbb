// The delivery-agent space: the agent's application, confirmed orders nobody took, the agent's own
// orders, taking one and marking it delivered.
// Customer data leaves the server only for the agent's own orders, and only until 24 h after
// delivery: available orders are read without ever joining the customer, and say where they go as
// an area and a rounded distance (delivery-area.ts). Status moves go through the order lifecycle
// (transitionOrder), never here.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type AgentApplicationState,
  type AgentOrder,
  type AgentOrderItem,
  type AvailableOrder,
  AvailableOrdersResponseSchema,
  CONTACT_AFTER_DELIVERY_MS,
  agentStatusOf,
} from '#contract/agent';
import type { AmountDue } from '#contract/amount-due';
import type { OrderStatus, PaymentType } from '#contract/orders';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { carts, orders, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { haversineKm, type LatLng } from '../../platform/geo';
import { isUuid } from '../../platform/ids';
import { agentHandoverOf } from '../orders/handover-view';
import { transitionOrder, type OrderRow } from '../orders/orders.service';
import { amountsDueAtDoor } from '../payments/order-payments';
import { applicationStatusOf } from './agent-access';
import { type AreaStore, areaName, deliveryCellOf, loadAreaStores, roundedKm } from './delivery-area';

/** GET /delivery-agent/application. */
export async function applicationOf(deps: AppDeps, agent: Principal): Promise<AgentApplicationState> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, agent.userId));
  if (!row) throw new AppError('SESSION_INVALID');
  const status = applicationStatusOf(row);
  return {
    status,
    reason: status === 'refused' ? row.agentReviewReason : null,
    registered_at: row.createdAt.toISOString(),
    reviewed_at: row.agentReviewedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- what every view of an order shows

type CartPart = { optimization: Record<string, unknown>; deliveryFee: number };

function summaryOf(order: OrderRow, cart: CartPart, known: AreaStore[], due: AmountDue) {
  const items = itemsOf(cart.optimization);
  return {
    booking_id: order.id,
    id: order.id,
    area: areaName(known, deliveryCellOf(order)),
    delivery_date: order.deliveryDate,
    delivery_time_slot: order.deliveryTimeSlot,
    item_count: items.length,
    stores: [...new Set(items.flatMap((i) => (i.store_name ? [i.store_name] : [])))],
    payment_type: order.paymentType as PaymentType,
    total_amount: order.totalAmountXaf,
    is_test: order.isTest,
    created_at: order.createdAt.toISOString(),
    optimization_data: { items, delivery_fee: cart.deliveryFee },
    ...due,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const amount = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
const rawItems = (optimization: Record<string, unknown>) => (Array.isArray(optimization.items) ? (optimization.items as Record<string, unknown>[]) : []);

/** The cart's frozen optimisation items (spec "Optimisation item") as the agent needs them. */
function itemsOf(optimization: Record<string, unknown>): AgentOrderItem[] {
  return rawItems(optimization).map((item) => {
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

const storeIdsOf = (optimization: Record<string, unknown>) =>
  rawItems(optimization).flatMap((item) => (typeof item.selected_store_id === 'string' && isUuid(item.selected_store_id) ? [item.selected_store_id] : []));

// ---------------------------------------------------------------- available orders

const isAvailable = and(eq(orders.status, 'confirmed'), isNull(orders.agentId));

type AvailableEntry = { order: AvailableOrder; cell: LatLng | null };

/** Confirmed orders no agent has taken yet, oldest first (the next one to deliver on top). No customer is read. */
async function availableEntries(db: DbOrTx): Promise<AvailableEntry[]> {
  const rows = await db
    .select({ order: orders, optimization: carts.optimization, deliveryFee: carts.deliveryFeeXaf })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(isAvailable)
    .orderBy(asc(orders.deliveryDate), asc(orders.createdAt));
  const known = await loadAreaStores(db);
  const dues = await amountsDueAtDoor(db, rows.map((r) => r.order));
  const ids = [...new Set(rows.flatMap((r) => storeIdsOf(r.optimization)))];
  const positions = new Map(
    (ids.length ? await db.select({ id: stores.id, latitude: stores.latitude, longitude: stores.longitude }).from(stores).where(inArray(stores.id, ids)) : []).map((s) => [s.id, s]),
  );
  return rows.map((row) => {
    const cell = deliveryCellOf(row.order);
    // Without the agent's position: how far the shopping travels, from the farthest of its stores.
    const legs = cell ? storeIdsOf(row.optimization).flatMap((id) => (positions.has(id) ? [haversineKm(positions.get(id)!, cell)] : [])) : [];
    return {
      cell,
      order: {
        ...summaryOf(row.order, row, known, dues.get(row.order.id)!),
        status: 'pending_delivery',
        distance_km: legs.length ? roundedKm(Math.max(...legs)) : null,
        distance_from: legs.length ? 'stores' : null,
      },
    };
  });
}

export type AvailableSnapshot = { etag: string; json: string };
type Snapshot = AvailableSnapshot & { version: string; entries: AvailableEntry[] };

// Every agent polls the same list. A light query fingerprints it (ids and update times of the
// available orders); the list is rebuilt only when that changes, and at least every few seconds.
// One cache per database. An agent who sends a position gets the same list with distances from it.
const SNAPSHOT_MAX_AGE_MS = 5000;
const snapshots = new WeakMap<object, { version: string; at: number; value: Promise<Snapshot> }>();

async function snapshotOf(deps: AppDeps): Promise<Snapshot> {
  const [{ version }] = await deps.db
    .select({ version: sql<string>`md5(coalesce(string_agg(${orders.id}::text || ':' || ${orders.updatedAt}::text, ',' order by ${orders.id}), ''))` })
    .from(orders)
    .where(isAvailable);
  const now = Date.now();
  const cached = snapshots.get(deps.db);
  if (cached && cached.version === version && now - cached.at < SNAPSHOT_MAX_AGE_MS) return cached.value;
  const value = availableEntries(deps.db).then((entries) => {
    // Through the answer's schema: a field it does not name never leaves the server.
    const body = AvailableOrdersResponseSchema.parse({ available_orders: entries.map((e) => e.order) });
    return { version, entries, etag: `"${version}"`, json: JSON.stringify(body) };
  });
  snapshots.set(deps.db, { version, at: now, value });
  value.catch(() => snapshots.delete(deps.db));
  return value;
}

/** GET /delivery-agent/available-orders, as JSON with its ETag. */
export async function availableOrdersSnapshot(deps: AppDeps, agentPosition?: LatLng): Promise<AvailableSnapshot> {
  const snapshot = await snapshotOf(deps);
  if (!agentPosition) return snapshot;
  const available_orders = snapshot.entries.map(({ order, cell }) =>
    cell ? { ...order, distance_km: roundedKm(haversineKm(agentPosition, cell)), distance_from: 'agent' as const } : order,
  );
  const at = `${agentPosition.latitude.toFixed(4)},${agentPosition.longitude.toFixed(4)}`;
  return { etag: `"${snapshot.version}@${at}"`, json: JSON.stringify({ available_orders }) };
}

// ---------------------------------------------------------------- the agent's own orders

function selectOwn(db: DbOrTx) {
  return db
    .select({ order: orders, customer: { name: users.fullName, email: users.email, phone: users.phone }, optimization: carts.optimization, deliveryFee: carts.deliveryFeeXaf })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(carts, eq(carts.id, orders.cartId));
}
type OwnRow = Awaited<ReturnType<ReturnType<typeof selectOwn>['where']>>[number];

function toAgentOrder(deps: AppDeps, row: OwnRow, known: AreaStore[], due: AmountDue): AgentOrder {
  const now = deps.now();
  const { order, customer } = row;
  const contactUntil = order.deliveredAt ? new Date(order.deliveredAt.getTime() + CONTACT_AFTER_DELIVERY_MS) : null;
  const shown = !contactUntil || now.getTime() < contactUntil.getTime();
  return {
    ...summaryOf(order, row, known, due),
    status: agentStatusOf(order.status as OrderStatus),
    customer_name: shown ? customer.name : null,
    customer_email: shown ? customer.email : null,
    customer_phone: shown ? customer.phone : null,
    delivery_address: shown ? order.deliveryAddress : null,
    latitude: shown ? order.latitude : null,
    longitude: shown ? order.longitude : null,
    notes: shown ? order.notes : null,
    assigned_at: order.assignedAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    contact_until: contactUntil?.toISOString() ?? null,
    ...agentHandoverOf(order, deps.config.handoverOpensBeforeSlotMs),
  };
}

/** The agent's own orders, most recently taken first. */
export async function myOrders(deps: AppDeps, agent: Principal): Promise<AgentOrder[]> {
  const rows = await selectOwn(deps.db).where(eq(orders.agentId, agent.userId)).orderBy(desc(orders.assignedAt), desc(orders.createdAt));
  const known = await loadAreaStores(deps.db);
  const dues = await amountsDueAtDoor(deps.db, rows.map((r) => r.order));
  return rows.map((row) => toAgentOrder(deps, row, known, dues.get(row.order.id)!));
}

/** GET /delivery-agent/orders/{id}: one of the agent's own orders; any other answers 404. */
export async function myOrder(deps: AppDeps, agent: Principal, orderId: string): Promise<AgentOrder> {
  const [row] = isUuid(orderId) ? await selectOwn(deps.db).where(and(eq(orders.id, orderId), eq(orders.agentId, agent.userId))) : [];
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const dues = await amountsDueAtDoor(deps.db, [row.order]);
  return toAgentOrder(deps, row, await loadAreaStores(deps.db), dues.get(row.order.id)!);
}

/** Takes a confirmed order. Of two agents taking it at once exactly one wins; the other gets 409. */
export async function acceptOrder(deps: AppDeps, agent: Principal, orderId: string): Promise<AgentOrder> {
  return moveOrder(deps, agent, orderId, 'in_progress');
}

/** Moves one of the agent's orders: in_progress → picked_up → en_route. Delivered needs a proof (handover.service.ts). */
export async function updateOrderStatus(deps: AppDeps, agent: Principal, orderId: string, to: OrderStatus): Promise<AgentOrder> {
  return moveOrder(deps, agent, orderId, to);
}

async function moveOrder(deps: AppDeps, agent: Principal, orderId: string, to: OrderStatus): Promise<AgentOrder> {
  if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
  await transitionOrder(deps.db, orderId, to, { kind: 'agent', userId: agent.userId }, deps.now());
  return myOrder(deps, agent, orderId);
}
