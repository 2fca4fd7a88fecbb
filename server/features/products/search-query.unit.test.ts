import { describe, expect, it } from 'vitest';
import { understandSearch } from './search-query';
import { sizeColumnsOf } from './product-sizes';

describe('understandSearch: sizes and packs are words of the query', () => {
  it.each([
    ['riz 5kg', 'riz', { value: 5000, unit: 'g' }, null],
    ['riz 5 kg', 'riz', { value: 5000, unit: 'g' }, null],
    ['sucre 1kg', 'sucre', { value: 1000, unit: 'g' }, null],
    ['lait nido 400g', 'lait nido', { value: 400, unit: 'g' }, null],
    ['lait 400 grammes', 'lait', { value: 400, unit: 'g' }, null],
    ['huile 2L', 'huile', { value: 2000, unit: 'mL' }, null],
    ['eau 1,5L', 'eau', { value: 1500, unit: 'mL' }, null],
    ['eau 1.5 l', 'eau', { value: 1500, unit: 'mL' }, null],
    ['huile 90cl', 'huile', { value: 900, unit: 'mL' }, null],
    ['bière 50 cl x6', 'bière', { value: 500, unit: 'mL' }, 6],
    ['coca 33cl pack de 6', 'coca', { value: 330, unit: 'mL' }, 6],
    ['eau 6x 1,5 l', 'eau', { value: 1500, unit: 'mL' }, 6],
    ['riz', 'riz', null, null],
    ['huile cuisin', 'huile cuisin', null, null],
    ["cuisin'or", "cuisin'or", null, null],
  ])('%j → %j, size %j, pack %j', (query, text, size, pack) => {
    expect(understandSearch(query)).toEqual({ text, size, pack });
  });

  it('keeps a search that is only a size or a number as typed', () => {
    expect(understandSearch('5kg')).toEqual({ text: '5kg', size: null, pack: null });
    expect(understandSearch('7up')).toEqual({ text: '7up', size: null, pack: null });
  });
});

describe('sizeColumnsOf: the size a product name says', () => {
  it.each([
    ['Riz parfumé, sac 5 kg', 5000, 'g', null],
    ["Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", 900, 'mL', null],
    ['Eau minérale Andza, pack 6 × 1,5 L', 1500, 'mL', 6],
    ['Bière Régab, pack de 12 × 33 cl', 330, 'mL', 12],
    ['Crème dessert vanille, pack de 4', null, null, 4],
    ['Sardines à l’huile, boîte 125 g', 125, 'g', null],
    ['Riz blanc ordinaire (au kg, vrac)', null, null, null],
    ['Régime de banane plantain', null, null, null],
  ])('%j → %j %j, pack %j', (name, sizeValue, sizeUnit, packCount) => {
    expect(sizeColumnsOf(name)).toEqual({ sizeValue, sizeUnit, packCount });
  });
});
