import { describe, expect, it } from 'vitest';
import { haversineKm, isValidPosition } from './geo';

describe('haversineKm', () => {
  it('measures Libreville to Port-Gentil (about 147 km) and is symmetric', () => {
    const libreville = { latitude: 0.3924, longitude: 9.4536 };
    const portGentil = { latitude: -0.7193, longitude: 8.7815 };
    expect(haversineKm(libreville, portGentil)).toBeGreaterThan(140);
    expect(haversineKm(libreville, portGentil)).toBeLessThan(155);
    expect(haversineKm(libreville, portGentil)).toBeCloseTo(haversineKm(portGentil, libreville), 9);
    expect(haversineKm(libreville, libreville)).toBe(0);
  });

  it('rejects impossible positions', () => {
    expect(isValidPosition({ latitude: 91, longitude: 0 })).toBe(false);
    expect(isValidPosition({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(isValidPosition({ latitude: 0.39, longitude: 9.45 })).toBe(true);
  });
});
