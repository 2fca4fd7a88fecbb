// What is due at the door, said from the payment's state (issue 30 item 2): the agent's order views
// and the customer's deliveries carry the same three fields, so that an order already paid online
// is never collected again in cash.
import { z } from './zod';
import { PAYMENT_TYPES } from './payment-types';

/**
 * - cash_due: cash on delivery, not yet delivered: the agent collects the total;
 * - paid_cash: cash, delivered: collected at the door;
 * - paid_online: mobile money or card, collected by the operator: nothing to collect;
 * - payment_pending: the operator has not confirmed yet: nothing to collect in cash, the order
 *   is not offered to agents until the payment succeeds (it stays « En attente »);
 * - payment_failed: the operator refused: the order is cancelled;
 * - refund_pending, refunded, refund_failed: a paid order cancelled, its money going back;
 * - cancelled: a cash order cancelled: nothing was or will be collected.
 */
export const PAYMENT_STATES = ['cash_due', 'paid_cash', 'paid_online', 'payment_pending', 'payment_failed', 'refund_pending', 'refunded', 'refund_failed', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The fields added to every view of an order that says what the door asks for. */
export const amountDueFields = {
  /** XAF the agent collects in cash at the door: the total for cash on delivery, 0 otherwise. */
  amount_due_at_door_xaf: z.number().int().nonnegative(),
  payment_state: z.enum(PAYMENT_STATES),
  /** The method the order is (or was to be) paid with. */
  payment_method: z.enum(PAYMENT_TYPES),
};

export const AmountDueSchema = z.object(amountDueFields);
export type AmountDue = z.infer<typeof AmountDueSchema>;
