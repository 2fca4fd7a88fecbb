// The one way in for an uploaded document: decide what it is from its bytes, then take its text
// (a text file as is, a PDF's text layer) or read it (photos and scanned pages, through the OCR
// pool). What the text means is the parser's business; only pure OCR noise is dropped here.
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT_MAX_CHARS, DOCUMENT_TIME_BUDGET_MS, type DocumentKind, type ImportStage } from '#contract/imports';
import { AppError } from '../errors';
import { PSM } from 'tesseract.js';
import { looksPriced, withLostAmounts } from './amount-column';
import type { OcrLine, OcrPool, OcrResult } from './ocr-pool';
import { readPdf } from './pdf';
import { preparePhoto } from './preprocess';
import { decodeText, sniffDocument } from './sniff';

export type DocumentProgress = (stage: ImportStage, progress: number, page?: number, pages?: number) => void;
/** A page read by the OCR: the prepared image (binary PGM, upright) the kept reading came from, and its lines with their word boxes. */
export type ReadPage = { image: Buffer; lines: OcrLine[] };
/** `pages`: the photo, or each scanned page, as read (a text PDF or a text file has none): receipts keep a masked copy as proof. */
export type DocumentText = { kind: DocumentKind; text: string; ocrConfidence: number | null; pages?: ReadPage[] };

// Upright text reads at 85–95 % confidence, upside-down text at 50–65 %: below this the photo is
// also read turned 180° and the better reading kept.
const CONFIDENT_UPRIGHT = 78;
// Below this after both, the line direction itself may be wrong: the quarter turns are tried.
const POOR_READING = 50;
// Share of the recognising progress given to the first reading (the 180° retry takes the rest).
const FIRST_READING_SHARE = 0.85;

/** When the document's reading must end (issue 27, item 5: no document holds the OCR for long). */
export type ReadingBudget = { budgetMs?: number; now?: () => number };

/**
 * A document's time budget: `left()` whether another recognition may start (a retry is skipped past
 * it), `check()` throws the French 422 when a reading that is needed (a page) can no longer start.
 */
function deadlineOf({ budgetMs = DOCUMENT_TIME_BUDGET_MS, now = Date.now }: ReadingBudget) {
  const end = now() + budgetMs;
  const left = () => now() < end;
  return {
    left,
    check: () => {
      if (!left()) throw new AppError('DOCUMENT_TOO_SLOW');
    },
  };
}
type Deadline = ReturnType<typeof deadlineOf>;

export async function readDocument(bytes: Buffer, pool: OcrPool, onProgress?: DocumentProgress, budget: ReadingBudget = {}): Promise<DocumentText> {
  const deadline = deadlineOf(budget);
  if (bytes.length === 0) throw new AppError('DOCUMENT_REQUIRED');
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  const report = onProgress ?? (() => {});
  report('reading', 0);
  const type = sniffDocument(bytes);
  if (type === null) throw new AppError('DOCUMENT_UNSUPPORTED');
  if (type === 'text') {
    // A character takes at most 4 bytes: longer than this, the text is too long before decoding it.
    if (bytes.length > DOCUMENT_TEXT_MAX_CHARS * 4) throw new AppError('DOCUMENT_TEXT_TOO_LONG');
    const text = withinTextLimit(decodeText(bytes));
    report('reading', 1);
    return { kind: 'text', text, ocrConfidence: null };
  }
  if (type === 'pdf') return readPdfDocument(bytes, pool, report, deadline);

  report('reading', 1);
  report('preparing', 0);
  const page = await readImage(bytes, pool, (fraction) => report('recognising', fraction), () => report('preparing', 1), deadline);
  report('recognising', 1);
  return { kind: 'photo', text: joinLines(page.lines), ocrConfidence: meanConfidence(page.lines), pages: [page] };
}

/** The parser and the matcher work on lists, not books: past the pasted-text limit, a 413. */
function withinTextLimit(text: string): string {
  if (text.length > DOCUMENT_TEXT_MAX_CHARS) throw new AppError('DOCUMENT_TEXT_TOO_LONG');
  return text;
}

async function readPdfDocument(bytes: Buffer, pool: OcrPool, report: DocumentProgress, deadline: Deadline): Promise<DocumentText> {
  const { pages } = await readPdf(bytes, (page, pages) => report('reading', (page - 1) / pages, page, pages));
  report('reading', 1);
  const scanned = pages.filter((page) => page.lines.length === 0 && page.images.length > 0);
  if (scanned.length === 0) {
    return { kind: 'pdf', text: withinTextLimit(pages.flatMap((page) => page.lines).join('\n')), ocrConfidence: null };
  }

  const texts: string[] = [];
  const ocrLines: OcrLine[] = [];
  const read: ReadPage[] = [];
  let done = 0;
  for (const page of pages) {
    if (page.lines.length > 0) {
      texts.push(page.lines.join('\n'));
      continue;
    }
    const index = done++;
    const total = scanned.length;
    for (const image of page.images) {
      report('preparing', index / total, index + 1, total);
      const scannedPage = await readImage(
        image,
        pool,
        (fraction) => report('recognising', (index + fraction) / total, index + 1, total),
        () => {},
        deadline,
      );
      const lines = scannedPage.lines;
      read.push(scannedPage);
      ocrLines.push(...lines);
      if (lines.length > 0) texts.push(joinLines(lines));
    }
  }
  report('recognising', 1, scanned.length, scanned.length);
  return { kind: 'scanned_pdf', text: texts.join('\n'), ocrConfidence: meanConfidence(ocrLines), pages: read };
}

