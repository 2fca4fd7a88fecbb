import { describe, expect, it } from 'vitest';
import { normalizeBasket } from './normalize';

const offers = (prices: Record<string, number>) => Object.entries(prices).map(([storeId, unitPrice]) => ({ storeId, unitPrice }));
/** Each item's offers as "store id:unit price", in the normalised order. */
const order = (items: Parameters<typeof normalizeBasket>[0], distances?: Map<string, number>) => {
  const basket = normalizeBasket(items, distances);
  return basket.items.map((item) => item.offers.map((o) => `${basket.storeIds[o.store]}:${o.unitPrice}`));
};

describe('normalizeBasket', () => {
  it('orders each item cheapest first, equal prices in store order (nearer, then id), whole prices or not', () => {
    const distances = new Map([['d', 100], ['c', 200], ['b', 200]]);
    const items = [
      { quantity: 1, offers: offers({ a: 300, b: 100, c: 100, d: 100, e: 50 }) },
      { quantity: 2, offers: offers({ a: 2.5, b: 1.25, c: 1.25, d: 1.25, e: 0.5 }) },
    ];
    // d is nearest; b and c are as near as each other (id order); a and e have no distance.
    expect(order(items, distances)).toEqual([
      ['e:50', 'd:100', 'b:100', 'c:100', 'a:300'],
      ['e:0.5', 'd:1.25', 'b:1.25', 'c:1.25', 'a:2.5'],
    ]);
    expect(order(items)).toEqual([
      ['e:50', 'b:100', 'c:100', 'd:100', 'a:300'],
      ['e:0.5', 'b:1.25', 'c:1.25', 'd:1.25', 'a:2.5'],
    ]);
  });

  it('keeps one offer per store, the cheapest, wherever its duplicates are', () => {
    const items = [{ quantity: 1, offers: [...offers({ b: 400, a: 500 }), ...offers({ b: 300, c: 450 }), ...offers({ b: 350 })] }];
    expect(order(items)).toEqual([['b:300', 'c:450', 'a:500']]);
  });
});
