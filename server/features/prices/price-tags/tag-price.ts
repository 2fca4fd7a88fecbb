// The price printed on a shelf label, from the lines OCR read on it. Pure: no I/O.
//
// A label shows one price big (« 1 350 », « 1.350 F », « 1350 FCFA », « Prix : 2 500 ») and, by
// law, smaller, the price per kilo or litre (« 850 F/kg », « Prix au kilo : 2 700 »), and also
// sizes (« 5 kg », « 90 cl »), a barcode's digits, a date or an article code. So:
//   - a line that speaks of a price per measure gives nothing, nor does an amount followed by a
//     unit (« / kg », « le litre »), a size or a percentage;
//   - amounts read surely (OCR confidence ≥ 60) on the card cut out of the photo come first, then
//     those read surely elsewhere (the shelf around has posters: « PROMO 1200 »), then the rest;
//   - within each, amounts are ranked by the height of their figures (the big number), then by a
//     currency or « Prix » beside them, then by being a multiple of 5 (francs CFA have no coins
//     below 5), and the first is the price;
//   - big figures are spaced wide: OCR may read « 3 850 » as two lines, « 3 » and « 850 F CFA »;
//     a lone group of figures just left of an amount, as tall and on its line, is joined to it
//     (joinSplitAmounts, per reading), and where one view read « 850 » and another « 3 850 » as
//     tall, the longer reading is the price;
//   - the price is sure when it is marked as one (currency, « Prix ») or stands clearly taller
//     than any other amount read.
import { foldLetters } from '#contract/fold';
import type { OcrLine } from '../../../platform/ocr/ocr-pool';

export type TagPrice = { price: number; sure: boolean };
/** A line read on the label; `onCard` when read on the card cut out of the photo (tag-region.ts). */
export type TagLine = OcrLine & { onCard?: boolean };

/** Bounds of a shelf price in XAF: below, a count or a size; above, a code. */
const PRICE_MIN = 25;
const PRICE_MAX = 5_000_000;
/** A price this much taller than every other amount read is the label's big number. */
const TALLER = 1.4;

/** « Prix au kilo », « prix/kg », « le litre », « P.U. kg », « 850 F/kg »: this line is a price per measure. */
const PER_MEASURE_LINE =
  /(?:\bprix\s*(?:au|du|par|\/)\s*(?:kilo|kg|litre|l\b|100\s*g)|\b(?:au|le|la|par|du)\s+(?:kilo|kg|litre|100\s*g)\b|\/\s*(?:kg|kilo|k9|l\b|lt|litre|100\s*g)|\bp\.?\s*u\.?\s*(?:kg|l)\b|\b(?:kg|kilo|litre)\s*:)/;

/** An amount: groups of three figures after a space or a dot (« 1 350 », « 1.350 »), or a run of figures. */
const AMOUNT = /(?<![\d.,])(\d{1,3}(?:[ .\u00a0\u202f]\d{3})+|\d+)(?:[.,]00?)?(?![\d])/g;
/** What follows an amount that is not a price: a size, a unit, a percentage, a count. */
const NOT_PRICE_AFTER = /^\s*(?:%|x\b|×|g\b|gr\b|grammes?\b|kg\b|k9\b|kilos?\b|mg\b|cl\b|ml\b|l\b|lt\b|litres?\b|cm\b|m\b|pcs?\b|pieces?\b|portions?\b|\/|par\b|le\s+(?:kg|kilo|litre)|h\b|mn\b|min\b)/;
const CURRENCY_AFTER = /^\s*(?:fcfa|f\.?\s*cfa|cfa|xaf|frs?\b|f\b|francs?\b)/;
const PRICE_BEFORE = /(?:prix|px|net|a payer|promo)\s*[:.]?\s*$/;
/** A date (« 03/12/2026 », « 12.2026 ») or a time: its figures are no price. */
const DATE_AROUND = /\d{1,2}\s*[/.-]\s*\d{1,2}\s*[/.-]\s*\d{2,4}|\d{1,2}\s*[/.-]\s*20\d{2}|\d{1,2}\s*h\s*\d{2}/g;

/** The digits under a barcode (« 3 057640 123456 »): eight figures or more, however spaced, are no price. */
const CODE_DIGITS = /\d(?:[ \u00a0]?\d){7,}/g;

/** From this OCR confidence a line's figures are trusted; below, a box may span a stripe of clutter. */
const SURE_LINE = 60;

type Candidate = { price: number; height: number; marked: boolean; round: boolean; rank: number };

/** The height of the tallest word of the line that holds figures (0 when OCR gave no boxes). */
function figureHeight(line: OcrLine): number {
  let height = 0;
  for (const word of line.words ?? []) if (/\d/.test(word.text)) height = Math.max(height, word.bbox.y1 - word.bbox.y0);
  return height;
}

