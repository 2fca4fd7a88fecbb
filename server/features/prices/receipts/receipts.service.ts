// A till receipt in, a read receipt out (issue 29, item 1): the file is read with the OCR module
// (platform/ocr, as list imports are), told from other documents (looksLikeReceipt), then its store
// and products found (receipt-matching.ts). The reading is kept with the file's SHA-256, so the same
// file sent again by its owner answers the same receipt without being read twice.
//
// Read in the request when it is quick; past RECEIPT_WAIT_MS the answer is a 202 'processing' and the
// reading goes on (bounded by the OCR's own time budget, DOCUMENT_TIME_BUDGET_MS) for GET to tell.
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { DOCUMENT_TIME_BUDGET_MS } from '#contract/imports';
import { fr } from '#contract/messages';
import type { Receipt } from '#contract/receipts';
import { readPrivateFile } from '../../../platform/private-files';
import type { Principal } from '../../../platform/auth-guard';
import type { AppDeps } from '../../../deps';
import { receipts } from '../../../db/schema';
import { isUuid } from '../../../platform/ids';
import { AppError, type ErrorCode } from '../../../platform/errors';
import type { OcrPool } from '../../../platform/ocr/ocr-pool';
import { readDocument, type DocumentText } from '../../../platform/ocr/read-document';
import { keepProof, maskedProof } from './receipt-proof';
import { sniffDocument } from '../../../platform/ocr/sniff';
import { findReceiptStore, matchReceiptLines, type Position } from './receipt-matching';
import { looksLikeReceipt, readReceiptText } from './receipt-text';

type ReceiptRow = typeof receipts.$inferSelect;
/** What is kept of a reading: the answer, and each line's printed label (the key labels are learned by, receipt-labels.ts; not in the answer). */
export type StoredReading = Omit<Receipt, 'receipt_id' | 'status' | 'lines'> & { lines: (Receipt['lines'][number] & { label?: string })[] };
type Reading = StoredReading;

const proofUrlOf = (row: ReceiptRow) => (row.proofPath ? `/api/prices/receipts/${row.id}/proof` : null);

function answerOf(row: ReceiptRow): Receipt {
  const { lines, ...reading } = row.reading as Reading;
  return { receipt_id: row.id, status: row.status, ...reading, lines: lines.map(({ label: _label, ...line }) => line), proof_url: proofUrlOf(row) };
}

