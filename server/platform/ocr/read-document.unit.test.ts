import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, type ImportStage } from '#contract/imports';
import { listImagePng, phonePhotoJpeg, scannedPdf, textPdf } from '../../test/documents';
import { AppError } from '../errors';
import { createOcrPool, type OcrPool } from './ocr-pool';
import { readDocument, withoutLeadingMark } from './read-document';

const LIST = ['Liste de courses', '- 2 kg riz', '- 3 boîtes de sardines', "- huile Cuisin'Or 1L", '- savon de Marseille', '- lait Nido', '- sucre en poudre'];
const KEY_WORDS = ['riz', 'sardines', "Cuisin'Or", 'savon', 'Marseille', 'Nido', 'sucre', 'poudre'];

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (e: unknown) => (e instanceof AppError ? e.code : String(e)));
const missing = (text: string) => KEY_WORDS.filter((word) => !text.includes(word));

describe('readDocument', () => {
  const pool = createOcrPool({ size: 2 });
  afterAll(() => pool.close());

  it.each([
    ['upright, in a shadow', { shadow: true }],
    ['taken sideways (90°) and slightly blurred', { rotate: 90, blur: 1.5, shear: 0.05 }],
    ['upside down (180°) and skewed, in a shadow', { rotate: 184, shadow: true }],
  ])('reads a phone photo of a printed list %s', async (_, options) => {
    const photo = await phonePhotoJpeg(LIST, { fontSize: 30, ...options });
    const stages: ImportStage[] = [];
    const result = await readDocument(photo, pool, (stage) => {
      if (stages.at(-1) !== stage) stages.push(stage);
    });
    expect(result.kind).toBe('photo');
    expect(missing(result.text)).toEqual([]);
    expect(result.ocrConfidence).toBeGreaterThan(70);
    expect(stages).toEqual(['reading', 'preparing', 'recognising']);
  });

  it('reads a dark-mode screenshot (light text on a dark background)', async () => {
    const screenshot = await sharp(await listImagePng(LIST, { font: 'Cantarell', fontSize: 40 })).negate({ alpha: false }).png().toBuffer();
    const result = await readDocument(screenshot, pool);
    expect(missing(result.text)).toEqual([]);
  });

  it('reads a clean upright page with a column of checkboxes without turning it', async () => {
    const lines = ['Épicerie', '[ ] sucre en poudre', '[ ] 4 boîtes de sardines', '[x] 2 kg riz', '[ ] savon de Marseille', '[ ] lait Nido', "[x] huile Cuisin'Or 1L"];
    const result = await readDocument(await listImagePng(lines, { font: 'FreeSerif', fontSize: 34, width: 1400 }), pool);
    expect(missing(result.text)).toEqual([]);
  });

  it('does not read checkboxes as letters or digits glued to the line', async () => {
    const lines = ['☐ 6 rouleaux papier', '☑ 3 bidons huile', '□ 2 kg riz', '○ 5 savons', '☐ sardines'];
    const result = await readDocument(await listImagePng(lines, { font: 'DejaVu Sans Mono', fontSize: 42 }), pool);
    expect(result.text.split('\n')).toEqual(['6 rouleaux papier', '3 bidons huile', '2 kg riz', '5 savons', 'sardines']);
  });

  it('reads small print on a low-resolution photo', async () => {
    const photo = await phonePhotoJpeg(LIST, { fontSize: 27, longSide: 960, blur: 0.8, shadow: true });
    const result = await readDocument(photo, pool);
    // The dash before "savon" may come out as a capital: compare words whatever their case.
    expect(KEY_WORDS.filter((word) => !result.text.toLowerCase().includes(word.toLowerCase()))).toEqual([]);
  });

  it('reads a scanned PDF page by page, reporting pages', async () => {
    const page = async (lines: string[], rotate = 0) => {
      const { data, info } = await sharp(await listImagePng(lines, { rotate })).flatten({ background: '#fff' }).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    };
    const pdf = scannedPdf([await page(LIST.slice(0, 4), 3), await page(LIST.slice(4), 180)]);
    const pages = new Set<string>();
    const result = await readDocument(pdf, pool, (stage, _, p, total) => {
      if (stage === 'recognising' && p) pages.add(`${p}/${total}`);
    });
    expect(result.kind).toBe('scanned_pdf');
    expect(missing(result.text)).toEqual([]);
    expect(result.text.indexOf('riz')).toBeLessThan(result.text.indexOf('savon'));
    expect([...pages]).toEqual(['1/2', '2/2']);
  });

  it('takes a PDF text layer without OCR', async () => {
    const result = await readDocument(textPdf([LIST]), pool);
    expect(result).toEqual({ kind: 'pdf', text: LIST.join('\n'), ocrConfidence: null });
  });

  it('takes text files as they are', async () => {
    const result = await readDocument(Buffer.from('Produit;Quantité\nRégab;6\n'), pool);
    expect(result).toEqual({ kind: 'text', text: 'Produit;Quantité\nRégab;6\n', ocrConfidence: null });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'DOCUMENT_REQUIRED'],
    ['a file over the size limit', Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x61), 'DOCUMENT_TOO_LARGE'],
    ['an executable renamed .jpg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000)]), 'DOCUMENT_UNSUPPORTED'],
    ['a corrupt PDF', Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(500, 0x20)]), 'DOCUMENT_UNREADABLE'],
    ['a JPEG header with nothing behind it', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 0x11)]), 'DOCUMENT_UNREADABLE'],
  ])('refuses %s', async (_, bytes, code) => {
    expect(await codeOf(readDocument(bytes, pool))).toBe(code);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(DOCUMENT_MAX_BYTES);
    expect(await codeOf(readDocument(bomb, pool))).toBe('DOCUMENT_UNREADABLE');
  });
});

