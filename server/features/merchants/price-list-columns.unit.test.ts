// How a price list's columns are guessed and its prices read (price-list-columns.ts).
import { describe, expect, it } from 'vitest';
import { barcodeOf, guessMapping, parsePrice, rowValues } from './price-list-columns';

describe('parsePrice', () => {
  it.each([
    ['1 234', 1234],
    ['1\u00a0234', 1234],
    ['1\u202f234 FCFA', 1234],
    ['1.234', 1234],
    ['1,234', 1234],
    ['1 234 FCFA', 1234],
    ['1234,00', 1234],
    ['1 234,50 F CFA', 1235],
    ['1.234,00', 1234],
    ['FCFA 850', 850],
    ['850 F', 850],
    ['XAF 12 500', 12500],
    ['6500', 6500],
    ['12,5', 13],
  ])('« %s » is %i FCFA', (text, value) => expect(parsePrice(text)).toBe(value));

  it.each(['', '—', 'gratuit', '0', '-500', '12 kg', '1 234 567 890', 'prix sur demande'])('« %s » is no price', (text) => expect(parsePrice(text)).toBeNull());
});

describe('barcodeOf', () => {
  it('reads 8 to 14 digits, spaces and dashes allowed', () => {
    expect(barcodeOf('3 017620 422003')).toBe('3017620422003');
    expect(barcodeOf('96385074')).toBe('96385074');
    expect(barcodeOf('1234567')).toBeNull();
    expect(barcodeOf('Riz 5 kg')).toBeNull();
  });
});

describe('guessMapping', () => {
  it('reads the header words', () => {
    expect(guessMapping(['Désignation', 'Prix FCFA', 'Unité'], [['Riz', '1 234', 'sac']])).toEqual({ name: 0, barcode: null, price: 1, unit: 2 });
    expect(guessMapping(['Code-barres', 'Libellé', 'Conditionnement', 'PU'], [['3017620422003', 'Nutella', '400 g', '2500']])).toEqual({ name: 1, barcode: 0, price: 3, unit: 2 });
    expect(guessMapping(['EAN', 'Article', 'Tarif'], [])).toEqual({ name: 1, barcode: 0, price: 2, unit: null });
    expect(guessMapping(['Nom du produit', 'Montant', 'Format'], [])).toEqual({ name: 0, barcode: null, price: 1, unit: 2 });
  });

  it('a store reference (« Code article ») is neither the name nor, beside a real barcode column, the barcode', () => {
    expect(guessMapping(['Code article', 'Désignation', 'GTIN', 'Prix unitaire'], [['A12', 'Riz', '3017620422003', '900']])).toEqual({ name: 1, barcode: 2, price: 3, unit: null });
  });

  it('falls back on the cells when the header says nothing', () => {
    const rows = [
      ['Riz parfumé 5 kg', '3017620422003', '6 500'],
      ['Sucre 1 kg', '3017620422010', '850'],
      ['Huile 90 cl', '', '1 200'],
    ];
    expect(guessMapping(['A', 'B', 'C'], rows)).toEqual({ name: 0, barcode: 1, price: 2, unit: null });
  });

  it('always names a price column', () => {
    expect(guessMapping(['Désignation', 'Observations'], [['Riz', 'bon']]).price).toBe(1);
  });
});

describe('rowValues', () => {
  it('reads a row with a mapping; an unreadable price is null, the row kept', () => {
    const mapping = { name: 0, barcode: null, price: 1, unit: 2 };
    expect(rowValues(['Riz', '1 234 FCFA', 'sac'], mapping)).toEqual({ name: 'Riz', barcode: null, unit: 'sac', price_xaf: 1234 });
    expect(rowValues(['Riz', 'sur demande', ''], mapping)).toEqual({ name: 'Riz', barcode: null, unit: null, price_xaf: null });
  });
});
