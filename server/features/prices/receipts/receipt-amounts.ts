// Amounts as tills print them, and as OCR reads them: "1 350", "1.350", "1350", "1 350,00",
// "-200", "200-", "13 500 F", "1 350 A" (a VAT code). A run of figures at the end of a line is
// ambiguous ("2 X 250 500" is 2 × 250 = 500, "1 350" is one amount, "30 900" might be 30 | 900):
// every way of cutting it into amounts is offered, and the caller keeps the one the arithmetic
// agrees with. Pure: no I/O.
import { readSize } from '../../imports/line-parser';

/** A piece of a line: its text and how many spaces stood before it (2+ is a column gap). */
export type Token = { text: string; gap: number };

/** A numeric tail token, after OCR slips were undone; `fixed` when a letter was read as a digit. */
export type NumberToken = { digits: string; raw: string; gap: number; fixed: boolean; negative: boolean };

/**
 * One way of reading a run of figures as amounts. `inserted`: a figure was dropped where OCR read
 * the thousands space as a digit ("1 140" → "11140", "1 065" → "19065").
 */
export type AmountReading = { values: number[]; fixed: boolean; inserted: boolean };

const NBSP = /[\u00a0\u202f\u2007\u2009]/g;

/** Spaces, dashes and signs as one alphabet: the reader never sees typographic variants. */
export function normaliseReceiptText(text: string): string {
  return text
    .replace(NBSP, ' ')
    .replace(/\t/g, '    ')
    .replace(/[’`´]/g, "'")
    .replace(/[×✕✖]/g, ' x ')
    .replace(/[–—−]/g, '-')
    .replace(/\s+$/, '');
}

/** Splits a line into tokens, keeping the width of the gap before each (columns survive OCR as 2+ spaces). */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /(\s*)(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) tokens.push({ text: m[2], gap: tokens.length === 0 ? 0 : m[1].length });
  return tokens;
}

// Letters OCR reads for digits on thermal print: O/o/Q/D → 0, l/I/|/!/i → 1, S/s → 5, B → 8, Z/z → 2.
// Not G (6): "125G" is a size.
const DIGIT_SLIPS: Record<string, string> = { O: '0', o: '0', Q: '0', D: '0', l: '1', I: '1', '|': '1', '!': '1', i: '1', S: '5', s: '5', B: '8', Z: '2', z: '2' };
// Inside a character class none of these needs escaping (a backslash would make \D or \S a class).
const SLIP_CHARS = Object.keys(DIGIT_SLIPS).join('');
const NUMERIC_LIKE = new RegExp(`^[-+]?[\\d${SLIP_CHARS}]+(?:[.,][\\d${SLIP_CHARS}]+)*-?$`);

/**
 * The figures of a token, when it is one: "1.350" → "1350", "35O" → "350" (fixed), "-200" → "200"
 * (negative), "1 350,00"'s ",00" dropped. Null for a word. A token needs a real digit, and two
 * when a letter other than O is read as one; at most half of it may be such slips: "SOS", "OIL"
 * and "1l" stay words, "1OO" is 100.
 */
export function readNumberToken(token: Token): NumberToken | null {
  let text = token.text.replace(/^[*#]+|[*#]+$/g, '');
  if (!text) return null;
  let negative = false;
  if (/^-./.test(text) || /.-$/.test(text)) {
    negative = true;
    text = text.replace(/^-|-$/g, '');
  }
  // "OOO" after "1O" is the thousands of "10 000" read with letters.
  if (/^[Oo]{3}$/.test(text)) return { digits: '000', raw: token.text, gap: token.gap, fixed: true, negative };
  if (!NUMERIC_LIKE.test(text)) return null;
  const digits = (text.match(/\d/g) ?? []).length;
  const slips = (text.match(new RegExp(`[${SLIP_CHARS}]`, 'g')) ?? []).length;
  const onlyNoughts = /^[^A-Za-z|!]*$/.test(text.replace(/[Oo]/g, ''));
  if (digits === 0 || (slips > 0 && digits < 2 && !onlyNoughts) || (slips * 2 > text.length && !onlyNoughts)) return null;
  const fixed = slips > 0;
  const plain = text.replace(new RegExp(`[${SLIP_CHARS}]`, 'g'), (c) => DIGIT_SLIPS[c]);
  // Cents are never printed on XAF but e-receipts write ",00": dropped. Else a dot or comma between
  // groups of three digits is a thousands separator ("1.350", "12.500").
  const withoutCents = plain.replace(/[.,]00$/, '');
  if (!/^\d{1,3}(?:[.,]\d{3})*$/.test(withoutCents) && !/^\d+$/.test(withoutCents)) return null;
  return { digits: withoutCents.replace(/[.,]/g, ''), raw: token.text, gap: token.gap, fixed, negative };
}

/** A decimal quantity ("1,250", "0.5", "3"), or null. */
export function readQuantity(text: string): number | null {
  const fixed = text.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
  if (!/^\d{1,3}(?:[.,]\d{1,3})?$/.test(fixed)) return null;
  const value = Number(fixed.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Every way of cutting a run of figures into amounts: a lone token of any length, or a group of
 * one to three digits followed by groups of exactly three ("1 350", "12 500 000"). When the line's
 * columns are known (some gap of 2+ spaces on it), an amount never spans a column gap.
 */
export function amountReadings(tokens: NumberToken[], columnsKnown: boolean, limit = 64): AmountReading[] {
  const out: AmountReading[] = [];
  const walk = (start: number, values: number[], fixed: boolean, inserted: boolean) => {
    if (out.length >= limit) return;
    if (start === tokens.length) {
      out.push({ values: [...values], fixed, inserted });
      return;
    }
    // A lone run of five figures or more may hold a thousands space read as a digit: the figure
    // where the space stood (fourth from the right) is dropped in another reading.
    const lone = tokens[start];
    if (lone.digits.length >= 5 && /^\d+$/.test(lone.raw)) {
      const at = lone.digits.length - 4;
      const without = lone.digits.slice(0, at) + lone.digits.slice(at + 1);
      if (!/^0/.test(without)) walk(start + 1, [...values, Number(without)], fixed, true);
    }
    let digits = '';
    let anyFixed = fixed;
    for (let end = start; end < tokens.length; end++) {
      const token = tokens[end];
      if (end > start) {
        if (!/^\d{3}$/.test(token.digits) || !/^\d{1,3}$/.test(tokens[start].digits)) break;
        if (columnsKnown && token.gap > 1) break;
      }
      digits += token.digits;
      anyFixed ||= token.fixed;
      // A till never prints an amount with a leading zero: "040" is the end of "40 040".
      if (/^0\d/.test(digits)) break;
      walk(end + 1, [...values, Number(digits)], anyFixed, inserted);
    }
  };
  walk(0, [], false, false);
  return out;
}

/** A token that may close an amount column without being one: currency, VAT code, a star. */
export function isAmountSuffix(text: string): boolean {
  return /^(?:f|fcfa|cfa|xaf|frs?|francs?|a|b|c|d|e|t\d?|\*+|%)\.?$/i.test(text);
}

/**
 * Splits a last token where OCR lost the space between a word and its amount: "ELEPHANT6500" →
 * "ELEPHANT" "6500", "5KG6500" → "5KG" "6500" (the size is kept whole), "TOTAL:13500".
 */
export function splitGluedAmount(tokens: Token[]): Token[] {
  const last = tokens[tokens.length - 1];
  if (!last || tokens.length < 2) return tokens;
  const m = /^(.*[\p{L}:'])(\d{3,}|\d{1,3}(?:[.,]\d{3})+)$/u.exec(last.text);
  if (!m) return tokens;
  const head = m[1].replace(/:$/, '');
  // A head ending in figures must end in a size ("ELEPHANT5KG" + "6500"): else the cut is a guess.
  const glued = /(\d+(?:[.,]\d+)?[\p{L}]+)$/u.exec(head);
  if (/\d/.test(head) && !(glued && readSize(glued[1]))) return tokens;
  return [...tokens.slice(0, -1), { text: head, gap: last.gap }, { text: m[2], gap: 1 }];
}
