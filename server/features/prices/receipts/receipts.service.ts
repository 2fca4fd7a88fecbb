// A till receipt in, a read receipt out (issue 29, item 1): the file is read with the OCR module
// (platform/ocr, as list imports are), told from other documents (looksLikeReceipt), then its store
// and products found (receipt-matching.ts). The reading is kept with the file's SHA-256, so the same
// file sent again by its owner answers the same receipt without being read twice.
//
// Read in the request: the OCR's own time budget (DOCUMENT_TIME_BUDGET_MS) bounds it; the answer's
// `status` field already allows 'processing' for a later move to background reading.
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Receipt } from '#contract/receipts';
import type { Principal } from '../../../platform/auth-guard';
import type { AppDeps } from '../../../deps';
import { receipts } from '../../../db/schema';
import { isUuid } from '../../../platform/ids';
import { AppError } from '../../../platform/errors';
import type { OcrPool } from '../../../platform/ocr/ocr-pool';
import { readDocument } from '../../../platform/ocr/read-document';
import { sniffDocument } from '../../../platform/ocr/sniff';
import { findReceiptStore, matchReceiptLines, type Position } from './receipt-matching';
import { looksLikeReceipt, readReceiptText } from './receipt-text';

type ReceiptRow = typeof receipts.$inferSelect;
type Reading = Omit<Receipt, 'receipt_id' | 'status'>;

const answerOf = (row: ReceiptRow): Receipt => ({ receipt_id: row.id, status: row.status, ...(row.reading as Reading) });

/** The answer of a ticket read from its text: store, date, total, lines with their products, checks. */
async function readingOf(deps: AppDeps, text: string, position: Position | null): Promise<Reading> {
  const read = readReceiptText(text);
  if (!looksLikeReceipt(text, read)) throw new AppError('RECEIPT_NOT_A_RECEIPT');
  const [store, lines] = await Promise.all([findReceiptStore(deps.db, read.store, position), matchReceiptLines(deps.db, read)]);
  return {
    store,
    purchased_at: read.purchased_at,
    total_xaf: read.total_xaf,
    lines: lines.map((l) => ({
      index: l.index,
      original_text: l.original_text,
      product_id: l.product_id,
      product_name: l.product_name,
      candidates: l.candidates,
      quantity: l.quantity,
      unit_price_xaf: l.unit_price_xaf,
      line_total_xaf: l.line_total_xaf,
      confidence: l.confidence,
    })),
    checks: { lines_total_xaf: read.checks.lines_total_xaf, matches_total: read.checks.matches_total },
  };
}

/** POST /api/prices/receipts: reads the file (photo or PDF) and keeps the reading; `created` false when the owner had sent this file already. */
export async function readReceiptUpload(deps: AppDeps, ocr: OcrPool, principal: Principal, bytes: Buffer, position: Position | null): Promise<{ receipt: Receipt; created: boolean }> {
  const type = sniffDocument(bytes);
  if (type === null || type === 'text') throw new AppError('RECEIPT_FORMAT');
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  const [known] = await deps.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, principal.userId), eq(receipts.fileSha256, fileSha256)))
    .orderBy(desc(receipts.createdAt))
    .limit(1);
  if (known && (known.status === 'ready' || known.status === 'submitted')) return { receipt: answerOf(known), created: false };
  const [row] = await deps.db.insert(receipts).values({ userId: principal.userId, status: 'processing', fileSha256, createdAt: deps.now() }).returning();
  try {
    const document = await readDocument(bytes, ocr);
    const reading = await readingOf(deps, document.text, position);
    const [ready] = await deps.db.update(receipts).set({ status: 'ready', reading }).where(eq(receipts.id, row.id)).returning();
    return { receipt: answerOf(ready), created: true };
  } catch (error) {
    await deps.db
      .update(receipts)
      .set({ status: 'failed', failure: error instanceof AppError ? error.code : 'INTERNAL' })
      .where(eq(receipts.id, row.id));
    throw error;
  }
}

/** GET /api/prices/receipts/{id}: the receipt, for the account that sent it and for moderators; anyone else is told it does not exist. */
export async function receiptFor(deps: AppDeps, principal: Principal, id: string): Promise<Receipt> {
  const [row] = isUuid(id) ? await deps.db.select().from(receipts).where(eq(receipts.id, id)).limit(1) : [];
  if (!row || (row.userId !== principal.userId && principal.userType !== 'admin')) throw new AppError('RECEIPT_NOT_FOUND');
  // Still being read, or failed (the upload was answered with why): nothing read to show.
  if (!row.reading) return { receipt_id: row.id, status: row.status, store: { store_id: null, name: null, candidates: [] }, purchased_at: null, total_xaf: null, lines: [], checks: { lines_total_xaf: 0, matches_total: false } };
  return answerOf(row);
}
