// POST /api/prices/receipts/{id}/submit (issue 29, item 1): the prices of a reviewed receipt, each
// line through the one observation function (prices.service.ts recordObservation: the 20 % rule,
// holds, limits, reputation), in one transaction — nothing half-saved. A ticket counts once,
// whoever sends it: the same file, or the same store, date-time, total and priced lines, already
// submitted is a 409. A receipt line's observation weighs as a bare one (the trust bars hold); its
// date is the ticket's.
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { RECEIPT_MAX_AGE_DAYS, type ReceiptSubmit, type ReceiptSubmitted } from '#contract/receipts';
import type { AppDeps } from '../../../deps';
import { priceObservations, receipts } from '../../../db/schema';
import type { Principal } from '../../../platform/auth-guard';
import { AppError } from '../../../platform/errors';
import { isUuid } from '../../../platform/ids';
import { entryOf, visibleTo } from '../../products/catalogue-listing';
import { catalogueChanged } from '../../products/catalogue-cache';
import { findStore } from '../../stores/stores.service';
import { speakerOf } from '../../auth/people';
import { recordObservation } from '../prices.service';
import { analyseLine } from './receipt-line';
import { chainKeyOf, labelKeyOf, voteForLabels } from './receipt-labels';
import type { StoredReading } from './receipts.service';

const DAY_MS = 86_400_000;

/** The ticket's identity once reviewed: store, date-time, total, and the priced lines (in any order). */
function fingerprintOf(storeId: string, purchasedAt: string | null, totalXaf: number | null, lines: ReceiptSubmit['lines']): string {
  const priced = lines.map((l) => `${l.product_id}:${l.unit_price_xaf}`).sort();
  return createHash('sha256').update(JSON.stringify([storeId, purchasedAt, totalXaf, priced])).digest('hex');
}

/** The date the prices were seen: the one sent, else the ticket's; in the past and not older than RECEIPT_MAX_AGE_DAYS. */
function purchaseDate(sent: string | undefined, read: string | null, now: Date): Date {
  const value = sent ?? read;
  if (!value) return now;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + 5 * 60_000 || at.getTime() < now.getTime() - RECEIPT_MAX_AGE_DAYS * DAY_MS) throw new AppError('RECEIPT_DATE_INVALID');
  return at;
}

export async function submitReceipt(deps: AppDeps, principal: Principal, id: string, input: ReceiptSubmit, ip: string): Promise<ReceiptSubmitted> {
  const store = await findStore(deps.db, input.store_id, principal);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [row] = isUuid(id) ? await tx.select().from(receipts).where(eq(receipts.id, id)).for('update') : [];
    if (!row || row.userId !== principal.userId) throw new AppError('RECEIPT_NOT_FOUND');
    if (row.status === 'processing') throw new AppError('RECEIPT_STILL_READING');
    if (row.status === 'submitted') throw new AppError('RECEIPT_ALREADY_SUBMITTED');
    if (row.status === 'failed' || !row.reading) throw new AppError('RECEIPT_NOT_READABLE');
    const reading = row.reading as StoredReading;
    const indexes = new Set(reading.lines.map((l) => l.index));
    const seen = new Set<number>();
    for (const line of input.lines) {
      if (!indexes.has(line.index)) throw new AppError('RECEIPT_LINE_UNKNOWN');
      if (seen.has(line.index)) throw new AppError('RECEIPT_LINE_TWICE');
      seen.add(line.index);
      const product = isUuid(line.product_id) ? await entryOf(tx, 'products', line.product_id) : undefined;
      if (!product || !visibleTo(product, principal)) throw new AppError('PRODUCT_NOT_FOUND');
    }
    const observedAt = purchaseDate(input.purchased_at, reading.purchased_at, now);
    // One ticket counts once: the same file, or the same ticket read from another photo, by anyone.
    const fingerprint = fingerprintOf(store.id, input.purchased_at ?? reading.purchased_at, reading.total_xaf, input.lines);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipt:${row.fileSha256}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipt:${fingerprint}`}))`);
    const [counted] = await tx
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(ne(receipts.id, row.id), isNotNull(receipts.submittedAt), sql`(${receipts.fileSha256} = ${row.fileSha256} or ${receipts.fingerprint} = ${fingerprint})`))
      .limit(1);
    if (counted) throw new AppError('RECEIPT_ALREADY_COUNTED');
    const observationIds: string[] = [];
    let held = 0;
    for (const line of input.lines) {
      const recorded = await recordObservation(tx, { productId: line.product_id, store, userId: principal.userId, price: line.unit_price_xaf, source: 'receipt', position: null, ip, now, observedAt });
      observationIds.push(recorded.observation.id);
      if (recorded.observation.status === 'held') held++;
    }
    // The receipt is these prices' proof (its masked image); each line teaches its chain's label.
    if (observationIds.length > 0) await tx.update(priceObservations).set({ receiptId: row.id }).where(sql`${priceObservations.id} = any(${`{${observationIds.join(',')}}`}::uuid[])`);
    const labelOf = new Map(reading.lines.map((l) => [l.index, l.label ?? analyseLine(l.original_text.split('\n')[0]).label]));
    const { voice } = await speakerOf(tx, principal.userId);
    await voteForLabels(tx, chainKeyOf(store), input.lines.map((l) => ({ labelKey: labelKeyOf(labelOf.get(l.index) ?? ''), productId: l.product_id })), { voiceId: voice, userId: principal.userId }, now);
    await tx.update(receipts).set({ status: 'submitted', fingerprint, submittedAt: now }).where(eq(receipts.id, row.id));
    return { created: observationIds.length, held, observation_ids: observationIds };
  });
  await catalogueChanged(deps.db);
  return result;
}
