import { describe, expect, it } from 'vitest';
import { formatSize, sizeLabel } from './product-size';

const plain = (s: string | null) => s?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('a product size as a card shows it', () => {
  it('writes large sizes in kg and L, small ones in g and mL, with a decimal comma', () => {
    expect(plain(formatSize({ value: 900, unit: 'mL' }))).toBe('900 mL');
    expect(plain(formatSize({ value: 1500, unit: 'mL' }))).toBe('1,5 L');
    expect(plain(formatSize({ value: 5000, unit: 'g' }))).toBe('5 kg');
    expect(plain(formatSize({ value: 400, unit: 'g' }))).toBe('400 g');
    expect(plain(formatSize({ value: 25_000, unit: 'g' }))).toBe('25 kg');
  });

  it('tells the three Cuisin’Or oils apart', () => {
    const labels = [900, 2000, 5000].map((value) => plain(sizeLabel({ value, unit: 'mL' }, null)));
    expect(labels).toEqual(['900 mL', '2 L', '5 L']);
  });

  it('shows a pack with or without the size of its items, and nothing when neither is known', () => {
    expect(plain(sizeLabel({ value: 1500, unit: 'mL' }, 6))).toBe('6 × 1,5 L');
    expect(plain(sizeLabel(null, 6))).toBe('× 6');
    expect(plain(sizeLabel({ value: 330, unit: 'mL' }, 1))).toBe('330 mL');
    expect(sizeLabel(null, null)).toBeNull();
    expect(sizeLabel(null, 1)).toBeNull();
  });
});
