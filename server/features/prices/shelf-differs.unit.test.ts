import { describe, expect, it } from 'vitest';
import { SHELF_DIFFERS_RATIO } from '#contract/merchants';
import { shelfDiffers } from './consensus';

describe('« Prix en rayon différent »', () => {
  it('is set when the shoppers’ median is more than 10 % off the announced price, not at 10 % or less', () => {
    expect(shelfDiffers(1000, [1120, 1110, 1200], SHELF_DIFFERS_RATIO)).toBe(true);
    expect(shelfDiffers(1000, [880], SHELF_DIFFERS_RATIO)).toBe(true);
    expect(shelfDiffers(1000, [1100], SHELF_DIFFERS_RATIO)).toBe(false);
    expect(shelfDiffers(1000, [900, 1000, 5000], SHELF_DIFFERS_RATIO)).toBe(false);
  });
  it('is never set without a shopper price', () => {
    expect(shelfDiffers(1000, [], SHELF_DIFFERS_RATIO)).toBe(false);
  });
});
