// What each side sees of the handover (issue 30, item 3). The customer: the timeline, the code while
// the agent is on the way, the door photo's private address. The agent: the same steps, how many
// wrong codes are left and when completion opens — never the code.
import { agentHandoverFields, HANDOVER_MAX_ATTEMPTS, handoverFields, slotStartOf } from '#contract/handover';
import type { z } from '#contract/zod';
import type { OrderRow } from './orders.service';

type Shape<T extends Record<string, z.ZodTypeAny>> = { [K in keyof T]: z.infer<T[K]> };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** When the agent may complete: `opensBeforeMs` (an hour, config.handoverOpensBeforeSlotMs) before the booked slot starts. */
export const completableFrom = (order: OrderRow, opensBeforeMs: number): Date => new Date(slotStartOf(order.deliveryDate, order.deliveryTimeSlot).getTime() - opensBeforeMs);

export function customerHandoverOf(order: OrderRow): Shape<typeof handoverFields> {
  return {
    assigned_at: iso(order.assignedAt),
    picked_up_at: iso(order.pickedUpAt),
    en_route_at: iso(order.enRouteAt),
    delivered_at: iso(order.deliveredAt),
    handover_code: order.status === 'en_route' ? order.handoverCode : null,
    delivered_without_code: order.deliveredWithoutCode,
    delivery_proof_url: order.deliveryProofPath ? `/api/deliveries/${order.id}/proof` : null,
  };
}

export function agentHandoverOf(order: OrderRow, opensBeforeMs: number): Shape<typeof agentHandoverFields> {
  return {
    picked_up_at: iso(order.pickedUpAt),
    en_route_at: iso(order.enRouteAt),
    delivered_without_code: order.deliveredWithoutCode,
    handover_attempts_left: Math.max(0, HANDOVER_MAX_ATTEMPTS - order.handoverAttempts),
    handover_locked: order.handoverLockedAt !== null,
    completable_from: completableFrom(order, opensBeforeMs).toISOString(),
  };
}
