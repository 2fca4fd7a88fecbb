// Scores one import answer against the list the document shows.
// - A catalogue line is found when a returned item is linked to one of the products it accepts
//   (one returned item per line: a maximum bipartite matching).
// - A line not in the catalogue is found when a returned manual item (exists_in_db false) has a
//   name close to what was written.
// - Precision: of the returned items linked to a product, how many are one of those found; a
//   heading or a note linked to a product, or an off-catalogue item forced onto one, is wrong.
// - Quantity: a found line whose returned quantity is the one written.
import type { ExtractedItem } from '#contract/imports';
import { foldAccents, type ShoppingList, type Truth } from './dataset';

export type Counts = {
  catalogueTotal: number;
  catalogueFound: number;
  manualTotal: number;
  manualFound: number;
  linked: number;
  linkedRight: number;
  high: number;
  highRight: number;
  quantityRight: number;
  /** Manual items returned that match no line of the list (notes, headings, OCR debris). */
  extraManual: number;
};

export type Failure = { type: 'missed' | 'wrong' | 'quantity' | 'manual-missed'; line: string; expected: string; got: string };

export type DocScore = { counts: Counts; failures: Failure[] };

export const emptyCounts = (): Counts => ({ catalogueTotal: 0, catalogueFound: 0, manualTotal: 0, manualFound: 0, linked: 0, linkedRight: 0, high: 0, highRight: 0, quantityRight: 0, extraManual: 0 });

export function addCounts(a: Counts, b: Counts): Counts {
  const out = { ...a };
  for (const key of Object.keys(b) as (keyof Counts)[]) out[key] += b[key];
  return out;
}

/** Lower case, no accents, letters and digits separated by single spaces. */
export const fold = (text: string) => foldAccents(text).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Edits (insert, delete, replace) from `a` to `b`. */
export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

export function similarity(a: string, b: string): number {
  const x = fold(a);
  const y = fold(b);
  if (!x || !y) return 0;
  if (x.includes(y) || y.includes(x)) return 1;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length);
}

/** Whether a manual item's name says what was written (OCR may have changed a letter or two). */
function manualMatches(item: ExtractedItem, name: string): number {
  const words = fold(name).split(' ').filter((w) => w.length >= 3);
  const got = fold(item.name);
  const gotWords = got.split(' ');
  // Every significant word of the written name is in the item's name, allowing one wrong letter in five.
  const allWords = words.length > 0 && words.every((w) => gotWords.some((g) => g === w || (w.length >= 5 && 1 - levenshtein(g, w) / Math.max(g.length, w.length) >= 0.8)));
  return allWords ? 1 : similarity(item.name, name);
}

const MANUAL_THRESHOLD = 0.75;

type ProductTruth = Extract<Truth, { kind: 'product' }>;
const quantityOk = (truth: { quantity: number; quantityAlt?: number }, got: number) => got === truth.quantity || got === truth.quantityAlt;