/** Letters OCR reads for figures inside a number (« 1 35O », « l 350 »). */
function mendFigures(text: string): string {
  return text.replace(/(?<=\d[ .]?)[oO]|[oO](?=[ .]?\d)/g, '0').replace(/(?<=\s|^)[lI|](?=[ .]\d{3}\b)/g, '1');
}

/** A line that speaks of a price per kilo or litre (« Prix au kilo : 2 700 F », « 850 F/kg »). */
export const isPerMeasure = (line: OcrLine) => PER_MEASURE_LINE.test(foldLetters(line.text));

export function amountsOf(line: TagLine): Candidate[] {
  const folded = foldLetters(mendFigures(line.text)).replace(DATE_AROUND, ' ').replace(CODE_DIGITS, ' ');
  if (PER_MEASURE_LINE.test(folded)) return [];
  const height = figureHeight(line);
  const rank = line.confidence < SURE_LINE ? 0 : line.onCard ? 2 : 1;
  const found: Candidate[] = [];
  for (const m of folded.matchAll(AMOUNT)) {
    const digits = m[1].replace(/\D/g, '');
    // A barcode's digits, an article code, a phone number.
    if (digits.length > 7 || (digits.length > 1 && digits.startsWith('0'))) continue;
    const after = folded.slice((m.index ?? 0) + m[0].length);
    if (NOT_PRICE_AFTER.test(after)) continue;
    const price = Number(digits);
    if (price < PRICE_MIN || price > PRICE_MAX) continue;
    const before = folded.slice(0, m.index ?? 0);
    const marked = CURRENCY_AFTER.test(after) || PRICE_BEFORE.test(before);
    found.push({ price, height, marked, round: price % 5 === 0, rank });
  }
  return found;
}

const boxOf = (line: OcrLine) => {
  const words = line.words ?? [];
  if (words.length === 0) return null;
  return { x0: Math.min(...words.map((w) => w.bbox.x0)), x1: Math.max(...words.map((w) => w.bbox.x1)), y0: Math.min(...words.map((w) => w.bbox.y0)), y1: Math.max(...words.map((w) => w.bbox.y1)) };
};

/** One reading's lines with a lone leading group of figures (« 3 ») joined to the amount on its right (« 850 F CFA »). */
export function joinSplitAmounts<L extends OcrLine>(lines: readonly L[]): L[] {
  const used = new Set<number>();
  const out: L[] = [];
  for (const [i, line] of lines.entries()) {
    const box = boxOf(line);
    if (!box || !/^\d{3}(?!\d)/.test(line.text.trim())) continue;
    const h = box.y1 - box.y0;
    const j = lines.findIndex((other, k) => {
      const b = boxOf(other);
      if (k === i || used.has(k) || !b || !/^\d{1,3}$/.test(other.text.trim())) return false;
      const oh = b.y1 - b.y0;
      const gap = box.x0 - b.x1;
      return oh >= 0.75 * h && oh <= 1.33 * h && Math.abs((b.y0 + b.y1) / 2 - (box.y0 + box.y1) / 2) < 0.4 * h && gap >= 0 && gap < 1.2 * h;
    });
    if (j < 0) continue;
    used.add(i).add(j);
    const left = lines[j];
    out.push({ ...line, text: `${left.text.trim()} ${line.text.trim()}`, confidence: Math.min(line.confidence, left.confidence), words: [...(left.words ?? []), ...(line.words ?? [])] });
  }
  return [...out, ...lines.filter((_, k) => !used.has(k))];
}

/** The label's price (see the header), or null when the label shows none. */
export function readTagPrice(lines: readonly TagLine[]): TagPrice | null {
  const candidates = lines.flatMap(amountsOf);
  if (candidates.length === 0) return null;
  const ranked = [...candidates].sort(
    (a, b) => b.rank - a.rank || b.height - a.height || Number(b.marked) - Number(a.marked) || Number(b.round) - Number(a.round) || b.price - a.price,
  );
  let best = ranked[0];
  // « 850 » where another view read « 3 850 » as tall: the figure lost was the first.
  const longer = ranked.find((c) => c.rank >= Math.min(1, best.rank) && c.height >= 0.75 * best.height && String(c.price).length > String(best.price).length && String(c.price).endsWith(String(best.price)));
  if (longer) best = longer;
  const others = ranked.filter((c) => c.price !== best.price && c.rank === best.rank);
  const taller = best.height > 0 && others.every((c) => best.height >= TALLER * c.height);
  const marked = candidates.some((c) => c.price === best.price && c.marked);
  return { price: best.price, sure: best.round && (marked || taller) };
}
