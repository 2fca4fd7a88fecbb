import { describe, expect, it } from 'vitest';
import { looksPriced, withLostAmounts } from './amount-column';
import type { OcrLine } from './ocr-pool';

// Words as tesseract boxes them: one character is 10 px wide, a line 20 px high.
const word = (text: string, x: number, y: number) => ({ text, confidence: 90, bbox: { x0: x, y0: y, x1: x + text.length * 10, y1: y + 20 } });
const line = (y: number, ...words: [string, number][]): OcrLine => ({ text: words.map(([t]) => t).join(' '), confidence: 90, words: words.map(([t, x]) => word(t, x, y)) });

describe('the amount column the page layout left out', () => {
  const first = [line(0, ['TOMATE', 0], ['CONC', 70], ['400G', 120]), line(30, ['SEL', 0], ['FIN', 40]), line(60, ['4', 20], ['x', 40], ['265', 60]), line(90, ['RIZ', 0], ['5KG', 40])];

  it('puts a lost amount back at the end of the line it stands on, after a column gap', () => {
    const sparse = [line(2, ['655', 400]), line(31, ['3', 390], ['815', 410])];
    expect(withLostAmounts(first, sparse).map((l) => l.text)).toEqual(['TOMATE CONC 400G   655', 'SEL FIN   3 815', '4 x 265', 'RIZ 5KG']);
  });

  it('keeps what the first reading had, and sparse words that are not amounts', () => {
    const sparse = [line(0, ['TOMATE', 0]), line(90, ['Ee', 400]), line(60, ['265', 60])];
    expect(withLostAmounts(first, sparse).map((l) => l.text)).toEqual(first.map((l) => l.text));
  });

  it('an amount standing between two lines becomes a line of its own, in place', () => {
    const sparse = [line(45, ['1', 390], ['060', 410])];
    expect(withLostAmounts(first, sparse).map((l) => l.text)).toEqual(['TOMATE CONC 400G', 'SEL FIN', '1 060', '4 x 265', 'RIZ 5KG']);
  });

  it('is looked for on priced documents only', () => {
    expect(looksPriced([{ text: 'RIZ 5KG   4 590', confidence: 90 }, { text: 'HUILE 1L  1 060', confidence: 90 }, { text: 'TOTAL  5650', confidence: 90 }])).toBe(true);
    expect(looksPriced([{ text: '2 kg riz', confidence: 90 }, { text: '3 boîtes de sardines', confidence: 90 }, { text: 'Pain x4', confidence: 90 }])).toBe(false);
  });
});
