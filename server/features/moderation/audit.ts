// The audit log: every moderator action is written in the transaction that makes it, with the state
// before and after and the reason, so the log and the data never disagree.
import { count, desc, eq } from 'drizzle-orm';
import type { AuditPage } from '#contract/moderation';
import type { DbOrTx, Tx } from '../../db/client';
import { moderationActions, users } from '../../db/schema';

export type AuditAction =
  | 'observation.approve'
  | 'observation.reject'
  | 'suggestion.apply'
  | 'suggestion.refuse'
  | 'product.revert'
  | 'product.barcode_claim'
  | 'product.size'
  | `${'product' | 'store'}.${'publish' | 'hide' | 'delete' | 'merge' | 'restore'}`
  | 'user.suspend'
  | 'user.reinstate'
  | 'agent.approve'
  | 'agent.refuse'
  | 'receipt_label.approve'
  | 'receipt_label.reject'
  | 'merchant.approve'
  | 'merchant.refuse';

export type AuditInput = {
  moderatorId: string;
  action: AuditAction;
  targetType: 'price_observation' | 'product_suggestion' | 'product' | 'store' | 'user' | 'receipt_label' | 'merchant';
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
  now: Date;
};

export async function writeAudit(tx: Tx, input: AuditInput): Promise<void> {
  await tx.insert(moderationActions).values({
    moderatorId: input.moderatorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    before: input.before,
    after: input.after,
    reason: input.reason ?? null,
    createdAt: input.now,
  });
}

export async function auditPage(db: DbOrTx, page: number, limit: number): Promise<AuditPage> {
  const [{ total }] = await db.select({ total: count() }).from(moderationActions);
  const rows = await db
    .select({ action: moderationActions, moderatorName: users.fullName })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.moderatorId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    entries: rows.map(({ action: a, moderatorName }) => ({
      id: a.id,
      moderator_id: a.moderatorId,
      moderator_name: moderatorName,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      before: a.before,
      after: a.after,
      reason: a.reason,
      created_at: a.createdAt.toISOString(),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}