/** The answer of a ticket read from its text: store, date, total, lines with their products, checks. */
async function readingOf(deps: AppDeps, text: string, position: Position | null): Promise<Reading> {
  const read = readReceiptText(text);
  if (!looksLikeReceipt(text, read)) throw new AppError('RECEIPT_NOT_A_RECEIPT');
  const { chain_key: chainKey, ...store } = await findReceiptStore(deps.db, read.store, position);
  const lines = await matchReceiptLines(deps.db, read, chainKey);
  return {
    store,
    purchased_at: read.purchased_at,
    total_xaf: read.total_xaf,
    lines: lines.map((l) => ({
      index: l.index,
      original_text: l.original_text,
      label: l.label,
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

/** What the upload answers: the read receipt (created false when the owner had sent this file already), or that it is still being read. */
export type ReceiptUpload = { receipt: Receipt; created: boolean; processing: boolean; settled: Promise<unknown> };

/**
 * POST /api/prices/receipts: reads the file (photo or PDF) and keeps the reading. A reading that takes
 * longer than `waitMs` goes on after the answer (`processing`): its outcome is stored for GET, and
 * `settled` says when it ended (the account's work limit holds until then).
 */
export async function readReceiptUpload(deps: AppDeps, ocr: OcrPool, principal: Principal, bytes: Buffer, position: Position | null, waitMs = deps.config.imports.receiptWaitMs): Promise<ReceiptUpload> {
  const type = sniffDocument(bytes);
  if (type === null || type === 'text') throw new AppError('RECEIPT_FORMAT');
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  const [known] = await deps.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, principal.userId), eq(receipts.fileSha256, fileSha256)))
    .orderBy(desc(receipts.createdAt))
    .limit(1);
  if (known && (known.status === 'ready' || known.status === 'submitted')) return { receipt: answerOf(known), created: false, processing: false, settled: Promise.resolve() };
  // Being read already (sent twice in a row): the same receipt, unless that reading was cut short by a restart.
  if (known?.status === 'processing' && deps.now().getTime() - known.createdAt.getTime() < 2 * DOCUMENT_TIME_BUDGET_MS) {
    return { receipt: emptyAnswer(known), created: false, processing: true, settled: Promise.resolve() };
  }
  const [row] = await deps.db.insert(receipts).values({ userId: principal.userId, status: 'processing', fileSha256, createdAt: deps.now() }).returning();
  const work = readAndKeep(deps, ocr, row.id, bytes, position);
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    const receipt = await Promise.race([work, late]);
    if (receipt) return { receipt, created: true, processing: false, settled };
    return { receipt: emptyAnswer(row), created: true, processing: true, settled };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the file into the receipt row: 'ready' with its reading, or 'failed' with why (and the error thrown). */
async function readAndKeep(deps: AppDeps, ocr: OcrPool, id: string, bytes: Buffer, position: Position | null): Promise<Receipt> {
  try {
    const document = await readDocument(bytes, ocr);
    const reading = await readingOf(deps, document.text, position);
    const proofPath = await proofOf(deps, id, document);
    const [ready] = await deps.db.update(receipts).set({ status: 'ready', reading, proofPath }).where(eq(receipts.id, id)).returning();
    return answerOf(ready);
  } catch (error) {
    await deps.db
      .update(receipts)
      .set({ status: 'failed', failure: error instanceof AppError ? error.code : 'INTERNAL' })
      .where(eq(receipts.id, id))
      .catch(() => {});
    throw error;
  }
}

/** The masked proof kept for the receipt, or null (it could not be masked safely, or the store is down: the prices do not depend on it). */
async function proofOf(deps: AppDeps, id: string, document: DocumentText): Promise<string | null> {
  try {
    const proof = await maskedProof(document);
    return proof ? await keepProof(deps.storage, id, proof) : null;
  } catch {
    return null;
  }
}

/** GET /api/prices/receipts/{id}/proof: the masked image, for the account that sent it and for moderators. */
export async function receiptProof(deps: AppDeps, principal: Principal, id: string) {
  const [row] = isUuid(id) ? await deps.db.select().from(receipts).where(eq(receipts.id, id)).limit(1) : [];
  if (!row || (row.userId !== principal.userId && principal.userType !== 'admin')) throw new AppError('RECEIPT_NOT_FOUND');
  return readPrivateFile(deps.storage, row.proofPath, 'RECEIPT_PROOF_NOT_FOUND');
}

/** A receipt with nothing read to show: still being read, or failed (with why, in French). */
function emptyAnswer(row: ReceiptRow): Receipt {
  return {
    receipt_id: row.id,
    status: row.status,
    store: { store_id: null, name: null, candidates: [] },
    purchased_at: null,
    total_xaf: null,
    lines: [],
    checks: { lines_total_xaf: 0, matches_total: false },
    failure: row.status === 'failed' ? failureOf(row.failure) : null,
  };
}

function failureOf(code: string | null): { code: string; detail: string } {
  try {
    return { code: code ?? 'INTERNAL', detail: new AppError(code as ErrorCode).detail };
  } catch {
    return { code: 'INTERNAL', detail: fr.receipts.readingFailed };
  }
}

/** GET /api/prices/receipts/{id}: the receipt, for the account that sent it and for moderators; anyone else is told it does not exist. */
export async function receiptFor(deps: AppDeps, principal: Principal, id: string): Promise<Receipt> {
  const [row] = isUuid(id) ? await deps.db.select().from(receipts).where(eq(receipts.id, id)).limit(1) : [];
  if (!row || (row.userId !== principal.userId && principal.userType !== 'admin')) throw new AppError('RECEIPT_NOT_FOUND');
  return row.reading ? answerOf(row) : emptyAnswer(row);
}
