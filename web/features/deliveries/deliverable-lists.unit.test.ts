import { describe, expect, it } from 'vitest';
import { deliveryBlockOf, splitForDelivery, type ListChoice } from './deliverable-lists';

const list = (name: string, fields: Partial<ListChoice> = {}): ListChoice => ({ id: name, name, status: 'active', cart_validated: false, item_count: 3, ...fields });

describe('lists a delivery request can take', () => {
  it('takes an active list with items, and says why it takes no other', () => {
    expect(deliveryBlockOf(list('Samedi'))).toBeNull();
    expect(deliveryBlockOf(list('Livrée', { status: 'archived' }))).toBe('archived');
    expect(deliveryBlockOf(list('En route', { status: 'pending_delivery' }))).toBe('pending_delivery');
    expect(deliveryBlockOf(list('Panier', { cart_validated: true }))).toBe('cart_validated');
    expect(deliveryBlockOf(list('Vide', { item_count: 0 }))).toBe('empty');
  });

  it('splits the lists, keeping their order', () => {
    const split = splitForDelivery([list('A'), list('B', { status: 'archived' }), list('C'), list('D', { item_count: 0 })]);
    expect(split.deliverable.map((l) => l.name)).toEqual(['A', 'C']);
    expect(split.blocked.map((b) => [b.list.name, b.block])).toEqual([
      ['B', 'archived'],
      ['D', 'empty'],
    ]);
  });
});