/**
 * Preprocesses and reads one image. The projection search proposes a line direction; whether the
 * text is upside down is settled by reading it both ways when the first reading is unsure. When
 * the projections barely told the two line directions apart, an unsure reading is also tried in
 * the other direction; a reading that stays poor is tried at every quarter turn. The best-scoring
 * reading is kept.
 */
async function readImage(image: Buffer, pool: OcrPool, onFraction: (fraction: number) => void, onPrepared: () => void, deadline: Deadline): Promise<ReadPage> {
  deadline.check();
  const prepared = await oneAtATime(() => preparePhoto(image));
  onPrepared();
  deadline.check();
  let best = await pool.recognise(prepared.image, (f) => onFraction(f * FIRST_READING_SHARE));
  let bestImage = prepared.image;
  let bestIsOther = false;
  let tries = 0;
  // Past the budget, the reading in hand is kept: the retries only ever improve on it.
  const retry = async (candidate: Buffer, other: boolean) => {
    if (!deadline.left()) return;
    const share = (1 - FIRST_READING_SHARE) / 3;
    const index = Math.min(tries++, 2);
    const result = await pool.recognise(candidate, (f) => onFraction(FIRST_READING_SHARE + share * (index + f)));
    if (readingScore(result) > readingScore(best)) {
      best = result;
      bestImage = candidate;
      bestIsOther = other;
    }
  };
  const turned = once(() => oneAtATime(() => prepared.turned()));
  // Each candidate is read once at most, whichever way the doubts lead to it.
  const tried = new Set<string>();
  const attempt = async (name: 'quarter' | 'threeQuarters' | 'flipped') => {
    if (tried.has(name)) return;
    tried.add(name);
    if (name === 'flipped') await retry(await oneAtATime(() => prepared.flipped()), false);
    else await retry((await turned())[name === 'quarter' ? 0 : 1], true);
  };
  // Poor: unsure, or mostly specks and symbols ("o", "Lo)", "œ" read at 52 % off sideways lines).
  const poor = () => Math.min(confidenceOf(best), readingScore(best)) < POOR_READING;
  if (prepared.ambiguous && confidenceOf(best) < CONFIDENT_UPRIGHT) await attempt('quarter');
  if (confidenceOf(best) < CONFIDENT_UPRIGHT) {
    // Upside down: the current best direction turned 180°.
    await attempt(bestIsOther ? 'threeQuarters' : 'flipped');
  }
  if (poor()) {
    await attempt('quarter');
    if (confidenceOf(best) < CONFIDENT_UPRIGHT) await attempt('threeQuarters');
    if (poor()) await attempt('flipped');
  }
  let lines = best.lines;
  // A priced document (a receipt): its amount column may have been left out of the page layout.
  if (looksPriced(lines) && deadline.left()) {
    const sparse = await pool.recognise(bestImage, undefined, { pageSegMode: PSM.SPARSE_TEXT });
    lines = withLostAmounts(lines, sparse.lines);
  }
  return { image: bestImage, lines: lines.map(withoutLeadingMark).filter((line) => !isNoise(line)) };
}

/**
 * Drops a first word with neither letter nor digit: a bullet, a dash, or a tick or box tesseract
 * has no glyph for and reads as "/", "|", "»"… It means nothing to the list, and glued to the next
 * word it could turn into a digit or a letter.
 */
export function withoutLeadingMark(line: OcrLine): OcrLine {
  const words = line.words;
  if (!words || words.length < 2) return line;
  const first = words[0].text.trim();
  if (first === '' || /[\p{L}\p{N}]/u.test(first)) return line;
  const start = line.text.indexOf(first);
  if (start === -1 || line.text.slice(0, start).trim() !== '') return line;
  return { ...line, text: line.text.slice(start + first.length).replace(/^\s+/, ''), words: words.slice(1) };
}

// Photos are prepared one at a time in the process: the preparation's pixel loops run on the main
// thread in short turns, and with several photos at once a request would wait behind each of
// their turns (issue 29, item 5: the API's p95 within 2× of idle while 4 receipts are read).
let preparing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = preparing.then(work, work);
  preparing = run.catch(() => {});
  return run;
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

/**
 * The page's confidence, as what to retry on: tesseract answers a page of sideways lines with no
 * text at all and a high confidence (95), which must not pass for a sure reading.
 */
function confidenceOf(result: OcrResult): number {
  return result.lines.some((line) => /[\p{L}\d]/u.test(line.text)) ? result.confidence : 0;
}

/** Confidence, discounted when little of the reading is letters (garbage reads as symbols). */
function readingScore(result: OcrResult): number {
  // Spaces are no garbage: a receipt's columns are runs of them.
  const text = result.lines.map((line) => line.text).join('').replace(/\s/g, '');
  if (text.length === 0) return 0;
  const letters = text.match(/[\p{L}\d]/gu)?.length ?? 0;
  return result.confidence * Math.min(1, (letters / text.length) * 1.25);
}

/** A line that is OCR noise: specks, rules, paper edges read as characters. */
export function isNoise(line: OcrLine): boolean {
  const text = line.text.trim();
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\d/gu)?.length ?? 0;
  if (letters + digits === 0) return true;
  if (line.confidence < 40 && letters < 3) return true;
  return line.confidence < 30 && letters / text.replace(/\s/g, '').length < 0.5;
}

const joinLines = (lines: OcrLine[]) => lines.map((line) => line.text).join('\n');

/** Mean confidence of the kept lines, weighted by their length (0 when nothing was read). */
function meanConfidence(lines: OcrLine[]): number {
  let weight = 0;
  let sum = 0;
  for (const line of lines) {
    const length = line.text.trim().length;
    weight += length;
    sum += line.confidence * length;
  }
  return weight === 0 ? 0 : Math.round(sum / weight);
}
