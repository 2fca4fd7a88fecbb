import { describe, expect, it } from 'vitest';
import type { PriceList } from '#contract/merchants';
import { needsCheck, priceOf, toPublish, toReviewLines } from './price-list-review';

const list: Pick<PriceList, 'lines'> = {
  lines: [
    { index: 0, name: 'Riz parfumé 5 kg', barcode: null, unit: 'sac', price_xaf: 6500, product_id: 'p1', product_name: 'Riz Éléphant 5 kg', candidates: [{ product_id: 'p2', name: 'Riz Uncle Ben’s 5 kg' }], confidence: 'high' },
    { index: 1, name: null, barcode: '6111000000012', unit: null, price_xaf: null, product_id: null, product_name: null, candidates: [], confidence: 'low' },
    { index: 2, name: 'Huile 1 L', barcode: null, unit: null, price_xaf: 1200, product_id: 'p3', product_name: 'Huile Cuisin’or 1 L', candidates: [], confidence: 'low' },
  ],
};

describe('price list review', () => {
  it('reads the name, else the barcode, and keeps the matched product first among the choices', () => {
    const [rice, coded] = toReviewLines(list);
    expect(rice.read).toBe('Riz parfumé 5 kg');
    expect(rice.choices.map((c) => c.id)).toEqual(['p1', 'p2']);
    expect(coded.read).toBe('6111000000012');
    expect(coded.price).toBe('');
  });

  it.each([['1 250', 1250], ['1\u202f250', 1250], ['0', null], ['12,5', null], ['', null], ['-3', null]])('price « %s » → %s', (price, expected) => expect(priceOf({ price })).toBe(expected));

  it('marks unmatched and uncertain lines in amber until the merchant confirms them', () => {
    const lines = toReviewLines(list);
    expect(lines.map(needsCheck)).toEqual([false, true, true]);
    expect(needsCheck({ ...lines[2], changed: true })).toBe(false);
    expect(needsCheck({ ...lines[1], excluded: true })).toBe(false);
  });

  it('publishes only the lines with a product and a price, not those left out', () => {
    const [rice, coded, oil] = toReviewLines(list);
    const body = toPublish([{ ...rice, price: '6 400' }, coded, { ...oil, excluded: true }]);
    expect(body).toEqual({ lines: [{ index: 0, product_id: 'p1', price_xaf: 6400 }] });
  });
});
