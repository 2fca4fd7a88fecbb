// Label matching on the seeded catalogue (products.json): packets as OCR reads them (broken
// apostrophes, 0 for O, rn for m, junk from the shelf) → the product, and objects the catalogue does
// not have → never a confident match. These tables are the calibration of label-match.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECOGNITION_MATCH_CONFIDENCE } from '#contract/recognition';
import { buildIndex, type ProductRow } from '../imports/catalogue-matcher';
import { calibrate, type LabelLine, matchLabel } from './label-match';
import { detectedLabels, guessName, unitFromSize } from './label-suggestion';

const seed = JSON.parse(readFileSync(new URL('../../db/seed/products.json', import.meta.url), 'utf8')) as { name: string; brand: string; category: string; unit: string }[];
const rows: ProductRow[] = seed.map((p) => ({ id: p.name, name: p.name, brand: p.brand || null, category: p.category, unit: p.unit }));
const index = buildIndex(rows);

/** Lines as OCR gives them: text, and a confidence of 90 unless written "text@55". */
const lines = (...texts: string[]): LabelLine[] =>
  texts.map((t) => {
    const [text, confidence] = t.split('@');
    return { text, confidence: confidence ? Number(confidence) : 90 };
  });

const KNOWN: [string[], string][] = [
  [["Cuisin'Or", 'Huile de palme', 'raffinée', '2 L'], "Huile de palme raffinée Cuisin'Or, bouteille 2 L"],
  [['Cuisin0r', 'Huile de palrne raffinee', '0,9 L'], "Huile de palme raffinée Cuisin'Or, bouteille 0,9 L"],
  [['CUISIN OR', 'HUILE DE PALME', 'RAFFINÉE', '5L'], "Huile de palme raffinée Cuisin'Or, bidon 5 L"],
  [['Cowbell', 'Lait en poudre', '400 g', 'PROMO 1200 FCFA'], 'Lait en poudre, sachet 400 g'],
  [['NIDO', 'Lait en poudre', 'Poids net 400g'], 'Lait en poudre, boîte 400 g'],
  [['Régab', 'Bière', 'Qualité supérieure', '65 cl'], 'Bière Régab, bouteille 65 cl (consignée)'],
  [['REGAB', 'Bière blonde', '33cl'], 'Bière Régab, bouteille 33 cl'],
  [['Djino', 'Goût authentique', '1,5 L'], 'Djino, bouteille 1,5 L'],
  [['Pjino@88', '50 cl'], 'Djino, bouteille 50 cl'],
  [['Sucaf', 'Sucre blanc', 'en morceaux', '1 kg'], 'Sucre blanc en morceaux, paquet 1 kg'],
  [['SUCAF', 'Sucre roux granulé', '1kg'], 'Sucre roux granulé, paquet 1 kg'],
  [['Belma', "Sardines à l'huile", 'végétale', '125 g'], "Sardines à l'huile, boîte 125 g"],
  [['Colgate', 'Dentifrice', 'Protection caries', '75 mL'], 'Dentifrice, tube 75 mL'],
  [['La Vache qui rit', 'Fromage fondu', '8 portions'], 'Fromage fondu, boîte 8 portions'],
  [['Omo', 'Lessive en poudre', '1 kg'], 'Lessive en poudre, sachet 1 kg'],
  [['Maggi', 'Bouillon cube', 'saveur poulet'], "Bouillon cube (à l'unité)"],
  [['Super Éléphant', 'Riz parfumé', '25 kg'], 'Riz parfumé, sac 25 kg'],
  [['Andza', 'Eau minérale naturelle', '1,5 L'], 'Eau minérale Andza, bouteille 1,5 L'],
  [['Coca-Cola', 'Recette originale'], 'Coca-Cola, bouteille verre consignée'],
  [['SMAG', 'Œufs frais', 'Plateau de 30'], 'Œufs, plateau de 30'],
  [['Andza', 'Eau minérale', 'Pack de 6', '6 x 1,5 L'], 'Eau minérale Andza, pack 6 × 1,5 L'],
  [['Cassoulet', 'Spécial'], 'Cassoulet, grande boîte'],
  // An unbranded catalogue article under a brand the catalogue does not know.
  [['Tomato King', 'Concentré de tomate', '400 g'], 'Concentré de tomate, boîte 400 g'],
];

const UNKNOWN: [string[], string][] = [
  [['Heineken', 'Bière blonde', '33 cl'], 'another beer of the same size'],
  [['Puget', "Huile d'olive", 'vierge extra', '1 L'], 'another oil'],
  [['Guigoz', 'Lait en poudre', 'infantile', '800 g'], 'another powdered milk'],
  [['Knorr', 'Bouillon cube', 'saveur poulet'], 'another stock cube'],
  [['Saupiquet', 'Sardines à la tomate', '135 g'], 'other sardines'],
  [['Nescafé', 'Café soluble', 'Classic', '100 g'], 'coffee'],
  [['Tropicana', "Jus d'orange", 'sans pulpe', '1 L'], 'a juice (the catalogue has a generic one)'],
  [['Ariel', 'Lessive liquide', 'OMO 1200 F@91', 'PROMO 1200 FCFA'], 'a liquid detergent next to a promo sign'],
  [['Signal', 'Dentifrice', 'Blancheur', '75 mL'], 'another toothpaste of the same size'],
  [['Kiri', 'Fromage à la crème', '6 portions'], 'another cheese'],
  [['Duracell', 'Piles alcalines', 'AA'], 'batteries'],
  [['Sardines', 'à la tomate fraîche'], 'tomato is not what these are'],
  [['Cirio', 'Tomates pelées', 'entières', '400 g'], 'tinned, not fresh tomatoes'],
  [['PROMO 1200 FCFA', 'PRO', 'ROMO 12'], 'only the shelf read'],
  [[], 'nothing read'],
];

