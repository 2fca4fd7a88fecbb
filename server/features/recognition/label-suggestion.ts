// What a packet says when the catalogue does not have the product: a cleaned name guess, the unit
// its size suggests, and the labels shown in the result (barcode, brand, the words read). Pure.
import type { DetectedLabel } from '#contract/recognition';
import { RECOGNITION_LABELS_MAX } from '#contract/recognition';
import type { Size } from '../imports/line-parser';
import { foldText, wordKind } from '../imports/match-text';
import type { LabelLine } from './label-match';

/** Lines read less surely than this are not offered as the product's name. */
const NAME_LINE_CONFIDENCE = 60;
/** Words read less surely than this are not shown as labels. */
const LABEL_WORD_CONFIDENCE = 70;
const NAME_MAX_CHARS = 80;

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
const digits = (text: string) => text.match(/\d/g)?.length ?? 0;

/** A word that looks like a word: long enough, with a vowel, not a run of capitals and symbols of OCR junk. */
function wordLike(word: string): boolean {
  const folded = foldText(word);
  if (folded.length < 3 || !/^[a-z]+$/.test(folded)) return false;
  if (!/[aeiouy]/.test(folded)) return false;
  return !/(.)\1\1/.test(folded);
}

/** How much a line reads like a product name (0 when it does not). */
function nameScore(line: LabelLine, exclude: Set<string>): number {
  const text = line.text;
  if (line.confidence < NAME_LINE_CONFIDENCE) return 0;
  const words = text.split(/\s+/).filter(wordLike).filter((w) => !exclude.has(foldText(w)));
  if (words.length === 0) return 0;
  // Prices, dates and codes are not names; a size alone is read separately.
  if (/fcfa|cfa|€|\d{4,}/i.test(text)) return 0;
  const share = letters(text) / Math.max(1, text.replace(/\s/g, '').length);
  if (share < 0.7) return 0;
  const length = Math.min(1, words.join('').length / 10);
  return (line.confidence / 100) * share * (0.5 + 0.5 * length) - 0.05 * digits(text);
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);

/**
 * The product's name as the packet writes it: the one or two lines that read most like a name (in
 * the order read), without the brand, with the size appended. Null when nothing readable was found.
 */
export function guessName(lines: readonly LabelLine[], brand: string | null, size: { text: string } | null): string | null {
  const exclude = new Set(brand ? foldText(brand).split(' ') : []);
  const scored = lines.map((line, index) => ({ line, index, score: nameScore(line, exclude) })).filter((s) => s.score > 0.3);
  if (scored.length === 0) return null;
  const chosen = [...scored].sort((a, b) => b.score - a.score).slice(0, 2).sort((a, b) => a.index - b.index);
  let name = chosen
    .map((s) =>
      s.line.text
        .split(/\s+/)
        .filter((w) => !exclude.has(foldText(w)))
        .join(' ')
        .replace(/^[^\p{L}\d]+|[^\p{L}\d)]+$/gu, ''),
    )
    .filter(Boolean)
    .join(' ');
  const sizeText = size ? sizeLabel(size.text) : null;
  if (sizeText && !foldText(name).includes(foldText(sizeText))) name = `${name} ${sizeText}`;
  name = name.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX_CHARS);
  return name ? capitalise(name) : null;
}

/** "Net 400 g" → "400 g". */
function sizeLabel(text: string): string | null {
  const m = /(\d+(?:[.,]\d+)?)\s*(kg|g|l|cl|ml)\b/i.exec(text);
  return m ? `${m[1]} ${m[2].length === 1 ? m[2].toUpperCase().replace('G', 'g') : m[2].toLowerCase().replace('ml', 'mL')}` : null;
}

/** The unit a packet's size suggests (the product form's units). */
export function unitFromSize(size: Size | null): string {
  if (!size) return 'pièce';
  if (size.unit === 'g') return size.value >= 1000 ? 'kg' : 'g';
  return size.value >= 1000 ? 'L' : 'mL';
}

/** Spec: at most 6 labels; the barcode first, then the brand, then the surest words read. */
export function detectedLabels(input: {
  barcode: DetectedLabel | null;
  brand: { name: string; confidence: number } | null;
  lines: readonly LabelLine[];
}): DetectedLabel[] {
  const labels: DetectedLabel[] = [];
  if (input.barcode) labels.push(input.barcode);
  const shown = new Set<string>();
  if (input.brand) {
    labels.push({ description: input.brand.name, confidence: round2(input.brand.confidence) });
    for (const w of foldText(input.brand.name).split(' ')) shown.add(w);
  }
  const words: { text: string; confidence: number }[] = [];
  for (const line of input.lines) {
    if (line.confidence < LABEL_WORD_CONFIDENCE || /fcfa|cfa/i.test(line.text)) continue;
    for (const raw of line.text.split(/\s+/)) {
      const word = raw.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      const folded = foldText(word);
      if (!wordLike(word) || shown.has(folded) || wordKind(folded) === 'stop') continue;
      shown.add(folded);
      words.push({ text: word, confidence: line.confidence / 100 });
    }
  }
  words.sort((a, b) => b.confidence - a.confidence);
  for (const w of words) {
    if (labels.length >= RECOGNITION_LABELS_MAX) break;
    labels.push({ description: w.text, confidence: round2(w.confidence) });
  }
  return labels.slice(0, RECOGNITION_LABELS_MAX);
}

export const round2 = (n: number) => Math.round(Math.max(0, Math.min(1, n)) * 100) / 100;
