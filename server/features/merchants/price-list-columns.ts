// Which column of a price list holds what, guessed from the header's words (« Désignation »,
// « Code-barres », « Prix FCFA », « Unité »…) and, for what the header does not say, from the
// cells (a column of 8–14 digit codes is the barcode, a mostly numeric one the price, the wordiest
// the name); and the row's values read with a mapping: prices as whole FCFA, the way merchants
// write them (« 1 234 », « 1.234 », « 1 234 FCFA », « 1234,00 »).
import type { PriceListMapping } from '#contract/merchants';
import { foldName } from '#contract/lists';

type Role = keyof PriceListMapping;

/**
 * Header words, tried in this order: a « Code-barres » is not a name, a « Prix unitaire » not a
 * unit, a « Code article » (the store's own reference) neither a name nor, before a real barcode
 * column, the barcode.
 */
const HEADER_WORDS: [Role, RegExp][] = [
  ['barcode', /\b(?:code ?barres?|ean(?:13|8)?|gtin|upc)\b/],
  ['price', /\b(?:prix|pu|p u|tarifs?|fcfa|f cfa|cfa|xaf|montant|pvc|pv)\b/],
  ['unit', /\b(?:unites?|conditionnements?|format|contenance|uvc|poids|volume)\b/],
  ['name', /\b(?:designations?|libelles?|noms?|descriptions?|intitules?)\b/],
  ['name', /^(?!.*\b(?:code|ref|reference)s?\b).*\b(?:produits?|articles?)\b/],
  ['barcode', /\bcodes?\b/],
];

/** A share of a column's cells from which its content says what it is. */
const CONTENT_SHARE = 0.6;

const foldHeader = (text: string) =>
  foldName(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The 8–14 digits of a barcode written in a cell (spaces and dashes allowed), or null. */
export function barcodeOf(text: string): string | null {
  const digits = text.replace(/[\s\-.]/g, '');
  return /^\d{8,14}$/.test(digits) ? digits : null;
}

/**
 * A price as whole FCFA, or null when the cell holds none. Spaces (also non-breaking) group
 * thousands; a dot or comma followed by three digits does too; followed by one or two it is the
 * decimal separator (rounded: the franc CFA has no cents). The currency may be written around it.
 */
export function parsePrice(text: string): number | null {
  const bare = foldName(text)
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^(?:f?cfa|xaf|fr?s?)\.?|(?:f?cfa|xaf|frs?|f)\.?$/g, '');
  if (!/^\d[\d.,]*$/.test(bare)) return null;
  const last = Math.max(bare.lastIndexOf('.'), bare.lastIndexOf(','));
  let whole = bare;
  let decimals = '';
  if (last >= 0) {
    const after = bare.slice(last + 1);
    if (after.length !== 3) {
      whole = bare.slice(0, last);
      decimals = after;
    }
  }
  whole = whole.replace(/[.,]/g, '');
  if (whole === '' || !/^\d*$/.test(decimals)) return null;
  const value = Math.round(Number(`${whole}.${decimals || '0'}`));
  return Number.isSafeInteger(value) && value > 0 && value <= 10_000_000 ? value : null;
}

/** The mapping the header and the cells suggest; the price column is always named (the first free one at worst). */
export function guessMapping(columns: readonly string[], rows: readonly (readonly string[])[]): PriceListMapping {
  const found: Partial<Record<Role, number>> = {};
  const used = new Set<number>();
  const take = (role: Role, index: number) => {
    found[role] = index;
    used.add(index);
  };
  for (const [role, words] of HEADER_WORDS) {
    if (found[role] !== undefined) continue;
    const index = columns.findIndex((header, i) => !used.has(i) && words.test(foldHeader(header)));
    if (index >= 0) take(role, index);
  }

  const free = () => columns.map((_, i) => i).filter((i) => !used.has(i));
  const share = (index: number, test: (cell: string) => boolean) => {
    const cells = rows.map((row) => row[index] ?? '').filter((cell) => cell !== '');
    return cells.length === 0 ? 0 : cells.filter(test).length / cells.length;
  };
  if (found.barcode === undefined) {
    const index = free().find((i) => share(i, (cell) => barcodeOf(cell) !== null) >= CONTENT_SHARE);
    if (index !== undefined) take('barcode', index);
  }
  if (found.price === undefined) {
    const index = free().find((i) => share(i, (cell) => parsePrice(cell) !== null) >= CONTENT_SHARE);
    if (index !== undefined) take('price', index);
  }
  if (found.name === undefined) {
    const wordy = free()
      .map((i) => ({ i, letters: share(i, (cell) => /\p{L}{3}/u.test(cell)) }))
      .filter((c) => c.letters >= 0.5)
      .sort((a, b) => b.letters - a.letters || a.i - b.i)[0];
    if (wordy) take('name', wordy.i);
  }
  return {
    name: found.name ?? null,
    barcode: found.barcode ?? null,
    price: found.price ?? free()[0] ?? 0,
    unit: found.unit ?? null,
  };
}

export type RowValues = { name: string | null; barcode: string | null; unit: string | null; price_xaf: number | null };

/** What a row says under a mapping (empty cells are null). */
export function rowValues(row: readonly string[], mapping: PriceListMapping): RowValues {
  const cell = (index: number | null) => {
    const value = index === null ? '' : (row[index] ?? '').trim();
    return value === '' ? null : value;
  };
  const price = cell(mapping.price);
  return { name: cell(mapping.name), barcode: cell(mapping.barcode), unit: cell(mapping.unit), price_xaf: price === null ? null : parsePrice(price) };
}
