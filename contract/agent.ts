// The delivery-agent space (spec part 1 sections 3, 4, 7): the agent order shape and its statuses.
// The agent API speaks the spec's words (pending_delivery, completed); the lifecycle underneath is
// the one of contract/orders.ts (confirmed, delivered).
import { z } from 'zod';
import { fr } from './messages';
import type { OrderDeliveryFields, OrderStatus } from './orders';

export const AGENT_ORDER_STATUSES = ['pending_delivery', 'in_progress', 'completed', 'cancelled'] as const;
export type AgentOrderStatus = (typeof AGENT_ORDER_STATUSES)[number];

/** Lifecycle status → the agent's word for it. */
export function agentStatusOf(status: OrderStatus): AgentOrderStatus {
  switch (status) {
    case 'pending':
    case 'confirmed':
      return 'pending_delivery';
    case 'in_progress':
      return 'in_progress';
    case 'delivered':
      return 'completed';
    case 'cancelled':
      return 'cancelled';
  }
}

/** The dashboard counts assigned, preparing and out_for_delivery as active and delivered as done (spec part 1 section 4). */
export const ACTIVE_AGENT_STATUSES = ['in_progress', 'assigned', 'preparing', 'out_for_delivery'] as const;
export const DONE_AGENT_STATUSES = ['completed', 'delivered'] as const;

/** Agent earnings: 10 % of the total amount of delivered orders (spec part 1 section 9). */
export const AGENT_EARNINGS_RATE = 0.1;

/** new_status of PUT /delivery-agent/update-status/{id}, mapped to the lifecycle. */
const NEW_STATUS_TO_LIFECYCLE: Record<string, OrderStatus> = {
  pending_delivery: 'confirmed',
  confirmed: 'confirmed',
  in_progress: 'in_progress',
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

export type AgentOrderItem = { name: string; quantity: number; store_name: string | null; price: number | null; total_price: number | null };

export type AgentOrder = OrderDeliveryFields & {
  /** The spec's id of an agent order. */
  booking_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  status: AgentOrderStatus;
  assigned_at: string | null;
  delivered_at: string | null;
  optimization_data: { items: AgentOrderItem[]; delivery_fee: number | null };
};

export type AvailableOrdersResponse = { available_orders: AgentOrder[] };
export type MyOrdersResponse = { my_orders: AgentOrder[] };
export type AgentOrderResponse = { message: string; order: AgentOrder };
