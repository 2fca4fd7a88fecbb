// A merchant's price list file as a table: its header row and its data rows, every cell as text.
// The type is told by the content, never by the name: an XLSX is a zip (PK\x03\x04) read with
// exceljs (its first worksheet); a CSV is text — UTF-8, UTF-16 with its byte-order mark (Excel's
// « Texte Unicode »), else latin-1 — with no NUL or control bytes, its separator guessed among
// ; , and tab. Anything else (a program, an image, a PDF) is a 415; a zip exceljs cannot read, or
// one that inflates too much (price-list-zip.ts), a 422. Empty rows are dropped; the first remaining row is the header.
import ExcelJS from 'exceljs';
import { PRICE_LIST_MAX_ROWS } from '#contract/merchants';
import { splitCsv } from '../../platform/csv';
import { decodeText as decodeDocumentText, sniffDocument } from '../../platform/ocr/sniff';
import { AppError } from '../../platform/errors';
import { measureZip } from './price-list-zip';

export type PriceListTable = {
  /** The header row, as written (padded to the widest row). */
  columns: string[];
  /** The data rows, each as long as `columns`. */
  rows: string[][];
};

/** Cells beyond these are not read: no price list needs more, and they bound what is stored. */
export const MAX_COLUMNS = 50;
const MAX_CELL_CHARS = 300;
const SEPARATORS = [';', '\t', ','] as const;
const SAMPLE_LINES = 20;

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
/** Controls that never appear in a text file (tab, line feed and carriage return do). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Reads the file; French AppErrors for what is not a price list (415), unreadable or empty (422), too long (422). */
export async function readPriceListFile(bytes: Buffer): Promise<PriceListTable> {
  const cells = bytes.subarray(0, 4).equals(ZIP) ? await readXlsx(bytes) : readCsv(decodeText(bytes));
  return toTable(cells);
}

// ---------------------------------------------------------------- text

/** The file as text (UTF-16 with its mark, else as list imports read text), or a 415 when it is not text. */
export function decodeText(bytes: Buffer): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else if (bytes.length === 0) text = '';
  else if (sniffDocument(bytes) === 'text') text = decodeDocumentText(bytes);
  else throw new AppError('PRICE_LIST_FORMAT');
  text = text.replace(/^\uFEFF/, '');
  if (CONTROL.test(text)) throw new AppError('PRICE_LIST_FORMAT');
  return text;
}

/** CSV rows: quoted cells may hold the separator, doubled quotes and line breaks. */
export function readCsv(file: string): string[][] {
  // Excel writes its separator on a first line « sep=; » when asked to.
  const hint = /^sep=(.)[ \t]*(?:\r\n|\r|\n)/i.exec(file);
  const text = hint ? file.slice(hint[0].length) : file;
  const separator = hint ? hint[1] : guessSeparator(text);
  let filled = 0;
  return splitCsv(text, separator, (row) => {
    // A long file stops being read once it is known to be too long (the header and one row more).
    if (isFilled(row) && ++filled > PRICE_LIST_MAX_ROWS + 1) throw new AppError('PRICE_LIST_TOO_MANY_ROWS');
  });
}

/** The separator that splits the first lines into the most columns, the same number on each line. */
export function guessSeparator(text: string): string {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, SAMPLE_LINES);
  let best: string = SEPARATORS[0];
  let bestScore = 0;
  for (const separator of SEPARATORS) {
    const counts = lines.map((line) => countOutsideQuotes(line, separator));
    const score = counts.length === 0 ? 0 : Math.min(...counts) * 2 + counts.reduce((a, b) => a + b, 0) / counts.length;
    if (score > bestScore) {
      best = separator;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, separator: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) n++;
  }
  return n;
}

// ---------------------------------------------------------------- XLSX

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  // A zip that cannot be walked, or that inflates past the cap (a bomb), is not opened.
  if (measureZip(bytes) !== 'ok') throw new AppError('PRICE_LIST_UNREADABLE');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('PRICE_LIST_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('PRICE_LIST_UNREADABLE');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > PRICE_LIST_MAX_ROWS + 1) return;
    const cells: string[] = [];
    const width = Math.min(row.cellCount, MAX_COLUMNS);
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  });
  return rows;
}

/** A cell's value as the merchant sees it; numbers with the French decimal comma (1,5 L; 1234,5 FCFA). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'VRAI' : 'FAUX';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

// ---------------------------------------------------------------- the table

const isFilled = (row: string[]) => row.some((cell) => cell.trim() !== '');

function toTable(raw: string[][]): PriceListTable {
  const filled = raw.filter(isFilled).map((row) => row.slice(0, MAX_COLUMNS).map((cell) => cell.replace(/\s+/g, ' ').trim().slice(0, MAX_CELL_CHARS)));
  if (filled.length < 2) throw new AppError('PRICE_LIST_EMPTY');
  if (filled.length - 1 > PRICE_LIST_MAX_ROWS) throw new AppError('PRICE_LIST_TOO_MANY_ROWS');
  // Trailing empty cells (a spreadsheet's blank columns) do not make columns.
  const width = Math.max(...filled.map((row) => row.length - trailingEmpty(row)));
  const pad = (row: string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return { columns: pad(filled[0]), rows: filled.slice(1).map(pad) };
}

function trailingEmpty(row: string[]): number {
  let n = 0;
  for (let i = row.length - 1; i >= 0 && row[i] === ''; i--) n++;
  return n;
}
