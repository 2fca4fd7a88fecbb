// From a document's text to the import answer: lines read by the line parser, matched to the
// catalogue, merged when two lines land on the same product (or name the same manual article).
// The source says where the text came from; for OCR text read with a poor mean confidence every
// match loses one notch of confidence, since the words it was matched on may be misread.
import {
  type DocumentKind,
  type ExtractedItem,
  type ExtractedSource,
  type ImportResult,
  type MatchConfidence,
} from '#contract/imports';
import { foldName, ITEM_NAME_MAX, ITEM_QUANTITY_MAX } from '#contract/lists';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { matchLines } from './catalogue-matcher';
import { type ParsedLine, parseList, type Size } from './line-parser';

/** Mean OCR confidence (0–100) under which OCR matches lose one notch of confidence. */
export const POOR_OCR_CONFIDENCE = 60;

const LOWER: Record<MatchConfidence, MatchConfidence> = { high: 'medium', medium: 'low', low: 'low' };

function sourceOf(kind: DocumentKind, format: 'text' | 'csv'): ExtractedSource {
  if (kind === 'photo' || kind === 'scanned_pdf') return 'ocr_suggestion';
  if (kind === 'pdf') return 'pdf_text';
  return format === 'csv' || kind === 'csv' ? 'csv_import' : 'text_import';
}

function formatSize(size: Size): string {
  const big = size.value >= 1000;
  const value = big ? size.value / 1000 : size.value;
  const unit = size.unit === 'g' ? (big ? 'kg' : 'g') : big ? 'L' : 'mL';
  return `${String(Math.round(value * 100) / 100).replace('.', ',')} ${unit}`;
}

/** A manual item keeps what the user wrote, its size included ("Huile d'olive 1 L"). */
function manualName(line: ParsedLine): string {
  const name = line.size ? `${line.name} ${formatSize(line.size)}` : line.name;
  return name.slice(0, ITEM_NAME_MAX);
}

export async function buildImportResult(
  db: DbOrTx,
  input: { text: string; kind: DocumentKind; ocrConfidence: number | null; filename?: string | null },
): Promise<ImportResult> {
  const parsed = parseList(input.text, input.filename);
  const lines = parsed.lines;
  if (lines.length === 0) throw new AppError('IMPORT_NO_ITEMS');
  const source = sourceOf(input.kind, parsed.format);
  const poorOcr = source === 'ocr_suggestion' && input.ocrConfidence !== null && input.ocrConfidence < POOR_OCR_CONFIDENCE;
  const matches = await matchLines(db, lines);

  const items = new Map<string, ExtractedItem>();
  lines.forEach((line, i) => {
    const match = matches[i];
    const product = match.product;
    const confidence = poorOcr ? LOWER[match.confidence] : match.confidence;
    const item: ExtractedItem = product
      ? {
          name: product.name,
          category: product.category,
          brand: product.brand,
          description: line.notes,
          original_text: line.original_text,
          exists_in_db: true,
          product_id: product.id,
          confidence,
          source,
          quantity: match.quantity,
          unit: line.unit,
          candidates: match.candidates,
        }
      : {
          name: manualName(line),
          category: line.category,
          brand: line.brand,
          description: line.notes,
          original_text: line.original_text,
          exists_in_db: false,
          product_id: null,
          confidence: 'low',
          source,
          quantity: line.quantity,
          unit: line.unit,
          candidates: match.candidates,
        };
    // Two lines on the same product (or the same manual article) make one item with both quantities.
    const key = item.product_id ?? `manual:${foldName(item.name)}`;
    const known = items.get(key);
    if (known) {
      known.quantity = Math.min(ITEM_QUANTITY_MAX, known.quantity + item.quantity);
      known.original_text = `${known.original_text}\n${item.original_text}`;
      known.description = [known.description, item.description].filter(Boolean).join(' ; ') || null;
    } else items.set(key, item);
  });

  const enhanced = [...items.values()];
  return {
    success: true,
    item_count: enhanced.length,
    extracted_text: input.text,
    basic_items: lines.map((l) => l.name),
    enhanced_items: enhanced,
    document_kind: input.kind === 'text' && parsed.format === 'csv' ? 'csv' : input.kind,
    ocr_confidence: input.ocrConfidence,
  };
}
