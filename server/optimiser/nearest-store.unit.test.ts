import { describe, expect, it } from 'vitest';
import { haversineKm } from '../platform/geo';
import { planNearestStore } from './nearest-store';
import type { NearestStoreInput } from './types';

const user = { latitude: 0.399, longitude: 9.46 }; // Mont-Bouët
const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const STORES = [
  { storeId: 'near-empty', position: at(0.3991, 9.4601) }, // closest, but prices nothing of the list
  { storeId: 'near', position: at(0.3985, 9.4575) },
  { storeId: 'far', position: at(0.293, 9.504) },
];

describe('planNearestStore', () => {
  const input: NearestStoreInput = {
    userPosition: user,
    storeFee: 2000,
    stores: STORES,
    items: [
      { quantity: 2, offers: [{ storeId: 'far', unitPrice: 100 }, { storeId: 'near', unitPrice: 150 }] },
      { quantity: 1, offers: [{ storeId: 'far', unitPrice: 900 }, { storeId: 'unlocated', unitPrice: 800 }] },
      { quantity: 1, offers: [] },
    ],
  };

  it('waives its delivery fee once the items total reaches the free-delivery threshold', () => {
    expect(planNearestStore({ ...input, freeDeliveryFrom: 301 })).toMatchObject({ itemsCost: 300, deliveryFee: 2000, totalCost: 2300 });
    expect(planNearestStore({ ...input, freeDeliveryFrom: 300 })).toMatchObject({ itemsCost: 300, deliveryFee: 0, totalCost: 300 });
  });

  it('picks the closest store that prices at least one item, at its haversine distance', () => {
    const plan = planNearestStore(input);
    expect(plan.storeId).toBe('near');
    expect(plan.distanceKm).toBeCloseTo(haversineKm(user, STORES[1].position), 12);
    expect(plan.distanceKm).toBeGreaterThan(0.2);
    expect(plan.distanceKm).toBeLessThan(0.4);
  });

  it('prices what the store has, flags the rest unavailable with their alternatives, charges one fee', () => {
    const plan = planNearestStore(input);
    expect(plan.items.map((i) => i.status)).toEqual(['available', 'unavailable', 'unpriced']);
    expect(plan.items[0]).toMatchObject({ unitPrice: 150, totalPrice: 300 });
    expect(plan.items[1].alternatives).toEqual([
      { storeId: 'unlocated', unitPrice: 800, totalPrice: 800 },
      { storeId: 'far', unitPrice: 900, totalPrice: 900 },
    ]);
    expect(plan).toMatchObject({ itemsCost: 300, deliveryFee: 2000, totalCost: 2300, availableCount: 1 });
  });

  it('breaks distance ties in store order and ignores stores it cannot locate', () => {
    const twin = planNearestStore({
      ...input,
      stores: [{ storeId: 'near', position: at(0.3985, 9.4575) }, { storeId: 'far', position: at(0.3985, 9.4575) }],
    });
    expect(twin.storeId).toBe('far'); // 'far' < 'near'
    const none = planNearestStore({ ...input, stores: [] });
    expect(none).toMatchObject({ storeId: null, distanceKm: null, itemsCost: 0, deliveryFee: 0, totalCost: 0, availableCount: 0 });
    expect(none.items.map((i) => i.status)).toEqual(['unavailable', 'unavailable', 'unpriced']);
  });

  it('rejects an impossible user position', () => {
    expect(() => planNearestStore({ ...input, userPosition: at(95, 0) })).toThrow(RangeError);
  });
});
