import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPES } from '#contract/payment-types';
import { amountDueAtDoor, type OrderMoney, type PaymentFacts } from './amount-due';

const at = new Date('2026-12-04T10:00:00Z');
const order = (paymentType: string, stage: 'open' | 'delivered' | 'cancelled' = 'open'): OrderMoney => ({
  paymentType,
  totalAmountXaf: 22_550,
  deliveredAt: stage === 'delivered' ? at : null,
  cancelledAt: stage === 'cancelled' ? at : null,
});
const paid = (methodType: string, status: string, refundStatus = 'none'): PaymentFacts => ({ methodType, status, refundStatus });
const ONLINE = PAYMENT_TYPES.filter((m) => m !== 'cash');

describe('amountDueAtDoor: what the agent collects, from the payment', () => {
  it('cash on delivery: the total until delivered, then collected; nothing once cancelled', () => {
    expect(amountDueAtDoor(order('cash'), null)).toEqual({ amount_due_at_door_xaf: 22_550, payment_state: 'cash_due', payment_method: 'cash' });
    expect(amountDueAtDoor(order('cash', 'delivered'), null)).toEqual({ amount_due_at_door_xaf: 0, payment_state: 'paid_cash', payment_method: 'cash' });
    expect(amountDueAtDoor(order('cash', 'cancelled'), null)).toEqual({ amount_due_at_door_xaf: 0, payment_state: 'cancelled', payment_method: 'cash' });
  });

  describe.each(ONLINE)('%s', (method) => {
    it('succeeded: already paid, nothing to collect — before and after delivery', () => {
      for (const stage of ['open', 'delivered'] as const) {
        expect(amountDueAtDoor(order(method, stage), paid(method, 'succeeded'))).toEqual({ amount_due_at_door_xaf: 0, payment_state: 'paid_online', payment_method: method });
      }
    });

    it('pending (or not asked yet): nothing to collect in cash, the payment is awaited', () => {
      expect(amountDueAtDoor(order(method), paid(method, 'pending'))).toEqual({ amount_due_at_door_xaf: 0, payment_state: 'payment_pending', payment_method: method });
      expect(amountDueAtDoor(order(method), null)).toEqual({ amount_due_at_door_xaf: 0, payment_state: 'payment_pending', payment_method: method });
      // The customer cancelled while the operator had not answered.
      expect(amountDueAtDoor(order(method, 'cancelled'), paid(method, 'pending'))).toMatchObject({ amount_due_at_door_xaf: 0, payment_state: 'cancelled' });
    });

    it('failed: nothing to collect', () => {
      expect(amountDueAtDoor(order(method, 'cancelled'), paid(method, 'failed'))).toEqual({ amount_due_at_door_xaf: 0, payment_state: 'payment_failed', payment_method: method });
    });

    it.each([
      ['pending', 'refund_pending'],
      ['succeeded', 'refunded'],
      ['failed', 'refund_failed'],
    ])('refund %s: %s, nothing to collect', (refund, state) => {
      expect(amountDueAtDoor(order(method, 'cancelled'), paid(method, 'succeeded', refund))).toEqual({ amount_due_at_door_xaf: 0, payment_state: state, payment_method: method });
    });
  });

  it('the method is the payment’s, else the order’s', () => {
    expect(amountDueAtDoor(order('airtel_money'), paid('moov_money', 'succeeded')).payment_method).toBe('moov_money');
  });
});