describe('label matching', () => {
  it.each(KNOWN)('%j → %s', (texts, expected) => {
    const match = matchLabel(index, lines(...texts));
    expect(match.product?.name).toBe(expected);
    expect(match.confidence).toBeGreaterThanOrEqual(RECOGNITION_MATCH_CONFIDENCE);
  });

  it.each(UNKNOWN)('%j (%s) is never a confident match', (texts) => {
    const match = matchLabel(index, lines(...texts));
    expect(match.product).toBeNull();
    expect(match.confidence).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
  });

  it('is surest with brand, name and size, and less sure when the size is not read', () => {
    const full = matchLabel(index, lines("Cuisin'Or", 'Huile de palme raffinée', '2 L'));
    const noSize = matchLabel(index, lines("Cuisin'Or", 'Huile de palme raffinée'));
    expect(full.confidence).toBeGreaterThanOrEqual(0.85);
    // Three bottle sizes fit: the smallest is offered, with less confidence.
    expect(noSize.product?.name).toBe("Huile de palme raffinée Cuisin'Or, bouteille 0,9 L");
    expect(noSize.confidence).toBeLessThan(full.confidence);
  });

  it('does not tell sizes apart on numbers read elsewhere on the packet', () => {
    // "1" and "5" of a price sticker are not the 1,5 L bottle.
    const match = matchLabel(index, lines('Djino', 'PROMO 1 500 FCFA'));
    expect(match.confidence).toBeLessThan(0.8);
  });

  it('keeps a size that contradicts the packet below a confident match', () => {
    // The catalogue has 1,5 L and 50 cl Djino: a 33 cl can is neither.
    const match = matchLabel(index, lines('Djino', 'Boisson gazeuse', '33 cl'));
    expect(match.confidence).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
  });

  it('discounts words from lines OCR was unsure of', () => {
    const sure = matchLabel(index, lines('Belma', "Sardines à l'huile"));
    const unsure = matchLabel(index, lines('Belma@45', "Sardines à l'huile@45"));
    expect(unsure.confidence).toBeLessThan(sure.confidence);
  });

  it('names the catalogue brand it saw, without its maker', () => {
    expect(matchLabel(index, lines('Régab', 'Bière')).brand?.name).toBe('Régab');
    expect(matchLabel(index, lines('Nescafé', 'Café')).brand).toBeNull();
  });

  it('calibrates: brand and name high, brand alone or name alone low', () => {
    expect(calibrate(true, 1, 1, true, 1)).toBeGreaterThan(0.9);
    expect(calibrate(true, 1, 0, false, 0)).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
    expect(calibrate(true, 0, 1, true, 1)).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
    expect(calibrate(false, 0, 1, true, 0)).toBeGreaterThanOrEqual(RECOGNITION_MATCH_CONFIDENCE);
    expect(calibrate(false, 0, 0.5, true, 0)).toBeLessThan(RECOGNITION_MATCH_CONFIDENCE);
  });
});

describe('what a packet says when the catalogue does not have it', () => {
  it('guesses the name from the lines that read like one, without the brand, with the size', () => {
    const read = lines('PROMO 1200 FCFA', 'Nescafé', 'Café soluble', 'Classic', '100 g', 'x7 ;@35');
    expect(guessName(read, 'Nescafé', { text: '100 g' })).toBe('Café soluble Classic 100 g');
    expect(guessName(lines('PRO@50', '|||'), null, null)).toBeNull();
  });

  it('suggests a unit from the size', () => {
    expect(unitFromSize({ value: 400, unit: 'g' })).toBe('g');
    expect(unitFromSize({ value: 1000, unit: 'g' })).toBe('kg');
    expect(unitFromSize({ value: 1500, unit: 'mL' })).toBe('L');
    expect(unitFromSize(null)).toBe('pièce');
  });

  it('shows at most 6 labels: barcode, brand, then the surest words', () => {
    const labels = detectedLabels({
      barcode: { description: 'Code-barres EAN-13 2030000000005', confidence: 0.99 },
      brand: { name: 'Régab', confidence: 0.93 },
      lines: lines('Régab', 'Bière blonde de qualité supérieure', 'Brassée au Gabon@80', 'PROMO 1200 FCFA', 'Ingrédients eau malt houblon@75'),
    });
    expect(labels).toHaveLength(6);
    expect(labels[0].description).toContain('2030000000005');
    expect(labels[1]).toEqual({ description: 'Régab', confidence: 0.93 });
    expect(labels.map((l) => l.description)).not.toContain('PROMO');
    for (const l of labels) expect(l.confidence).toBeGreaterThanOrEqual(0);
  });
});
