// Reading a price list file into a header and rows (price-list-file.ts): type by content, CSV
// separators and encodings, XLSX through exceljs, and the French errors of what is no price list.
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PRICE_LIST_MAX_ROWS } from '#contract/merchants';
import { AppError } from '../../platform/errors';
import { guessSeparator, readPriceListFile } from './price-list-file';
import { XLSX_INFLATED_MAX_BYTES, measureZip } from './price-list-zip';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tarifs');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function codeOf(bytes: Buffer): Promise<string> {
  try {
    await readPriceListFile(bytes);
    return 'read';
  } catch (error) {
    return error instanceof AppError ? error.code : 'crash';
  }
}

describe('CSV', () => {
  it('guesses the separator among ; , and tab', () => {
    expect(guessSeparator('Désignation;Prix\nRiz;1 234,00\n')).toBe(';');
    expect(guessSeparator('Désignation,Prix\n"Riz, 5 kg",1234\n')).toBe(',');
    expect(guessSeparator('Désignation\tPrix\nRiz\t1234\n')).toBe('\t');
  });

  it('reads the header and the rows, skipping empty lines; quoted cells keep separators, quotes and line breaks', async () => {
    const csv = '\uFEFFDésignation;Prix FCFA;Unité\r\n\r\nRiz parfumé;1 234;sac\r\n"Huile ""Cuisin\'or""; 90 cl";1 200;\r\n;;\r\n"Sucre\nblanc";850;kg\r\n';
    const table = await readPriceListFile(Buffer.from(csv, 'utf8'));
    expect(table.columns).toEqual(['Désignation', 'Prix FCFA', 'Unité']);
    expect(table.rows).toEqual([
      ['Riz parfumé', '1 234', 'sac'],
      ['Huile "Cuisin\'or"; 90 cl', '1 200', ''],
      ['Sucre blanc', '850', 'kg'],
    ]);
  });

  it('follows Excel’s « sep= » first line', async () => {
    const table = await readPriceListFile(Buffer.from('sep=,\r\nDésignation,Prix\r\nRiz;vrac,1 234\r\n'));
    expect(table).toEqual({ columns: ['Désignation', 'Prix'], rows: [['Riz;vrac', '1 234']] });
  });

  it('reads latin-1 and UTF-16 (Excel’s « Texte Unicode ») files', async () => {
    expect((await readPriceListFile(Buffer.from('Désignation;Prix\nCafé;900\n', 'latin1'))).rows).toEqual([['Café', '900']]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Désignation\tPrix\nThé\t500\n', 'utf16le')]);
    expect((await readPriceListFile(utf16)).rows).toEqual([['Thé', '500']]);
  });

  it('a header only, or nothing, is PRICE_LIST_EMPTY; more than the maximum of rows is PRICE_LIST_TOO_MANY_ROWS', async () => {
    expect(await codeOf(Buffer.from('Désignation;Prix\n'))).toBe('PRICE_LIST_EMPTY');
    expect(await codeOf(Buffer.from('\n \n'))).toBe('PRICE_LIST_EMPTY');
    const rows = (n: number) => Buffer.from(`Désignation;Prix\n${Array.from({ length: n }, (_, i) => `Article ${i};${100 + i}`).join('\n')}\n`);
    expect((await readPriceListFile(rows(PRICE_LIST_MAX_ROWS))).rows).toHaveLength(PRICE_LIST_MAX_ROWS);
    expect(await codeOf(rows(PRICE_LIST_MAX_ROWS + 1))).toBe('PRICE_LIST_TOO_MANY_ROWS');
    expect(await codeOf(rows(PRICE_LIST_MAX_ROWS * 10))).toBe('PRICE_LIST_TOO_MANY_ROWS');
  });
});

describe('what is not a price list', () => {
  it('a program, an image or a PDF is PRICE_LIST_FORMAT whatever its name', async () => {
    expect(await codeOf(Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(500, 7)]))).toBe('PRICE_LIST_FORMAT');
    expect(await codeOf(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe('PRICE_LIST_FORMAT');
    expect(await codeOf(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'))).toBe('PRICE_LIST_FORMAT');
    expect(await codeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x01, 0x02, 0x7f, 0x1b]))).toBe('PRICE_LIST_FORMAT');
  });

  it('a corrupt XLSX (a zip that is not one) is PRICE_LIST_UNREADABLE', async () => {
    expect(await codeOf(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(300, 1)]))).toBe('PRICE_LIST_UNREADABLE');
    const good = await xlsx([['Désignation', 'Prix'], ['Riz', 1234]]);
    expect(await codeOf(good.subarray(0, good.length / 2))).toBe('PRICE_LIST_UNREADABLE');
  });
});

describe('XLSX', () => {
  it('reads the first worksheet: numbers with the French decimal comma, barcodes whole, formulas by their result', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tarifs');
    sheet.addRow(['Code-barres', 'Libellé', 'Prix', 'Contenance']);
    sheet.addRow([]);
    sheet.addRow([3017620422003, 'Nutella', 2500, 'pot 400 g']);
    sheet.addRow(['', { richText: [{ text: 'Huile ' }, { text: 'Cuisin’or' }] }, { formula: '1000+200', result: 1200 }, 1.5]);
    workbook.addWorksheet('Autre').addRow(['ignorée']);
    const table = await readPriceListFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(table.columns).toEqual(['Code-barres', 'Libellé', 'Prix', 'Contenance']);
    expect(table.rows).toEqual([
      ['3017620422003', 'Nutella', '2500', 'pot 400 g'],
      ['', 'Huile Cuisin’or', '1200', '1,5'],
    ]);
  });

  it('a header only is PRICE_LIST_EMPTY', async () => {
    expect(await codeOf(await xlsx([['Désignation', 'Prix']]))).toBe('PRICE_LIST_EMPTY');
  });
});

describe('a zip bomb', () => {
  /** A zip of one deflated entry (the local header, the central directory, its end). */
  function zipOf(name: string, content: Buffer): Buffer {
    const data = deflateRawSync(content);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(0, 42);
    const directoryAt = local.length + fileName.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + fileName.length, 12);
    end.writeUInt32LE(directoryAt, 16);
    return Buffer.concat([local, fileName, data, central, fileName, end]);
  }

  it('is measured before exceljs opens it: what inflates past the cap is PRICE_LIST_UNREADABLE', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(XLSX_INFLATED_MAX_BYTES + 1024, 0x20));
    expect(bomb.length).toBeLessThan(200_000);
    expect(measureZip(bomb)).toBe('inflates-too-much');
    expect(await codeOf(bomb)).toBe('PRICE_LIST_UNREADABLE');
    expect(measureZip(zipOf('a.xml', Buffer.from('<a/>')))).toBe('ok');
    expect(measureZip(await xlsx([['Désignation', 'Prix'], ['Riz', 1234]]))).toBe('ok');
  });
});
