// A document in, list items out: read it (text, PDF text layer, or OCR of photos and scanned
// pages), then cut the text into lines and match them to the catalogue.
import type { ImportResult, ImportStage } from '#contract/imports';
import type { AppDeps } from '../../deps';
import type { OcrPool } from '../../platform/ocr/ocr-pool';
import { readDocument } from '../../platform/ocr/read-document';
import { buildImportResult } from './import-items';

export type ImportProgress = (stage: ImportStage, progress: number, page?: number, pages?: number) => void;

export async function extractShoppingList(deps: AppDeps, ocr: OcrPool, bytes: Buffer, filename: string | null, onProgress: ImportProgress = () => {}): Promise<ImportResult> {
  const document = await readDocument(bytes, ocr, onProgress);
  onProgress('matching', 0);
  const result = await buildImportResult(deps.db, { text: document.text, kind: document.kind, ocrConfidence: document.ocrConfidence, filename });
  onProgress('matching', 1);
  return result;
}