export function scoreDocument(list: ShoppingList, items: ExtractedItem[], idByName: Map<string, string>, nameById: Map<string, string>): DocScore {
  const counts = emptyCounts();
  const failures: Failure[] = [];
  const productLines = list.lines.filter((l) => l.truth.kind === 'product');
  const manualLines = list.lines.filter((l) => l.truth.kind === 'manual');
  const linked = items.filter((i) => i.exists_in_db && i.product_id);
  const manual = items.filter((i) => !i.exists_in_db || !i.product_id);
  const acceptIds = productLines.map((l) => new Set((l.truth as ProductTruth).accept.map((n) => idByName.get(n)!)));

  // Maximum bipartite matching line ↔ linked item (augmenting paths; lists are short).
  const itemOfLine = new Array<number>(productLines.length).fill(-1);
  const lineOfItem = new Array<number>(linked.length).fill(-1);
  const tryLine = (l: number, seen: Set<number>): boolean => {
    for (let i = 0; i < linked.length; i++) {
      if (seen.has(i) || !acceptIds[l].has(linked[i].product_id!)) continue;
      seen.add(i);
      if (lineOfItem[i] === -1 || tryLine(lineOfItem[i], seen)) {
        lineOfItem[i] = l;
        itemOfLine[l] = i;
        return true;
      }
    }
    return false;
  };
  productLines.forEach((_, l) => tryLine(l, new Set()));

  // Closest returned item to a line, to say what came back instead.
  const closest = (text: string) => {
    let best: ExtractedItem | undefined;
    let bestScore = 0.45;
    for (const item of items) {
      const score = similarity(item.original_text, text);
      if (score > bestScore) {
        best = item;
        bestScore = score;
      }
    }
    return best ? describe(best, nameById) : '(rien)';
  };

  counts.catalogueTotal = productLines.length;
  productLines.forEach((line, l) => {
    const truth = line.truth as ProductTruth;
    const expected = `${truth.accept[0]}${truth.accept.length > 1 ? ` (ou ${truth.accept.length - 1} autre(s))` : ''} ×${truth.quantity}`;
    const i = itemOfLine[l];
    if (i === -1) {
      failures.push({ type: 'missed', line: line.text, expected, got: closest(line.text) });
      return;
    }
    counts.catalogueFound += 1;
    if (quantityOk(truth, linked[i].quantity)) counts.quantityRight += 1;
    else failures.push({ type: 'quantity', line: line.text, expected, got: describe(linked[i], nameById) });
  });

  counts.linked = linked.length;
  linked.forEach((item, i) => {
    const right = lineOfItem[i] !== -1;
    if (right) counts.linkedRight += 1;
    if (item.confidence === 'high') {
      counts.high += 1;
      if (right) counts.highRight += 1;
    }
    if (!right) failures.push({ type: 'wrong', line: item.original_text, expected: expectedFor(item.original_text, list), got: describe(item, nameById) });
  });

  // Manual lines: greedy on the closest names.
  counts.manualTotal = manualLines.length;
  const usedManual = new Set<number>();
  for (const line of manualLines) {
    const truth = line.truth as Extract<Truth, { kind: 'manual' }>;
    let best = -1;
    let bestScore = MANUAL_THRESHOLD;
    manual.forEach((item, i) => {
      if (usedManual.has(i)) return;
      const score = manualMatches(item, truth.name);
      if (score >= bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best === -1) {
      failures.push({ type: 'manual-missed', line: line.text, expected: `article libre « ${truth.name} »`, got: closest(line.text) });
      continue;
    }
    usedManual.add(best);
    counts.manualFound += 1;
    if (quantityOk(truth, manual[best].quantity)) counts.quantityRight += 1;
    else failures.push({ type: 'quantity', line: line.text, expected: `article libre « ${truth.name} » ×${truth.quantity}`, got: describe(manual[best], nameById) });
  }
  counts.extraManual = manual.length - usedManual.size;
  return { counts, failures };
}

function describe(item: ExtractedItem, nameById: Map<string, string>): string {
  const what = item.exists_in_db && item.product_id ? (nameById.get(item.product_id) ?? item.name) : `libre « ${item.name} »`;
  return `${what} ×${item.quantity} [${item.confidence}] ← « ${item.original_text} »`;
}

/** What the list meant on the line a wrongly linked item came from. */
function expectedFor(originalText: string, list: ShoppingList): string {
  let best = list.lines[0];
  let bestScore = -1;
  for (const line of list.lines) {
    const score = similarity(line.text, originalText);
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  if (!best || bestScore < 0.4) return '(aucune ligne de la liste)';
  const t = best.truth;
  if (t.kind === 'none') return `rien (titre ou note « ${best.text} »)`;
  if (t.kind === 'manual') return `article libre « ${t.name} »`;
  return `${t.accept[0]} ×${t.quantity}`;
}

/** Words of the list (3 letters or more) that the extracted text does not contain: what OCR lost. */
export function missedWords(list: ShoppingList, extractedText: string): string[] {
  const read = new Set(fold(extractedText).split(' '));
  return list.lines
    .filter((l) => l.truth.kind !== 'none')
    .flatMap((l) => fold(l.text).split(' '))
    .filter((w) => w.length >= 3 && /[a-z]/.test(w) && !read.has(w));
}
