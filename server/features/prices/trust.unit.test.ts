import { describe, expect, it } from 'vitest';
import { assessObservation, median } from './trust';

describe('median', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(median([])).toBeNull();
    expect(median([700])).toBe(700);
    expect(median([900, 100, 500])).toBe(500);
    expect(median([100, 400, 200, 300])).toBe(250);
  });
});

describe('assessObservation', () => {
  const history = [1000, 1100, 1200];

  it('accepts a price near the median from inside the store', () => {
    expect(assessObservation({ price: 1150, distanceKm: 0.05, recentPrices: history })).toEqual({ status: 'accepted', reason: null });
  });

  it('holds a contributor more than 1 km away, and accepts one at exactly 1 km', () => {
    const far = assessObservation({ price: 1100, distanceKm: 1.3, recentPrices: history });
    expect(far).toMatchObject({ status: 'held', rule: 'too_far' });
    expect(far.reason).toBe('Position à 1,3 km du magasin (plus de 1 km)');
    expect(assessObservation({ price: 1100, distanceKm: 1, recentPrices: history }).status).toBe('accepted');
  });

  it('holds prices more than 3× above or below the recent median, not at exactly 3×', () => {
    expect(assessObservation({ price: 3301, distanceKm: 0, recentPrices: history })).toMatchObject({ status: 'held', rule: 'price_outlier' });
    expect(assessObservation({ price: 366, distanceKm: 0, recentPrices: history })).toMatchObject({ status: 'held', rule: 'price_outlier' });
    expect(assessObservation({ price: 3300, distanceKm: 0, recentPrices: history }).status).toBe('accepted');
    expect(assessObservation({ price: 367, distanceKm: 0, recentPrices: history }).status).toBe('accepted');
  });

  it('names the price and the median in the reason', () => {
    const held = assessObservation({ price: 9000, distanceKm: null, recentPrices: [1500] });
    expect(held.reason?.replace(/\s/g, ' ')).toBe('Prix de 9 000 FCFA trop éloigné du prix médian récent du magasin (1 500 FCFA)');
  });

  it('accepts any sensible price when the store has no recent history, and skips the distance rule without a position', () => {
    expect(assessObservation({ price: 250_000, distanceKm: null, recentPrices: [] }).status).toBe('accepted');
  });
});
