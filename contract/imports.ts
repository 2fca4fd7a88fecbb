// Shopping lists from a document (spec part 2 sections 3, 4, 5, 7): a photo, a PDF or a text/CSV
// file sent to POST /api/extract-shopping-list, read (OCR for photos and scanned pages), cut into
// lines and matched to the catalogue. The answer keeps the spec's shape and adds, per item, the
// quantity, the unit read and the next best catalogue products so that a wrong match can be replaced.

/** Largest accepted document (spec: imported images 10 MB). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Pages of a PDF that are read; a shopping list longer than this is not a shopping list. */
export const PDF_MAX_PAGES = 10;
/** Candidates returned per item besides the chosen product. */
export const MATCH_CANDIDATES_MAX = 4;

/** What the content turned out to be (decided from the bytes, never the name or the client's MIME). */
export type DocumentKind = 'photo' | 'pdf' | 'scanned_pdf' | 'text' | 'csv';

/** Where an item's text came from: OCR (photo or scanned page), a PDF's text layer, text, CSV. */
export type ExtractedSource = 'ocr_suggestion' | 'pdf_text' | 'text_import' | 'csv_import';

export type MatchConfidence = 'high' | 'medium' | 'low';

/** A catalogue product that could be what the line meant, with its score (0–1, higher is closer). */
export type MatchCandidate = {
  product_id: string;
  name: string;
  brand: string | null;
  category: string;
  unit: string | null;
  score: number;
};

/** Extracted item (spec part 2 section 3) plus quantity, unit and candidates. */
export type ExtractedItem = {
  name: string;
  category: string | null;
  brand: string | null;
  description: string | null;
  original_text: string;
  exists_in_db: boolean;
  product_id: string | null;
  confidence: MatchConfidence;
  source: ExtractedSource;
  /** Whole number ≥ 1, as a list item requires. */
  quantity: number;
  /** The unit or pack written on the line ("kg", "L", "boîte"…), or null. */
  unit: string | null;
  /** Best other catalogue products, best first (never includes product_id). */
  candidates: MatchCandidate[];
};

/** POST /api/extract-shopping-list answer (spec part 2 section 7) plus what was read. */
export type ImportResult = {
  success: boolean;
  item_count: number;
  extracted_text: string;
  basic_items: string[];
  enhanced_items: ExtractedItem[];
  document_kind: DocumentKind;
  /** Mean OCR confidence 0–100 for photos and scanned pages, null otherwise. */
  ocr_confidence: number | null;
};

/** Stages reported while a document is analysed. */
export type ImportStage = 'reading' | 'preparing' | 'recognising' | 'matching';

/**
 * With `Accept: application/x-ndjson` the endpoint streams one JSON object per line: progress
 * events, then exactly one `result` or `error` (the status the plain JSON answer would have had).
 */
export type ImportStreamEvent =
  | { type: 'progress'; stage: ImportStage; progress: number; page?: number; pages?: number }
  | { type: 'result'; result: ImportResult }
  | { type: 'error'; status: number; detail: string; code: string };
