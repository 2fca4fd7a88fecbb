// The order of a product's prices for one user (prices-near.ts), without a database.
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductPrice } from '#contract/products';
import { nearestCity, pricesNear, roundedKm } from './prices-near';

const price = (store_name: string, city: string | null, price: number, latitude: number, longitude: number, is_best = false) =>
  ({ store_id: store_name, store_name, city, price, latitude, longitude, is_best, distance_km: null }) as unknown as ProductPrice;

// Cheapest first, as the database writes it.
const detail = {
  id: 'p',
  prices: [
    price('Port-Gentil A', 'Port-Gentil', 800, -0.72, 8.78, true),
    price('Franceville A', 'Franceville', 900, -1.63, 13.58),
    price('Libreville A', 'Libreville', 1000, 0.42, 9.44),
    price('Sans ville', null, 1050, 0.5, 9.4),
    price('Libreville B', 'libreville', 1200, 0.4, 9.45),
  ],
} as unknown as ProductDetail;

describe('pricesNear', () => {
  it('puts the city first (case and accents aside), keeps price order inside each group and is_best on the cheapest', () => {
    const near = pricesNear(detail, { city: 'Libreville', position: null });
    expect(near.prices.map((p) => p.store_name)).toEqual(['Libreville A', 'Libreville B', 'Port-Gentil A', 'Franceville A', 'Sans ville']);
    expect(near.prices.filter((p) => p.is_best).map((p) => p.store_name)).toEqual(['Port-Gentil A']);
    expect(near.prices.every((p) => p.distance_km === null)).toBe(true);
  });

  it('gives each price its distance from the position, to 100 m, and leaves the input as it was', () => {
    const near = pricesNear(detail, { city: null, position: { latitude: 0.42, longitude: 9.44 } });
    expect(near.prices.map((p) => p.store_name)).toEqual(detail.prices.map((p) => p.store_name));
    expect(near.prices[2].distance_km).toBe(0);
    expect(near.prices[4].distance_km).toBe(2.5);
    expect(detail.prices.every((p) => p.distance_km === null)).toBe(true);
  });
});

describe('nearestCity and roundedKm', () => {
  const points = [
    { city: 'Libreville', latitude: 0.39, longitude: 9.45 },
    { city: 'Owendo', latitude: 0.29, longitude: 9.5 },
    { city: 'Port-Gentil', latitude: -0.72, longitude: 8.78 },
  ];
  it('is the town of the store nearest the position; null without stores', () => {
    expect(nearestCity(points, { latitude: 0.3, longitude: 9.49 })).toBe('Owendo');
    expect(nearestCity(points, { latitude: 0.4, longitude: 9.46 })).toBe('Libreville');
    expect(nearestCity(points, { latitude: -0.7, longitude: 8.8 })).toBe('Port-Gentil');
    expect(nearestCity([], { latitude: 0, longitude: 0 })).toBeNull();
  });
  it('rounds to one decimal', () => {
    expect([roundedKm(2.349), roundedKm(2.35), roundedKm(148.64), roundedKm(0.04)]).toEqual([2.3, 2.4, 148.6, 0]);
  });
});
