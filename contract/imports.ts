// Shopping lists from a document (spec part 2 sections 3, 4, 5, 7): a photo, a PDF or a text/CSV
// file sent to POST /api/extract-shopping-list, read (OCR for photos and scanned pages), cut into
// lines and matched to the catalogue. The answer keeps the spec's shape and adds, per item, the
// quantity, the unit read and the next best catalogue products so that a wrong match can be replaced.

import { z } from './zod';

/** Largest accepted document (spec: imported images 10 MB). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Pages of a PDF that are read; a shopping list longer than this is not a shopping list. */
export const PDF_MAX_PAGES = 10;
/** Largest image a PDF may declare, in pixels (a 600 dpi A4 page); read from its dictionary before any decoding. */
export const PDF_IMAGE_MAX_PIXELS = 40_000_000;
/** What a PDF's text, fonts and structure (every stream but its images) may inflate to: a list's take a few kB. */
export const PDF_INFLATED_MAX_BYTES = 32 * 1024 * 1024;
/** Characters of text a document may hold: the limit of a pasted list (IMPORT_TEXT_MAX in contract/lists.ts). */
export const DOCUMENT_TEXT_MAX_CHARS = 200_000;
/** The longest one document's reading may take (every page and every retry): past it, a 422 and the OCR is free again. */
export const DOCUMENT_TIME_BUDGET_MS = 120_000;
/** Candidates returned per item besides the chosen product. */
export const MATCH_CANDIDATES_MAX = 4;

/** What the content turned out to be (decided from the bytes, never the name or the client's MIME). */
export const DOCUMENT_KINDS = ['photo', 'pdf', 'scanned_pdf', 'text', 'csv'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where an item's text came from: OCR (photo or scanned page), a PDF's text layer, text, CSV. */
export const EXTRACTED_SOURCES = ['ocr_suggestion', 'pdf_text', 'text_import', 'csv_import'] as const;
export type ExtractedSource = (typeof EXTRACTED_SOURCES)[number];

export const MATCH_CONFIDENCES = ['high', 'medium', 'low'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

/** A catalogue product that could be what the line meant, with its score (0–1, higher is closer). */
export const MatchCandidateSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  unit: z.string().nullable(),
  score: z.number(),
});
export type MatchCandidate = z.infer<typeof MatchCandidateSchema>;

/** Extracted item (spec part 2 section 3) plus quantity, unit and candidates. */
export const ExtractedItemSchema = z.object({
  name: z.string(),
  category: z.string().nullable(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  original_text: z.string(),
  exists_in_db: z.boolean(),
  product_id: z.string().nullable(),
  confidence: z.enum(MATCH_CONFIDENCES),
  source: z.enum(EXTRACTED_SOURCES),
  /** Whole number ≥ 1, as a list item requires. */
  quantity: z.number(),
  /** The unit or pack written on the line ("kg", "L", "boîte"…), or null. */
  unit: z.string().nullable(),
  /** Best other catalogue products, best first (never includes product_id). */
  candidates: z.array(MatchCandidateSchema),
});
export type ExtractedItem = z.infer<typeof ExtractedItemSchema>;

/** POST /api/extract-shopping-list answer (spec part 2 section 7) plus what was read. */
export const ImportResultSchema = z.object({
  success: z.boolean(),
  item_count: z.number(),
  extracted_text: z.string(),
  basic_items: z.array(z.string()),
  enhanced_items: z.array(ExtractedItemSchema),
  document_kind: z.enum(DOCUMENT_KINDS),
  /** Mean OCR confidence 0–100 for photos and scanned pages, null otherwise. */
  ocr_confidence: z.number().nullable(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** Stages reported while a document is analysed. */
export const IMPORT_STAGES = ['reading', 'preparing', 'recognising', 'matching'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/**
 * With `Accept: application/x-ndjson` the endpoint streams one JSON object per line: progress
 * events, then exactly one `result` or `error` (the status the plain JSON answer would have had).
 */
export const ImportStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), stage: z.enum(IMPORT_STAGES), progress: z.number(), page: z.number().optional(), pages: z.number().optional() }),
  z.object({ type: z.literal('result'), result: ImportResultSchema }),
  z.object({ type: z.literal('error'), status: z.number(), detail: z.string(), code: z.string() }),
]);
export type ImportStreamEvent = z.infer<typeof ImportStreamEventSchema>;
