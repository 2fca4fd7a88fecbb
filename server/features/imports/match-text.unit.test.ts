import { describe, expect, it } from 'vitest';
import { applySynonyms, foldText, stem, undigit, wordSimilarity, words } from './match-text';

describe('match-text', () => {
  it('folds like the catalogue: accents, œ, elisions, brands with an apostrophe', () => {
    expect(foldText("Œufs à l'unité")).toBe('oeufs a unite');
    expect(foldText("Huile Cuisin'Or")).toBe('huile cuisinor');
    expect(foldText('Coca-Cola, bouteille 1,5 L')).toBe('coca cola bouteille 1 5 l');
    expect(words("3 boîtes d'Œufs")).toEqual(['3', 'boite', 'oeuf']);
  });

  it('reduces French plurals alike on both sides', () => {
    expect(['oeufs', 'plateaux', 'tomates', 'riz', 'doux', 'pois'].map(stem)).toEqual(['oeuf', 'plateau', 'tomate', 'riz', 'doux', 'poi']);
    // Feminine participles read like the masculine.
    expect(['congelees', 'congelee', 'congele'].map(stem)).toEqual(['congele', 'congele', 'congele']);
  });

  it('reads everyday names as the catalogue names them', () => {
    const read = (t: string) => applySynonyms(foldText(t));
    expect(read('sucre roux en poudre')).toBe('sucre roux granule');
    expect(read('Sucre en poudre')).toBe('sucre granule');
    expect(read('savonnettes')).toBe('savon de toilette');
    expect(read('bombe insecticide')).toBe('insecticide aerosol');
    expect(read('poulet du pays')).toBe('poulet de chair local');
    expect(read('sel de cuisine')).toBe('sel fin');
  });

  it('forgives OCR confusions and slips in long words, not in short ones', () => {
    expect(wordSimilarity('cuisin0r', 'cuisinor')).toBeGreaterThanOrEqual(0.9);
    expect(wordSimilarity('rlz', 'riz')).toBeGreaterThanOrEqual(0.8);
    expect(wordSimilarity('tornate', 'tomate')).toBeGreaterThanOrEqual(0.8);
    expect(wordSimilarity('sardinne', 'sardine')).toBeGreaterThanOrEqual(0.8);
    expect(wordSimilarity('anza', 'andza')).toBeGreaterThanOrEqual(0.7);
    expect(wordSimilarity('mayo', 'mayonnaise')).toBeGreaterThan(0.7);
    // Different articles that happen to look alike.
    expect(wordSimilarity('ail', 'aile')).toBe(0);
    expect(wordSimilarity('sel', 'gel')).toBe(0);
    expect(wordSimilarity('concombre', 'concentre')).toBe(0);
    expect(wordSimilarity('poivron', 'poisson')).toBe(0);
  });

  it('reads digits OCR put for letters when that gives a known word', () => {
    const known = new Set(['huile', 'cuisinor', 'oeuf']);
    expect(undigit('hui1e', (w) => known.has(w))).toBe('huile');
    expect(undigit('cuisin0r', (w) => known.has(w))).toBe('cuisinor');
    expect(undigit('0eufs', (w) => known.has(w))).toBe('oeufs');
    expect(undigit('33', (w) => known.has(w))).toBe('33');
    expect(undigit('x4b2', (w) => known.has(w))).toBe('x4b2');
  });
});
