import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flateContentPdf, flateImagePdf, textPdf } from '../../test/documents';
import { inflatesBeyond } from './pdf-inflated-streams';

const MB = 1024 * 1024;
const spaces = (bytes: number) => deflateSync(Buffer.alloc(bytes, 0x20));

describe('inflatesBeyond', () => {
  it('lets through content that inflates within the budget, and an image of its declared size', () => {
    expect(inflatesBeyond(flateContentPdf(spaces(2 * MB)), 4 * MB)).toBe(false);
    expect(inflatesBeyond(flateImagePdf(2000, 1500), 1 * MB)).toBe(false);
    expect(inflatesBeyond(textPdf([['Riz', 'Sucre']]), 1)).toBe(false);
  });

  it('refuses content past the budget, and an image holding more than its size needs', () => {
    expect(inflatesBeyond(flateContentPdf(spaces(5 * MB)), 4 * MB)).toBe(true);
    expect(inflatesBeyond(flateImagePdf(100, 100, spaces(3 * MB)), 64 * MB)).toBe(true);
  });

  it('ignores a damaged stream (pdf.js refuses it later)', () => {
    expect(inflatesBeyond(flateContentPdf(Buffer.from('not zlib at all')), MB)).toBe(false);
  });
});
