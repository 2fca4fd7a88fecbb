// Suspending an account: its sessions end at once, it cannot sign in, and none of its observations
// count any more (the shown prices it took part in are recomputed without it). A suspended delivery
// agent's orders in progress go back to the available pool, their customers told, in the same
// transaction. Reinstating undoes the rest (not the hand-back: another agent may have the order by then).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { orders, priceObservations, sessions, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { transitionOrderIn } from '../orders/orders.service';
import { lockProductStore, refreshCurrentPrice } from '../prices/current-price';
import { sessionsChanged } from '../../platform/cache-invalidation';
import { catalogueChanged } from '../products/catalogue-cache';
import { writeAudit } from './audit';

async function lockUser(tx: Tx, id: string) {
  const [row] = isUuid(id) ? await tx.select().from(users).where(eq(users.id, id)).for('update') : [];
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

type Pair = { productId: string; storeId: string };

/**
 * Every product and store the account priced: their shown prices change when it stops (or starts
 * again) counting. Their locks are taken first, in one order for every caller, and before the
 * account's row: a contribution that holds one of them and rewards this account cannot deadlock.
 */
async function lockPricesOf(tx: Tx, userId: string): Promise<Pair[]> {
  const pairs = isUuid(userId)
    ? await tx
        .selectDistinct({ productId: priceObservations.productId, storeId: priceObservations.storeId })
        .from(priceObservations)
        .where(and(eq(priceObservations.userId, userId), eq(priceObservations.status, 'accepted')))
        .orderBy(asc(priceObservations.productId), asc(priceObservations.storeId))
    : [];
  for (const { productId, storeId } of pairs) await lockProductStore(tx, productId, storeId);
  return pairs;
}

async function refreshPrices(tx: Tx, pairs: Pair[], now: Date): Promise<void> {
  for (const { productId, storeId } of pairs) await refreshCurrentPrice(tx, productId, storeId, now);
}

/** The agent's orders in progress go back to confirmed, without an agent, through the order lifecycle. */
async function releaseOrdersOf(tx: Tx, agentId: string, moderatorId: string, now: Date): Promise<string[]> {
  const held = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.agentId, agentId), eq(orders.status, 'in_progress')))
    .orderBy(asc(orders.id));
  for (const { id } of held) await transitionOrderIn(tx, id, 'confirmed', { kind: 'moderation', userId: moderatorId }, now);
  return held.map((o) => o.id);
}

/** POST /api/admin/users/{id}/suspend. */
export async function suspendUser(deps: AppDeps, moderator: Principal, userId: string, reason: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const pairs = await lockPricesOf(tx, userId);
    const user = await lockUser(tx, userId);
    if (user.userType === 'admin') throw new AppError('CANNOT_SUSPEND_MODERATOR');
    if (user.suspendedAt) throw new AppError('USER_ALREADY_SUSPENDED');
    await tx.update(users).set({ suspendedAt: now, suspensionReason: reason, updatedAt: now }).where(eq(users.id, userId));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await refreshPrices(tx, pairs, now);
    const released = user.userType === 'delivery_agent' ? await releaseOrdersOf(tx, userId, moderator.userId, now) : [];
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      before: { suspended: false, full_name: user.fullName, email: user.email, reputation: user.reputation },
      after: { suspended: true, sessions_revoked: revoked.length, prices_recomputed: pairs.length, orders_released: released.length },
      reason,
      now,
    });
  });
  await sessionsChanged(deps.db);
  await catalogueChanged(deps.db);
}

/** POST /api/admin/users/{id}/reinstate. */
export async function reinstateUser(deps: AppDeps, moderator: Principal, userId: string, reason: string | null): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const pairs = await lockPricesOf(tx, userId);
    const user = await lockUser(tx, userId);
    if (!user.suspendedAt) throw new AppError('USER_NOT_SUSPENDED');
    await tx.update(users).set({ suspendedAt: null, suspensionReason: null, updatedAt: now }).where(eq(users.id, userId));
    await refreshPrices(tx, pairs, now);
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: 'user.reinstate',
      targetType: 'user',
      targetId: userId,
      before: { suspended: true, full_name: user.fullName, email: user.email, suspension_reason: user.suspensionReason },
      after: { suspended: false, prices_recomputed: pairs.length },
      reason,
      now,
    });
  });
  await catalogueChanged(deps.db);
}