describe('the time budget of one document (issue 27, item 5)', () => {
  // A slow OCR: each recognition takes 50 s of a fake clock and reads poorly, so that every retry is wanted.
  const slowPool = (clock: { t: number }) => {
    let calls = 0;
    const pool: OcrPool = {
      recognise: async () => {
        calls++;
        clock.t += 50_000;
        return { text: 'riz', confidence: 30, lines: [{ text: '2 kg riz', confidence: 30 }] };
      },
      close: async () => {},
    };
    return { pool, calls: () => calls };
  };

  it('skips the retries once the budget is spent and keeps the reading in hand', async () => {
    const clock = { t: 0 };
    const { pool, calls } = slowPool(clock);
    const result = await readDocument(await listImagePng(LIST), pool, undefined, { budgetMs: 90_000, now: () => clock.t });
    expect(result.text).toBe('2 kg riz');
    expect(calls()).toBe(2);
  });

  it('refuses with a French 422 a scanned PDF whose pages cannot all be read within it', async () => {
    const clock = { t: 0 };
    const { pool, calls } = slowPool(clock);
    const page = async (lines: string[]) => {
      const { data, info } = await sharp(await listImagePng(lines)).flatten({ background: '#fff' }).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    };
    const pdf = scannedPdf([await page(LIST.slice(0, 3)), await page(LIST.slice(3, 5)), await page(LIST.slice(5))]);
    expect(await codeOf(readDocument(pdf, pool, undefined, { budgetMs: 90_000, now: () => clock.t }))).toBe('DOCUMENT_TOO_SLOW');
    expect(calls()).toBe(2);
  });
});

describe('a reading with no text', () => {
  it('is not taken for a sure one: tesseract reads sideways lines as nothing, at 95 % confidence', async () => {
    let calls = 0;
    const pool: OcrPool = {
      recognise: async () => {
        calls++;
        if (calls === 1) return { text: '', confidence: 95, lines: [] };
        return { text: '2 kg riz', confidence: 90, lines: [{ text: '2 kg riz', confidence: 90 }] };
      },
      close: async () => {},
    };
    const result = await readDocument(await listImagePng(LIST), pool);
    expect(result.text).toBe('2 kg riz');
    expect(calls).toBeGreaterThan(1);
  });
});

describe('a reading of specks and symbols', () => {
  it('is poor whatever its confidence: the other quarter turns are read', async () => {
    let calls = 0;
    const specks = { text: 'o\nLo)\nœ', confidence: 52, lines: ['o', 'Lo)', '[eo]', 'œ', 'ui'].map((text) => ({ text, confidence: 52 })) };
    const pool: OcrPool = {
      recognise: async () => {
        calls++;
        if (calls <= 2) return specks;
        return { text: '2 kg riz', confidence: 90, lines: [{ text: '2 kg riz', confidence: 90 }] };
      },
      close: async () => {},
    };
    const result = await readDocument(await listImagePng(LIST), pool);
    expect(result.text).toBe('2 kg riz');
  });
});

describe('withoutLeadingMark', () => {
  const word = (text: string) => ({ text, confidence: 90, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 } });
  const line = (...words: string[]) => ({ text: words.join(' '), confidence: 90, words: words.map(word) });

  it.each([
    [['/', '2', 'kg', 'riz'], '2 kg riz'],
    [['|-—', '6', 'bouteilles'], '6 bouteilles'],
    [['»', 'sucre'], 'sucre'],
  ])('drops a first word without letters or digits: %j', (words, text) => {
    expect(withoutLeadingMark(line(...words)).text).toBe(text);
  });

  it.each([[['2', 'kg', 'riz']], [['½', 'kg', 'sel']], [['-']], [['O', '3', 'bidons']]])('keeps %j', (words) => {
    expect(withoutLeadingMark(line(...words)).text).toBe(words.join(' '));
  });
});
