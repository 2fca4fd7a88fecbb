import { describe, expect, it } from 'vitest';
import { isNearMiss, understandSearch, withOneWordLess } from './search-query';
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
    expect(understandSearch(query)).toMatchObject({ text, size, pack });
  });

  it('keeps a search that is only a size or a number as typed', () => {
    expect(understandSearch('5kg')).toMatchObject({ text: '5kg', size: null, pack: null });
    expect(understandSearch('7up')).toMatchObject({ text: '7up', size: null, pack: null });
  });
});

describe('understandSearch: packages, stopwords, plurals and everyday names', () => {
  it.each([
    ['lait sachet', 'lait', 'sachet'],
    ['lait en boite', 'lait', 'boîte'],
    ['huile bidon', 'huile', 'bidon'],
    ['banane tas', 'banane', 'tas'],
    ['sac de riz 25 kg', 'riz', 'sac'],
    ['oeufs plateau', 'oeuf', 'plateau'],
    // A package word alone is the search itself.
    ['sachet', 'sachet', 'sachet'],
  ])('%j → words %j, package %j', (query, text, pkg) => {
    expect(understandSearch(query)).toMatchObject({ text, package: pkg });
  });

  it.each([
    ['sardines à l’huile', 'sardine huile', 'sardines huile'],
    ["pâte d'arachide", 'pâte arachide', 'pâte arachide'],
    ['Œufs', 'Œuf', 'Œufs'],
    ['oignons', 'oignon', 'oignons'],
    // Short words keep their s: « pois » is not « poi ».
    ['petits pois', 'petit pois', 'petits pois'],
    ['de', 'de', 'de'],
  ])('%j → required %j, typed %j', (query, text, typed) => {
    expect(understandSearch(query)).toMatchObject({ text, typed });
  });

  it.each([
    ['pili-pili', 'piment'],
    ['chikwangue', 'baton manioc'],
    ['pq', 'papier hygienique'],
    ['eau', 'eau minerale'],
    ['bouteille eau', 'eau minerale'],
    ['cacahuètes', 'arachide'],
    ['riz', null],
  ])('%j → the catalogue also searched as %j', (query, alias) => {
    expect(understandSearch(query).alias).toBe(alias);
  });
});

describe('isNearMiss: a typo, never a lookalike', () => {
  it.each([
    ['huille', "Huile de palme raffinée Cuisin'Or, bouteille 2 L", null, true],
    ['huille', 'Bière Régab, bouteille 33 cl', 'Régab (Sobraga)', false],
    ['ordinateur', 'Riz blanc ordinaire (au kg, vrac)', null, false],
    ['petit poids', 'Petits pois, boîte 400 g', null, true],
    ['sardinnes', "Sardines à l'huile, boîte 125 g", 'Belma', true],
    ['reggab', 'Bière Régab, bouteille 33 cl', 'Régab (Sobraga)', true],
    ['ciment', 'Piment frais, tas', null, true],
    ['rizz', 'Riz parfumé, sac 5 kg', 'Super Éléphant', true],
    ['ail', 'Ailes de dinde congelées, carton', null, false],
  ])('%j against %j → %j', (typed, name, brand, near) => {
    expect(isNearMiss(typed, name, brand)).toBe(near);
  });
});

describe('withOneWordLess: a qualifier is left out first', () => {
  it('« mangue fraiche » tries « mangue » first', () => {
    const tries = withOneWordLess(understandSearch('mangue fraiche'));
    expect(tries.map((t) => [t.search.typed, t.qualifierLeftOut])).toEqual([
      ['fraiche', false],
      ['mangue', true],
    ]);
    expect(withOneWordLess(understandSearch('riz'))).toEqual([]);
  });
});

describe('sizeColumnsOf: the package a product name says', () => {
  it.each([
    ['Lait en poudre, sachet 400 g', 'sachet'],
    ['Riz parfumé, sac 5 kg', 'sac'],
    ["Huile de palme raffinée Cuisin'Or, bidon 5 L", 'bidon'],
    ['Eau minérale Andza, pack 6 × 1,5 L', 'pack'],
    ["Bouillon cube (à l'unité)", 'pièce'],
    ['Croissant', null],
  ])('%j → %j', (name, pkg) => {
    expect(sizeColumnsOf(name).package).toBe(pkg);
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
    expect(sizeColumnsOf(name)).toMatchObject({ sizeValue, sizeUnit, packCount });
  });
});
