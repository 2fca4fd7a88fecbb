import { describe, expect, it } from 'vitest';
import { PDF_MAX_PAGES } from '#contract/imports';
import { textPdf } from '../../test/documents';
import { AppError } from '../errors';
import { readPdf, textLines } from './pdf';

const item = (str: string, x: number, y: number, width = str.length * 6) => ({ str, transform: [12, 0, 0, 12, x, y], width, height: 12 });

describe('readPdf', () => {
  it('gives the text layer as lines, in reading order, accents included', async () => {
    const pdf = textPdf([
      ['Liste de courses', '2 kg riz', "1 huile Cuisin'Or 1L", '3 boîtes de sardines', 'Œufs x6 — Régab (pack)'],
      ['sucre en poudre', 'pain'],
    ]);
    const { pages, totalPages } = await readPdf(pdf);
    expect(totalPages).toBe(2);
    expect(pages[0].lines).toEqual(['Liste de courses', '2 kg riz', "1 huile Cuisin'Or 1L", '3 boîtes de sardines', 'Œufs x6 — Régab (pack)']);
    expect(pages[1].lines).toEqual(['sucre en poudre', 'pain']);
    expect(pages.every((page) => page.images.length === 0)).toBe(true);
  });

  it(`reads at most ${PDF_MAX_PAGES} pages`, async () => {
    const pdf = textPdf(Array.from({ length: PDF_MAX_PAGES + 3 }, (_, i) => [`page ${i + 1} riz`]));
    const { pages, totalPages } = await readPdf(pdf);
    expect(totalPages).toBe(PDF_MAX_PAGES + 3);
    expect(pages).toHaveLength(PDF_MAX_PAGES);
  });

  it.each([
    ['a truncated PDF', textPdf([['riz', 'huile']]).subarray(0, 200)],
    ['garbage after a PDF header', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x41)])],
    ['not a PDF at all', Buffer.from('bonjour')],
  ])('refuses %s with DOCUMENT_UNREADABLE', async (_, bytes) => {
    const error = await readPdf(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('DOCUMENT_UNREADABLE');
  });
});

describe('textLines', () => {
  it('groups items by baseline and orders them left to right, top to bottom', () => {
    const items = [item('riz', 80, 700), item('2 kg', 50, 700, 24), item('huile', 50, 684), item('Total', 50, 760), item('1L', 400, 684.5)];
    expect(textLines(items)).toEqual(['Total', '2 kg riz', 'huile 1L']);
  });

  it('does not add a space inside a word split into two items', () => {
    expect(textLines([item('sardi', 50, 700, 30), item('nes', 80, 700)])).toEqual(['sardines']);
  });
});
