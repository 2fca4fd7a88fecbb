import { describe, expect, it } from 'vitest';
import type { ExtractedItem } from '#contract/imports';
import { fr } from '#contract/messages';
import { checkDocument, manualNameFrom, overallPercent, stageLabel, toExtractedItems, toReviewLines } from './import-document';

const MB = 1024 * 1024;

describe('checkDocument', () => {
  it.each([
    [{ name: 'liste.jpg', size: 2 * MB, type: 'image/jpeg' }, null],
    [{ name: 'IMG_0001.HEIC', size: 2 * MB, type: 'image/heic' }, null], // the server decides
    [{ name: 'liste.pdf', size: MB, type: 'application/pdf' }, null],
    [{ name: 'liste.csv', size: 200, type: '' }, null],
    [{ name: 'liste.txt', size: 200, type: 'text/plain' }, null],
    [{ name: 'photo.png', size: 11 * MB, type: 'image/png' }, fr.lists.fileTooLarge],
    [{ name: 'setup.exe', size: MB, type: 'application/x-msdownload' }, fr.lists.imageRequired],
    [{ name: 'vide.jpg', size: 0, type: 'image/jpeg' }, fr.lists.imageRequired],
  ])('%o → %s', (file, expected) => expect(checkDocument(file)).toBe(expected));
});

describe('progress', () => {
  it('fills the bar in order and never goes back', () => {
    const upload = overallPercent({ phase: 'uploading', progress: 0.5 });
    const reading = overallPercent({ phase: 'reading', progress: 0 }, upload);
    const page2 = overallPercent({ phase: 'recognising', progress: 0.5, page: 2, pages: 2 }, reading);
    const matching = overallPercent({ phase: 'matching', progress: 1 }, page2);
    expect([upload, reading, page2, matching]).toEqual([8, 15, 76, 100]);
    expect(overallPercent({ phase: 'reading', progress: 0.2 }, 40)).toBe(40);
  });

  it('names the stage, with the page of a multi-page OCR', () => {
    expect(stageLabel({ phase: 'uploading', progress: 0.2 })).toBe('Envoi du document…');
    expect(stageLabel({ phase: 'recognising', progress: 0.2, page: 1, pages: 2 })).toBe('Reconnaissance du texte… (page 1/2)');
    expect(stageLabel({ phase: 'recognising', progress: 0.2, page: 1, pages: 1 })).toBe('Reconnaissance du texte…');
  });
});

const item = (over: Partial<ExtractedItem>): ExtractedItem => ({
  name: 'Riz parfumé, sac 5 kg',
  category: 'Épicerie',
  brand: 'Super Éléphant',
  description: null,
  original_text: '- 2 kg riz parfumé',
  exists_in_db: true,
  product_id: 'p-riz',
  confidence: 'high',
  source: 'ocr_suggestion',
  quantity: 2,
  unit: 'kg',
  candidates: [],
  ...over,
});

describe('review lines', () => {
  it('keeps every line ticked, a manual item by its name, and hands back the edited choice', () => {
    const lines = toReviewLines([item({}), item({ name: 'Piment', original_text: '* piment', exists_in_db: false, product_id: null, confidence: 'low', quantity: 0 })]);
    expect(lines.map((l) => [l.checked, l.choice.kind, l.quantity])).toEqual([
      [true, 'product', 2],
      [true, 'manual', 1],
    ]);
    lines[0] = { ...lines[0], choice: { kind: 'manual', name: manualNameFrom(lines[0].read) }, changed: true };
    lines[1] = { ...lines[1], checked: false };
    expect(toExtractedItems(lines)).toMatchObject([{ name: '2 kg riz parfumé', product_id: null, exists_in_db: false, quantity: 2, confidence: 'high' }]);
  });

  it.each([
    ['- riz', 'riz'],
    ['[ ] huile', 'huile'],
    ['☐ sucre', 'sucre'],
    ['3. sardines', 'sardines'],
    ['2) oeufs', 'oeufs'],
    ['6 oeufs', '6 oeufs'],
    ['Sucre x2', 'Sucre'],
    ['2 x Riz parfumé', 'Riz parfumé'],
    ['Lait (3)', 'Lait'],
    ['x2', 'x2'],
  ])('manual name of %s is %s', (read, name) => expect(manualNameFrom(read)).toBe(name));
});
