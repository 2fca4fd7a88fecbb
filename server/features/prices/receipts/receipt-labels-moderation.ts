// Moderators and the labels receipts teach (issue 29, item 1): the mappings one voice proposed wait
// here; a moderator approves one (every next receipt of the chain uses it) or rejects it (never used,
// whoever confirms it later). Each decision is in the audit log.
import { and, eq, sql } from 'drizzle-orm';
import type { ReceiptLabel, ReceiptLabelDecision } from '#contract/receipts';
import type { DbOrTx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { receiptLabelVotes } from '../../../db/schema';
import type { Principal } from '../../../platform/auth-guard';
import { AppError } from '../../../platform/errors';
import { isUuid } from '../../../platform/ids';
import { queryRows } from '../../../platform/sql-rows';
import { writeAudit } from '../../moderation/audit';
import { VOICES_TO_LEARN, VOTE_TALLY, VOTES_WITH_PRODUCTS } from './receipt-labels';

const PAGE = 100;

type Row = { chain_key: string; label: string; product_id: string; product_name: string; voices: number; approved: boolean; rejected: boolean; last_seen_at: Date | string };

const stateOf = (row: Row): ReceiptLabel['state'] => (row.rejected ? 'rejected' : row.approved ? 'approved' : row.voices >= VOICES_TO_LEARN ? 'learned' : 'pending');

/** GET /api/admin/receipt-labels?state=…: the mappings in that state, the most recently confirmed first. */
export async function receiptLabels(db: DbOrTx, state: ReceiptLabel['state']): Promise<{ labels: ReceiptLabel[] }> {
  const rows = await queryRows<Row>(
    db,
    sql`select v.chain_key, v.label, v.product_id, p.name as product_name, ${VOTE_TALLY}, max(v.created_at) as last_seen_at
        ${VOTES_WITH_PRODUCTS}
        group by v.chain_key, v.label, v.product_id, p.name
        order by max(v.created_at) desc`,
  );
  const labels = rows
    .filter((row) => stateOf(row) === state)
    .slice(0, PAGE)
    .map((row) => ({
      chain_key: row.chain_key,
      label: row.label,
      product_id: row.product_id,
      product_name: row.product_name,
      voices: row.voices,
      state: stateOf(row),
      last_seen_at: new Date(row.last_seen_at).toISOString(),
    }));
  return { labels };
}

/** The mappings GET /api/admin/receipt-labels?state=pending lists (uncapped): neither decided by a moderator nor learned yet. */
export async function pendingReceiptLabelCount(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select ${VOTE_TALLY} ${VOTES_WITH_PRODUCTS} group by v.chain_key, v.label, v.product_id
        ) t
        where not t.rejected and not t.approved and t.voices < ${VOICES_TO_LEARN}`,
  );
  return row?.n ?? 0;
}

/** POST /api/admin/receipt-labels/decision: the moderator's word on a mapping some voice proposed (replaces an earlier decision of theirs on that label). */
export async function decideReceiptLabel(deps: AppDeps, principal: Principal, input: ReceiptLabelDecision): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const proposed = isUuid(input.product_id)
      ? await tx
          .select({ id: receiptLabelVotes.id })
          .from(receiptLabelVotes)
          .where(and(eq(receiptLabelVotes.chainKey, input.chain_key), eq(receiptLabelVotes.label, input.label), eq(receiptLabelVotes.productId, input.product_id)))
          .limit(1)
      : [];
    if (proposed.length === 0) throw new AppError('RECEIPT_LABEL_NOT_FOUND');
    const moderation = input.decision === 'approve' ? 'approved' : 'rejected';
    await tx
      .insert(receiptLabelVotes)
      .values({ chainKey: input.chain_key, label: input.label, productId: input.product_id, voiceId: principal.userId, userId: principal.userId, moderation, createdAt: now })
      .onConflictDoUpdate({
        target: [receiptLabelVotes.chainKey, receiptLabelVotes.label, receiptLabelVotes.voiceId],
        set: { productId: input.product_id, moderation, createdAt: now },
      });
    await writeAudit(tx, {
      moderatorId: principal.userId,
      action: input.decision === 'approve' ? 'receipt_label.approve' : 'receipt_label.reject',
      targetType: 'receipt_label',
      targetId: `${input.chain_key}|${input.label}`,
      before: null,
      after: { product_id: input.product_id, moderation },
      now,
    });
  });
}
