import { describe, expect, it } from 'vitest';
import { sizesAvailable } from './sizes-available';

const product = (name: string, value: number | null, unit: 'g' | 'mL' = 'g', pack_count: number | null = null) => ({
  name,
  size: value === null ? null : { value, unit },
  pack_count,
});

describe('sizesAvailable', () => {
  it('groups the sizes by kind, smallest first', () => {
    expect(
      sizesAvailable([
        product('Riz parfumé, sac 25 kg', 25_000),
        product('Riz parfumé, sac 5 kg', 5000),
        product('Riz blanc ordinaire (au kg, vrac)', null),
      ]),
    ).toEqual([{ kind: 'Riz parfumé', sizes: ['5\u00a0kg', '25\u00a0kg'] }]);
  });

  it('counts a pack by what it holds, and says each size once', () => {
    const found = sizesAvailable([
      product('Eau minérale Andza, pack 6 × 1,5 L', 1500, 'mL', 6),
      product('Eau minérale Andza, bouteille 1,5 L', 1500, 'mL'),
      product('Eau minérale Andza, bouteille 1,5 L', 1500, 'mL'),
    ]);
    expect(found).toEqual([{ kind: 'Eau minérale Andza', sizes: ['1,5\u00a0L', '6\u00a0×\u00a01,5\u00a0L'] }]);
  });
});
