// The import screen's pure rules: which files may be sent, how the upload and the server's stages
// add up to one progress bar, and how a reviewed line becomes a list item.
import { DOCUMENT_MAX_BYTES, type ExtractedItem, type MatchCandidate, type MatchConfidence } from '#contract/imports';
import { fr } from '#contract/messages';
import type { UploadProgress } from './import-upload';

const DOCUMENT_NAME = /\.(jpe?g|png|webp|pdf|txt|text|csv|tsv)$/i;
const DOCUMENT_TYPE = /^(image\/|text\/|application\/pdf$)/;

/** The French reason a file is refused before upload, or null. The server decides by content anyway. */
export function checkDocument(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size > DOCUMENT_MAX_BYTES) return fr.lists.fileTooLarge;
  if (file.size === 0) return fr.lists.imageRequired;
  if (!DOCUMENT_TYPE.test(file.type) && !DOCUMENT_NAME.test(file.name)) return fr.lists.imageRequired;
  return null;
}

export const isImageFile = (file: Pick<File, 'name' | 'type'>) => file.type.startsWith('image/') || /\.(jpe?g|png|webp)$/i.test(file.name);

// Share of the bar each phase fills: the upload, then the server's stages in their order. OCR is
// most of the wait, so it gets most of the bar; a text file jumps from reading to matching.
const SPANS: Record<UploadProgress['phase'], [number, number]> = {
  uploading: [0, 15],
  reading: [15, 25],
  preparing: [25, 35],
  recognising: [35, 90],
  matching: [90, 100],
};

/** The bar's value (0–100) for a progress report; never lower than what it already showed. */
export function overallPercent(progress: UploadProgress, shown = 0): number {
  const [from, to] = SPANS[progress.phase];
  let within = Math.min(1, Math.max(0, progress.progress));
  // A multi-page OCR reports each page's progress: place it within the whole document.
  if (progress.phase === 'recognising' && progress.pages && progress.page) within = (progress.page - 1 + within) / progress.pages;
  return Math.max(shown, Math.round(from + (to - from) * within));
}

/** "Reconnaissance du texte… (page 1/2)" and the like. */
export function stageLabel(progress: UploadProgress): string {
  const label = fr.importsUi.stage[progress.phase];
  if (progress.phase !== 'uploading' && progress.pages && progress.pages > 1 && progress.page) return `${label} ${fr.importsUi.page(progress.page, progress.pages)}`;
  return label;
}

/** What a review line will add: a catalogue product, or a manual item with its name. */
export type ReviewChoice = { kind: 'product'; product_id: string; name: string; brand: string | null; category: string | null } | { kind: 'manual'; name: string };

export type ReviewLine = {
  key: string;
  read: string;
  choice: ReviewChoice;
  quantity: number;
  checked: boolean;
  confidence: MatchConfidence;
  /** The user picked the product (or chose a manual item) themselves. */
  changed: boolean;
  /** The product the server matched first, so that the user can go back to it. */
  matched: MatchCandidate | null;
  candidates: MatchCandidate[];
  source: ExtractedItem['source'];
};

// Bullets, check boxes and numbering people put before a line: "- ", "• ", "[ ] ", "☐ ", "1. ", "2) ".
const LEADING_MARKS = /^\s*(?:[-–—*•·▪◦>+]|\[\s?[xX✓]?\s?\]|[☐☑✓✔]|\d{1,2}\s*[.)])\s*/u;

// A count written as "2 x", "x2", "×3" or "(2)": the quantity is already on the line's stepper.
const LEADING_COUNT = /^\d{1,3}\s*[x×*]\s*/iu;
const TRAILING_COUNT = /\s*(?:[x×*]\s*\d{1,3}|\(\s*\d{1,3}\s*\))$/iu;

/** A manual item's name from what was read: the line without its bullet and its written count. */
export const manualNameFrom = (read: string) => {
  const bare = read.replace(LEADING_MARKS, '').trim();
  const named = bare.replace(LEADING_COUNT, '').replace(TRAILING_COUNT, '').trim();
  return (named || bare).slice(0, 120);
};

export function toReviewLines(items: ExtractedItem[]): ReviewLine[] {
  return items.map((item, index) => ({
    key: `line-${index}`,
    read: item.original_text,
    choice:
      item.exists_in_db && item.product_id
        ? { kind: 'product', product_id: item.product_id, name: item.name, brand: item.brand, category: item.category }
        : { kind: 'manual', name: manualNameFrom(item.name || item.original_text) },
    quantity: Math.max(1, Math.floor(item.quantity || 1)),
    // Every line starts ticked; an uncertain one stands out instead, so nothing read is silently lost.
    checked: true,
    confidence: item.confidence,
    changed: false,
    matched: item.exists_in_db && item.product_id ? { product_id: item.product_id, name: item.name, brand: item.brand, category: item.category ?? '', unit: item.unit, score: 1 } : null,
    candidates: item.candidates ?? [],
    source: item.source,
  }));
}

/** The chosen lines, as the extracted items the list editor and the comparator already take. */
export function toExtractedItems(lines: ReviewLine[]): ExtractedItem[] {
  return lines
    .filter((line) => line.checked)
    .map((line) => {
      const { choice } = line;
      const product = choice.kind === 'product';
      return {
        name: choice.name,
        category: product ? choice.category : null,
        brand: product ? choice.brand : null,
        description: null,
        original_text: line.read,
        exists_in_db: product,
        product_id: product ? choice.product_id : null,
        confidence: line.changed ? 'high' : line.confidence,
        source: line.source,
        quantity: line.quantity,
        unit: null,
        candidates: [],
      };
    });
}
