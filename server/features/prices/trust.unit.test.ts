import { describe, expect, it } from 'vitest';
import { assessObservation } from './trust';

describe('assessObservation', () => {
  it('accepts a price near the shown price from inside the store', () => {
    expect(assessObservation({ price: 1150, distanceKm: 0.05, shownPrice: 1100 })).toEqual({ status: 'accepted', reason: null });
  });

  it('holds a contributor more than 1 km away, and accepts one at exactly 1 km', () => {
    const far = assessObservation({ price: 1100, distanceKm: 1.3, shownPrice: 1100 });
    expect(far).toMatchObject({ status: 'held', rule: 'too_far' });
    expect(far.reason).toBe('Position à 1,3 km du magasin (plus de 1 km)');
    expect(assessObservation({ price: 1100, distanceKm: 1, shownPrice: 1100 }).status).toBe('accepted');
  });

  it('holds prices more than 3× above or below the shown price, not at exactly 3×', () => {
    expect(assessObservation({ price: 3301, distanceKm: 0, shownPrice: 1100 })).toMatchObject({ status: 'held', rule: 'price_outlier' });
    expect(assessObservation({ price: 366, distanceKm: 0, shownPrice: 1100 })).toMatchObject({ status: 'held', rule: 'price_outlier' });
    expect(assessObservation({ price: 3300, distanceKm: 0, shownPrice: 1100 }).status).toBe('accepted');
    expect(assessObservation({ price: 367, distanceKm: 0, shownPrice: 1100 }).status).toBe('accepted');
  });

  it('names the price and the shown price in the reason', () => {
    const held = assessObservation({ price: 9000, distanceKm: null, shownPrice: 1500 });
    expect(held.reason?.replace(/\s/g, ' ')).toBe('Prix de 9 000 FCFA trop éloigné du prix affiché dans ce magasin (1 500 FCFA)');
  });

  it('accepts any sensible price when the store shows none, and skips the distance rule without a position', () => {
    expect(assessObservation({ price: 250_000, distanceKm: null, shownPrice: null }).status).toBe('accepted');
  });
});
