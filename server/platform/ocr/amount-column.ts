// A column of amounts far right of the text (a till receipt's prices) is sometimes left out by
// tesseract's page layout: close to the edge of the paper, next to a busy table, it is taken for
// part of the background and never recognised. Sparse-text segmentation (PSM 11) finds such
// isolated words. Its figures that the first reading did not have are put back on the line they
// stand on (by their boxes), after a column gap, or as a line of their own where no line is.
import type { OcrLine, OcrWord } from './ocr-pool';

/** An amount as printed: figures, maybe grouped by spaces, dots or commas, maybe signed. */
const AMOUNT = /^-?\d{1,3}(?:[ .,]?\d{3})*(?:[.,]\d{2})?-?$/;
/** Lines ending in an amount of three figures or more ("4 590", "1 060"): a priced document. */
const ENDS_PRICED = /\d{1,3}[ .,]?\d{3}\s*$|\b\d{3,}\s*$/;

/** Whether a reading has the priced lines of a receipt or a price list (worth looking for a lost amount column). */
export function looksPriced(lines: readonly OcrLine[]): boolean {
  return lines.filter((line) => ENDS_PRICED.test(line.text)).length >= 3;
}

type Span = { y0: number; y1: number; x1: number };

function spanOf(words: readonly OcrWord[]): Span | null {
  if (words.length === 0) return null;
  return { y0: Math.min(...words.map((w) => w.bbox.y0)), y1: Math.max(...words.map((w) => w.bbox.y1)), x1: Math.max(...words.map((w) => w.bbox.x1)) };
}

const overlaps = (a: OcrWord['bbox'], b: OcrWord['bbox']) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const verticalShare = (a: Span, b: Span) => Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)) / Math.max(1, Math.min(a.y1 - a.y0, b.y1 - b.y0));

/**
 * The first reading's lines with the amounts only the sparse reading found: a sparse line made of
 * figures alone, confident, that touches no word of the first reading. Lines without word boxes
 * are left as they are.
 */
export function withLostAmounts(lines: readonly OcrLine[], sparse: readonly OcrLine[], minConfidence = 60): OcrLine[] {
  const out: OcrLine[] = lines.map((line) => ({ ...line, words: line.words ? [...line.words] : undefined }));
  const known = out.flatMap((line) => line.words ?? []);
  if (known.length === 0) return out;
  for (const found of sparse) {
    const words = found.words ?? [];
    const text = found.text.trim();
    if (words.length === 0 || !AMOUNT.test(text) || !/\d{2}/.test(text) || found.confidence < minConfidence) continue;
    if (words.some((w) => known.some((k) => overlaps(w.bbox, k.bbox)))) continue;
    const span = spanOf(words)!;
    // The line it stands on: the one it shares most of its height with, its text ending left of it.
    let best: { index: number; share: number } | null = null;
    out.forEach((line, index) => {
      const own = spanOf(line.words ?? []);
      if (!own || own.x1 > Math.min(...words.map((w) => w.bbox.x0))) return;
      const share = verticalShare(own, span);
      if (share >= 0.5 && (!best || share > best.share)) best = { index, share };
    });
    if (best) {
      const line = out[(best as { index: number }).index];
      line.text = `${line.text}   ${text}`;
      line.words = [...(line.words ?? []), ...words];
    } else {
      // Between lines (the column printed a little higher or lower): a line of its own, in place.
      const centre = (span.y0 + span.y1) / 2;
      const at = out.findIndex((line) => {
        const own = spanOf(line.words ?? []);
        return own !== null && (own.y0 + own.y1) / 2 > centre;
      });
      const line: OcrLine = { text, confidence: found.confidence, words };
      if (at === -1) out.push(line);
      else out.splice(at, 0, line);
    }
    known.push(...words);
  }
  return out;
}
