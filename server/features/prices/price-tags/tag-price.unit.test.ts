// The label's price from the lines OCR read: the big number in its printed forms, never the price
// per kilo or litre, a size, a barcode's digits or a date.
import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../../../platform/ocr/ocr-pool';
import { joinSplitAmounts, readTagPrice } from './tag-price';

/** A line whose figures are `height` pixels tall. */
const line = (text: string, height = 20): OcrLine => ({
  text,
  confidence: 90,
  words: text.split(' ').map((w) => ({ text: w, confidence: 90, bbox: { x0: 0, y0: 0, x1: 10, y1: /\d/.test(w) ? height : 10 } })),
});

describe('readTagPrice', () => {
  it.each([
    ['1 350', 1350],
    ['1.350 F', 1350],
    ['1350 FCFA', 1350],
    ['Prix : 2 500', 2500],
    ['12 500 F CFA', 12500],
    ['750F', 750],
    ['2 500,00', 2500],
    ['1 35O F', 1350],
  ])('reads « %s » as %i', (text, price) => {
    expect(readTagPrice([line("Huile Cuisin'Or 2 L"), line(text, 70)])?.price).toBe(price);
  });

  it('never takes the price per kilo or litre, even when it is the only amount marked', () => {
    for (const perMeasure of ['850 F/kg', 'Prix au kilo : 2 700 F', 'Prix au kg 2 700', '675 F / L', 'soit 1 100 F le litre', 'Prix/kg : 540']) {
      expect(readTagPrice([line('Riz parfumé 5 kg'), line('4 250', 70), line(perMeasure, 18)])?.price, perMeasure).toBe(4250);
      expect(readTagPrice([line('Riz parfumé 5 kg'), line(perMeasure, 18)]), perMeasure).toBeNull();
    }
  });

  it('a label without a price gives none: sizes, barcodes, dates and codes are not prices', () => {
    expect(readTagPrice([line('Sucre blanc granulé'), line('paquet 1 kg'), line('3 057640 123456'), line('Réf. 0042 · 03/12/2026'), line('Lot de 6 x 50 cl')])).toBeNull();
  });

  it('the tallest amount is the price; sure when marked or clearly taller', () => {
    expect(readTagPrice([line('Code 4410', 18), line('1 350', 70)])).toEqual({ price: 1350, sure: true });
    expect(readTagPrice([line('995 F', 20)])).toEqual({ price: 995, sure: true });
    expect(readTagPrice([line('1350', 20), line('1200', 20)])?.sure).toBe(false);
  });
});

describe('joinSplitAmounts', () => {
  const boxed = (text: string, x0: number, x1: number, y0 = 100, y1 = 160): OcrLine => ({ text, confidence: 90, words: [{ text, confidence: 90, bbox: { x0, y0, x1, y1 } }] });

  it('joins a lone leading figure read as its own line to the amount just right of it, as tall and on its line', () => {
    const joined = joinSplitAmounts([boxed('850 F CFA', 200, 500), line('Mayonnaise'), boxed('3', 130, 170)]);
    expect(readTagPrice(joined)?.price).toBe(3850);
  });

  it('leaves apart figures that are smaller, far, or on another line', () => {
    for (const other of [boxed('3', 130, 150, 130, 160), boxed('3', 10, 40), boxed('3', 130, 170, 200, 260)]) {
      expect(readTagPrice(joinSplitAmounts([boxed('850 F CFA', 200, 500), other]))?.price).toBe(850);
    }
  });
});
