// The delivery-agent space (spec part 1 sections 3, 4, 7): the agent's application, the two order
// shapes and their statuses. The agent API speaks the spec's words (pending_delivery, completed); the
// lifecycle underneath is the one of contract/orders.ts (confirmed, delivered).
//
// What an agent sees of a customer depends on the order (issue 11):
// - an available order (AvailableOrder) says what the agent needs to decide — area, distance, slot,
//   items, stores, total — and nothing that identifies or locates the customer;
// - the agent who accepted it (AgentOrder) gets the spec's contact fields, until 24 h after delivery.
import { z } from './zod';
import { fr } from './messages';
import { amountDueFields } from './amount-due';
import { agentHandoverFields } from './handover';
import { PAYMENT_TYPES, type OrderStatus } from './orders';

export const AGENT_ORDER_STATUSES = ['pending_delivery', 'in_progress', 'picked_up', 'en_route', 'completed', 'cancelled'] as const;
export type AgentOrderStatus = (typeof AGENT_ORDER_STATUSES)[number];

/** Lifecycle status → the agent's word for it. */
export function agentStatusOf(status: OrderStatus): AgentOrderStatus {
  switch (status) {
    case 'pending':
    case 'confirmed':
      return 'pending_delivery';
    case 'in_progress':
    case 'picked_up':
    case 'en_route':
      return status;
    case 'delivered':
      return 'completed';
    case 'cancelled':
      return 'cancelled';
  }
}

/** The dashboard counts assigned, preparing and out_for_delivery as active and delivered as done (spec part 1 section 4). */
export const ACTIVE_AGENT_STATUSES = ['in_progress', 'picked_up', 'en_route', 'assigned', 'preparing', 'out_for_delivery'] as const;
export const DONE_AGENT_STATUSES = ['completed', 'delivered'] as const;

/** Agent earnings: 10 % of the total amount of delivered orders (spec part 1 section 9). */
export const AGENT_EARNINGS_RATE = 0.1;

/** How long after delivery the accepting agent still sees the customer's contact details. */
export const CONTACT_AFTER_DELIVERY_MS = 24 * 3600 * 1000;

/**
 * new_status of PUT /delivery-agent/update-status/{id}, mapped to the lifecycle. completed/delivered
 * are still understood, and refused (409): completion needs the customer's code or a door photo
 * (POST /delivery-agent/orders/{id}/complete).
 */
const NEW_STATUS_TO_LIFECYCLE: Record<string, OrderStatus> = {
  pending_delivery: 'confirmed',
  confirmed: 'confirmed',
  in_progress: 'in_progress',
  picked_up: 'picked_up',
  en_route: 'en_route',
  completed: 'delivered',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

export const UpdateStatusQuerySchema = z.object({
  new_status: z
    .string({ error: fr.agent.statusInvalid })
    .trim()
    .refine((s) => s in NEW_STATUS_TO_LIFECYCLE, { error: fr.agent.statusInvalid })
    .transform((s) => NEW_STATUS_TO_LIFECYCLE[s]),
});

/** GET /delivery-agent/available-orders?latitude&longitude: the agent's position, both or neither. */
export const AvailableOrdersQuerySchema = z
  .object({
    latitude: z.coerce.number({ error: fr.common.invalidValue }).min(-90).max(90).optional(),
    longitude: z.coerce.number({ error: fr.common.invalidValue }).min(-180).max(180).optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { error: fr.common.invalidValue, path: ['latitude'] });
export type AvailableOrdersQuery = z.input<typeof AvailableOrdersQuerySchema>;

// ---------------------------------------------------------------- the agent's application

export const AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];

/** GET /delivery-agent/application: where the signed-in agent's application stands. */
export const AgentApplicationStateSchema = z.object({
  status: z.enum(AGENT_APPLICATION_STATUSES),
  /** The moderator's reason, for a refusal. */
  reason: z.string().nullable(),
  registered_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type AgentApplicationState = z.infer<typeof AgentApplicationStateSchema>;

// ---------------------------------------------------------------- orders

export const AgentOrderItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  store_name: z.string().nullable(),
  price: z.number().nullable(),
  total_price: z.number().nullable(),
});
export type AgentOrderItem = z.infer<typeof AgentOrderItemSchema>;

/** What every agent view of an order shows: nothing here identifies or locates the customer. */
const orderSummary = {
  /** The spec's id of an agent order (the same as id). */
  booking_id: z.string(),
  id: z.string(),
  /** A district or town near the delivery point (derived from the position, never the address). */
  area: z.string(),
  delivery_date: z.string(),
  delivery_time_slot: z.string(),
  /** Lines to buy. */
  item_count: z.number(),
  /** The stores to shop in, in the order of the items. */
  stores: z.array(z.string()),
  payment_type: z.enum(PAYMENT_TYPES),
  total_amount: z.number(),
  /** Paid through the payment sandbox: shown as "Commande test". */
  is_test: z.boolean(),
  created_at: z.string(),
  optimization_data: z.object({ items: z.array(AgentOrderItemSchema), delivery_fee: z.number().nullable() }),
  /** What to collect at the door, from the payment's state (contract/amount-due.ts): never total_amount. */
  ...amountDueFields,
};

/** A confirmed order nobody took yet, as any approved agent sees it. */
export const AvailableOrderSchema = z.object({
  ...orderSummary,
  status: z.literal('pending_delivery'),
  /**
   * Kilometres to the delivery area (rounded to 0.5 km, measured to the centre of a ~1 km cell):
   * from the agent when the request sent a position, otherwise from the farthest of the order's
   * stores. Null when the order has no delivery position.
   */
  distance_km: z.number().nullable(),
  distance_from: z.enum(['agent', 'stores']).nullable(),
});
export type AvailableOrder = z.infer<typeof AvailableOrderSchema>;

/** One of the agent's own orders: the spec's agent order, contact included until 24 h after delivery. */
export const AgentOrderSchema = z.object({
  ...orderSummary,
  status: z.enum(AGENT_ORDER_STATUSES),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  delivery_address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  notes: z.string().nullable(),
  assigned_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** When the contact fields above become null (24 h after delivery); null while not delivered. */
  contact_until: z.string().nullable(),
  /** Collected, on the way, and how completion stands (contract/handover.ts). */
  ...agentHandoverFields,
});
export type AgentOrder = z.infer<typeof AgentOrderSchema>;

export const AvailableOrdersResponseSchema = z.object({ available_orders: z.array(AvailableOrderSchema) });
export type AvailableOrdersResponse = z.infer<typeof AvailableOrdersResponseSchema>;
export const MyOrdersResponseSchema = z.object({ my_orders: z.array(AgentOrderSchema) });
export type MyOrdersResponse = z.infer<typeof MyOrdersResponseSchema>;
export const AgentOrderResponseSchema = z.object({ message: z.string(), order: AgentOrderSchema });
export type AgentOrderResponse = z.infer<typeof AgentOrderResponseSchema>;
