import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#contract/orders';
import { canTransition, initialStatus, listStatusAfter, needsProof } from './order-lifecycle';

describe('order transition table', () => {
  it('follows the architecture table', () => {
    expect(canTransition('pending', 'confirmed', 'payment')).toBe(true);
    expect(canTransition('confirmed', 'in_progress', 'agent')).toBe(true);
    expect(canTransition('in_progress', 'picked_up', 'agent')).toBe(true);
    expect(canTransition('picked_up', 'en_route', 'agent')).toBe(true);
    // Delivered only from en route, and only with the customer's code or a door photo.
    expect(canTransition('en_route', 'delivered', 'agent', true)).toBe(true);
    expect(canTransition('en_route', 'delivered', 'agent')).toBe(false);
    expect(needsProof('en_route', 'delivered', 'agent')).toBe(true);
    expect(canTransition('pending', 'cancelled', 'consumer')).toBe(true);
    expect(canTransition('confirmed', 'cancelled', 'consumer')).toBe(true);
    // A suspended agent's order goes back to the pool, by moderation only.
    expect(canTransition('in_progress', 'confirmed', 'moderation')).toBe(true);
    expect(canTransition('in_progress', 'confirmed', 'agent')).toBe(false);
    expect(canTransition('in_progress', 'confirmed', 'consumer')).toBe(false);
  });

  it('refuses everything else: no skipping, no going back, no cancelling once taken', () => {
    expect(canTransition('confirmed', 'delivered', 'agent')).toBe(false);
    for (const from of ['confirmed', 'in_progress', 'picked_up'] as const) expect(canTransition(from, 'delivered', 'agent', true)).toBe(false);
    expect(canTransition('in_progress', 'en_route', 'agent')).toBe(false);
    expect(canTransition('en_route', 'picked_up', 'agent')).toBe(false);
    for (const from of ['picked_up', 'en_route'] as const) expect(canTransition(from, 'cancelled', 'consumer')).toBe(false);
    expect(canTransition('pending', 'in_progress', 'agent')).toBe(false);
    expect(canTransition('in_progress', 'cancelled', 'consumer')).toBe(false);
    expect(canTransition('delivered', 'in_progress', 'agent')).toBe(false);
    expect(canTransition('confirmed', 'in_progress', 'consumer')).toBe(false);
    expect(canTransition('pending', 'confirmed', 'consumer')).toBe(false);
    for (const to of ORDER_STATUSES) {
      for (const by of ['consumer', 'agent', 'payment', 'moderation'] as const) {
        expect(canTransition('delivered', to, by, true)).toBe(false);
        expect(canTransition('cancelled', to, by)).toBe(false);
      }
    }
  });

  it('starts cash orders confirmed and paid ones pending; moves the list with the order', () => {
    expect(initialStatus('cash')).toBe('confirmed');
    expect(initialStatus('airtel_money')).toBe('pending');
    expect(initialStatus('card')).toBe('pending');
    expect(listStatusAfter('confirmed')).toBe('pending_delivery');
    expect(listStatusAfter('delivered')).toBe('archived');
    expect(listStatusAfter('cancelled')).toBe('active');
  });
});
