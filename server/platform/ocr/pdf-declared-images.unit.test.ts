import { describe, expect, it } from 'vitest';
import { flateImagePdf, textPdf } from '../../test/documents';
import { largestDeclaredImagePixels } from './pdf-declared-images';

describe('largestDeclaredImagePixels', () => {
  it('reads the size an image XObject declares, without decoding it', () => {
    expect(largestDeclaredImagePixels(flateImagePdf(300, 200))).toBe(60_000);
  });

  it('follows a size given as an indirect reference', () => {
    const pdf = Buffer.from('%PDF-1.4\n4 0 obj\n<< /Type /XObject /Subtype /Image /Width 7 0 R /Height 30000 /BitsPerComponent 8 >>\nstream\nx\nendstream\nendobj\n7 0 obj\n30000\nendobj\n', 'latin1');
    expect(largestDeclaredImagePixels(pdf)).toBe(900_000_000);
  });

  it('is 0 for a PDF with text only', () => {
    expect(largestDeclaredImagePixels(textPdf([['Riz', 'Sucre']]))).toBe(0);
  });
});
