// What the agent collects at the door, said from the order's payment — the one rule behind the
// agent's order views and the customer's deliveries (contract/amount-due.ts), so that an order paid
// online is never asked for again in cash.
//
// Only cash on delivery is collected at the door. An online payment the operator has not confirmed
// is not collected in cash either: the order stays « En attente » and is not offered to agents
// until it succeeds (a failed one cancels it), as marketplaces taking mobile money do — switching
// to cash at the door would leave an operator's late success to be refunded.
import type { AmountDue, PaymentState } from '#contract/amount-due';
import type { PaymentType } from '#contract/payment-types';

export type OrderMoney = {
  paymentType: string;
  totalAmountXaf: number;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
};

/** The order's provider payment (the latest one); null for cash on delivery. */
export type PaymentFacts = { methodType: string; status: string; refundStatus: string } | null;

const REFUND_STATES: Record<string, PaymentState> = { pending: 'refund_pending', succeeded: 'refunded', failed: 'refund_failed' };

function stateOf(order: OrderMoney, payment: PaymentFacts): PaymentState {
  const refund = payment ? REFUND_STATES[payment.refundStatus] : undefined;
  if (refund) return refund;
  if (order.paymentType === 'cash' && !payment) {
    if (order.deliveredAt) return 'paid_cash';
    return order.cancelledAt ? 'cancelled' : 'cash_due';
  }
  if (payment?.status === 'succeeded') return 'paid_online';
  if (payment?.status === 'failed') return 'payment_failed';
  // Not confirmed by the operator (or not asked yet): nothing to collect, unless the order went.
  return order.cancelledAt ? 'cancelled' : 'payment_pending';
}

export function amountDueAtDoor(order: OrderMoney, payment: PaymentFacts): AmountDue {
  const payment_state = stateOf(order, payment);
  return {
    amount_due_at_door_xaf: payment_state === 'cash_due' ? order.totalAmountXaf : 0,
    payment_state,
    payment_method: (payment?.methodType ?? order.paymentType) as PaymentType,
  };
}
