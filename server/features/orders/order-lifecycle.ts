// The order state machine: the only place that says which status may follow which, and who may
// move it. Every endpoint that changes an order goes through transitionOrder (orders.service.ts).
import type { OrderStatus } from '#contract/orders';

export type ActorKind = 'consumer' | 'agent' | 'payment' | 'moderation';

/** `proof`: the move needs the customer's handover code or a door photo (handover.service.ts). */
type Transition = { from: OrderStatus; to: OrderStatus; by: ActorKind; proof?: true };

export const ORDER_TRANSITIONS: readonly Transition[] = [
  // Mobile money or card: the payment provider confirms, or the payment fails.
  { from: 'pending', to: 'confirmed', by: 'payment' },
  { from: 'pending', to: 'cancelled', by: 'payment' },
  // The consumer may cancel until an agent has taken the order.
  { from: 'pending', to: 'cancelled', by: 'consumer' },
  { from: 'confirmed', to: 'cancelled', by: 'consumer' },
  // Exactly one agent takes a confirmed order, collects it at the store, sets off, and hands it
  // over with the customer's code or a photo at the door.
  { from: 'confirmed', to: 'in_progress', by: 'agent' },
  { from: 'in_progress', to: 'picked_up', by: 'agent' },
  { from: 'picked_up', to: 'en_route', by: 'agent' },
  { from: 'en_route', to: 'delivered', by: 'agent', proof: true },
  // A moderator suspends the agent: its order goes back to the available pool for another agent.
  { from: 'in_progress', to: 'confirmed', by: 'moderation' },
];

export function canTransition(from: OrderStatus, to: OrderStatus, by: ActorKind, withProof = false): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by && (!t.proof || withProof));
}

/** A move the table allows only with a handover proof (the agent's one-tap « Terminée » is refused). */
export function needsProof(from: OrderStatus, to: OrderStatus, by: ActorKind): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by && t.proof);
}

/** Status an order starts in: cash on delivery is confirmed at once, the others wait for the payment. */
export function initialStatus(paymentType: string): OrderStatus {
  return paymentType === 'cash' ? 'confirmed' : 'pending';
}

/** The shopping list follows its order: booked → pending_delivery, delivered → archived, cancelled → active again. */
export function listStatusAfter(status: OrderStatus): 'pending_delivery' | 'archived' | 'active' {
  if (status === 'delivered') return 'archived';
  if (status === 'cancelled') return 'active';
  return 'pending_delivery';
}
