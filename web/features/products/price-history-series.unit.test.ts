import { describe, expect, it } from 'vitest';
import { alignSeries } from './price-history-series';

describe('alignSeries', () => {
  it('puts every store on one time axis, with gaps where a store has no observation', () => {
    const aligned = alignSeries({
      product_id: 'p',
      currency: 'XAF',
      series: [
        { store_id: 'a', store_name: 'Géant CKdo', points: [{ observed_at: '2026-01-01T10:00:00Z', price: 1000 }, { observed_at: '2026-01-03T10:00:00Z', price: 1100 }] },
        { store_id: 'b', store_name: 'Score', points: [{ observed_at: '2026-01-02T10:00:00Z', price: 950 }] },
      ],
    });
    expect(aligned.stores).toEqual(['Score', 'Géant CKdo']);
    const t = (iso: string) => Date.parse(iso) / 1000;
    expect(aligned.data).toEqual([
      [t('2026-01-01T10:00:00Z'), t('2026-01-02T10:00:00Z'), t('2026-01-03T10:00:00Z')],
      [null, 950, null],
      [1000, null, 1100],
    ]);
  });

  it('keeps the 8 cheapest stores by their latest price', () => {
    const series = Array.from({ length: 10 }, (_, i) => ({
      store_id: String(i),
      store_name: `Magasin ${i}`,
      points: [
        { observed_at: '2026-01-01T00:00:00Z', price: 100 },
        { observed_at: '2026-01-02T00:00:00Z', price: 1000 - i * 10 },
      ],
    }));
    const aligned = alignSeries({ product_id: 'p', currency: 'XAF', series });
    expect(aligned.stores).toHaveLength(8);
    expect(aligned.stores[0]).toBe('Magasin 9');
    expect(aligned.stores).not.toContain('Magasin 0');
    expect(aligned.stores).not.toContain('Magasin 1');
  });
});
