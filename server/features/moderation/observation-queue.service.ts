// The two price queues of the moderation space: observations held at submission (too far from the
// store, or wildly off the shown price) and published prices that users or the outlier job flagged.
// A moderator approves (the price counts, as confirmed; the consensus restarts from it) or rejects
// (it never counts; the contributor is told why). Each decision is one transaction under the
// product-store lock: it changes the observation, closes its flags, recomputes the shown price,
// moves the contributor's reputation, notifies them and writes the audit row.
import { and, asc, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { FlagSummary, ObservationEvidence, ObservationQueue, ObservationQueueName, QueueCounts, StoreHistoryPoint } from '#contract/moderation';
import { TRUST, type AnyFlagReason, type ObservationStatus } from '#contract/prices';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { currentPrices, merchants, orders, priceFlags, priceObservations, productSuggestions, products, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { haversineKm } from '../../platform/geo';
import { isUuid } from '../../platform/ids';
import { queryRows } from '../../platform/sql-rows';
import { createNotifications } from '../notifications/notifications.service';
import { changeReputation, lockProductStore, refreshCurrentPrice } from '../prices/current-price';
import { resolveFlags } from '../prices/price-flags';
import { corroborateByModerator } from '../prices/probation';
import { pendingReceiptLabelCount } from '../prices/receipts/receipt-labels-moderation';
import { catalogueChanged } from '../products/catalogue-cache';
import { failedRefundCount } from './admin-orders.service';
import { pendingApplicationCount } from './agent-applications.service';
import { writeAudit } from './audit';
import { contributorSummaries } from './contributors';

const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

const hasOpenFlag = sql`exists (select 1 from ${priceFlags} f where f.observation_id = ${priceObservations.id} and f.status = 'open')`;
const contributorActive = sql`(${priceObservations.userId} is null or not exists (select 1 from ${users} u where u.id = ${priceObservations.userId} and u.suspended_at is not null))`;

/** Observations in a queue. A suspended account's observations leave the queues (they no longer count). */
function queueCondition(queue: ObservationQueueName) {
  return queue === 'held'
    ? and(eq(priceObservations.status, 'held'), contributorActive)
    : and(eq(priceObservations.status, 'accepted'), hasOpenFlag, contributorActive);
}

/** GET /api/admin/queue. */
export async function queueCounts(db: DbOrTx): Promise<QueueCounts> {
  const countOf = async (queue: ObservationQueueName) => (await db.select({ n: count() }).from(priceObservations).where(queueCondition(queue)))[0].n;
  const held = await countOf('held');
  const flagged = await countOf('flagged');
  const [{ suggestions }] = await db.select({ suggestions: count() }).from(productSuggestions).where(eq(productSuggestions.status, 'pending'));
  const agentApplications = await pendingApplicationCount(db);
  const [{ merchantApplications }] = await db.select({ merchantApplications: count() }).from(merchants).where(eq(merchants.status, 'pending'));
  const receiptLabels = await pendingReceiptLabelCount(db);
  // Failed refunds are followed up from the orders view, not decided in a queue: not in the total.
  const failedRefunds = await failedRefundCount(db);
  return {
    held,
    flagged,
    suggestions,
    agent_applications: agentApplications,
    merchant_applications: merchantApplications,
    receipt_labels: receiptLabels,
    total: held + flagged + suggestions + agentApplications + merchantApplications + receiptLabels,
    failed_refunds: failedRefunds,
    locked_handovers: (await db.select({ n: count() }).from(orders).where(and(isNotNull(orders.handoverLockedAt), eq(orders.status, 'en_route'))))[0].n,
  };
}

/** GET /api/admin/price-observations?status=held|flagged: oldest first, with their evidence. */
export async function observationQueue(deps: AppDeps, queue: ObservationQueueName, page: number, limit: number): Promise<ObservationQueue> {
  const { db } = deps;
  const condition = queueCondition(queue);
  const [{ total }] = await db.select({ total: count() }).from(priceObservations).where(condition);
  const rows = await db
    .select({ id: priceObservations.id })
    .from(priceObservations)
    .where(condition)
    .orderBy(asc(priceObservations.createdAt), asc(priceObservations.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: await evidenceOf(db, rows.map((r) => r.id), deps.now()), total, page, pages: Math.max(1, Math.ceil(total / limit)) };
}

async function evidenceOf(db: DbOrTx, ids: string[], now: Date): Promise<ObservationEvidence[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ o: priceObservations, product: products, store: stores })
    .from(priceObservations)
    .innerJoin(products, eq(products.id, priceObservations.productId))
    .innerJoin(stores, eq(stores.id, priceObservations.storeId))
    .where(inArray(priceObservations.id, ids));
  const contributors = await contributorSummaries(db, [...new Set(rows.flatMap((r) => (r.o.userId ? [r.o.userId] : [])))]);
  const medians = await crossStoreMedians(db, [...new Set(rows.map((r) => r.o.productId))]);
  const flags = await flagsOf(db, ids);
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  const evidence: ObservationEvidence[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const { o, product, store } = row;
    const position = o.latitude !== null && o.longitude !== null ? { latitude: o.latitude, longitude: o.longitude } : null;
    const [shown] = await db
      .select({ price: currentPrices.priceXaf })
      .from(currentPrices)
      .where(and(eq(currentPrices.productId, o.productId), eq(currentPrices.storeId, o.storeId)));
    evidence.push({
      id: o.id,
      status: o.status as ObservationStatus,
      price: o.priceXaf,
      source: o.source as ObservationEvidence['source'],
      observed_at: o.observedAt.toISOString(),
      photo_url: o.photoUrl,
      review_reason: o.reviewReason,
      verified: o.verifiedAt !== null,
      product: { id: product.id, name: product.name, brand: product.brand, category: product.category },
      store: { id: store.id, name: store.name, address: store.address, latitude: store.latitude, longitude: store.longitude },
      contributor: o.userId ? (contributors.get(o.userId) ?? null) : null,
      distance_km: position ? Math.round(haversineKm(position, store) * 100) / 100 : null,
      shown_price: shown?.price ?? null,
      cross_store_median: medians.get(o.productId) ?? null,
      store_history: await storeHistory(db, o.productId, o.storeId, now),
      flags: flags.get(o.id) ?? [],
    });
  }
  return evidence;
}

async function crossStoreMedians(db: DbOrTx, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<{ product_id: string; median: number | string }>(
    db,
    sql`select product_id, percentile_cont(0.5) within group (order by price_xaf) as median
        from ${currentPrices} where ${inArray(sql`product_id`, productIds)} group by product_id`,
  );
  return new Map(rows.map((r) => [r.product_id, Math.round(Number(r.median))]));
}

async function storeHistory(db: DbOrTx, productId: string, storeId: string, now: Date): Promise<StoreHistoryPoint[]> {
  const rows = await db
    .select({ observedAt: priceObservations.observedAt, price: priceObservations.priceXaf, status: priceObservations.status })
    .from(priceObservations)
    .where(
      and(
        eq(priceObservations.productId, productId),
        eq(priceObservations.storeId, storeId),
        gte(priceObservations.observedAt, new Date(now.getTime() - HISTORY_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(priceObservations.observedAt))
    .limit(200);
  return rows.map((r) => ({ observed_at: r.observedAt.toISOString(), price: r.price, status: r.status as ObservationStatus }));
}

async function flagsOf(db: DbOrTx, ids: string[]): Promise<Map<string, FlagSummary[]>> {
  const rows = await db
    .select()
    .from(priceFlags)
    .where(and(inArray(priceFlags.observationId, ids), eq(priceFlags.status, 'open')))
    .orderBy(asc(priceFlags.createdAt));
  const flags = new Map<string, FlagSummary[]>();
  for (const f of rows) {
    const list = flags.get(f.observationId) ?? [];
    list.push({ reason: f.reason as AnyFlagReason, comment: f.comment, created_at: f.createdAt.toISOString(), by_job: f.userId === null });
    flags.set(f.observationId, list);
  }
  return flags;
}

// ---------------------------------------------------------------- decisions

type Decision = { kind: 'approve'; reason: string | null } | { kind: 'reject'; reason: string };

/** Locks the observation for a decision and says which queue it is in; 409 when it is in none. */
async function lockForDecision(tx: Tx, id: string): Promise<{ row: typeof priceObservations.$inferSelect; queue: ObservationQueueName }> {
  const [ref] = isUuid(id)
    ? await tx.select({ productId: priceObservations.productId, storeId: priceObservations.storeId }).from(priceObservations).where(eq(priceObservations.id, id))
    : [];
  if (!ref) throw new AppError('OBSERVATION_NOT_FOUND');
  await lockProductStore(tx, ref.productId, ref.storeId);
  const [row] = await tx.select().from(priceObservations).where(eq(priceObservations.id, id)).for('update');
  if (row.status === 'held') return { row, queue: 'held' };
  const [flag] = await tx
    .select({ id: priceFlags.id })
    .from(priceFlags)
    .where(and(eq(priceFlags.observationId, id), eq(priceFlags.status, 'open')))
    .limit(1);
  if (row.status === 'accepted' && flag) return { row, queue: 'flagged' };
  throw new AppError('OBSERVATION_ALREADY_REVIEWED');
}

async function decide(deps: AppDeps, moderator: Principal, id: string, decision: Decision): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { row, queue } = await lockForDecision(tx, id);
    const approve = decision.kind === 'approve';
    const [updated] = await tx
      .update(priceObservations)
      .set(
        approve
          ? { status: 'accepted', verifiedAt: now, reviewedBy: moderator.userId, reviewedAt: now }
          : { status: 'rejected', rejectionReason: decision.reason, reviewedBy: moderator.userId, reviewedAt: now },
      )
      .where(eq(priceObservations.id, id))
      .returning();
    if (approve) await corroborateByModerator(tx, id, now);
    const flagsClosed = await resolveFlags(tx, id, now);
    const change = await refreshCurrentPrice(tx, row.productId, row.storeId, now);
    const subject = await subjectOf(tx, row);
    if (row.userId) {
      await changeReputation(tx, row.userId, approve ? TRUST.reputationApproved : TRUST.reputationRejected);
      await notifyContributor(tx, row, subject, decision, now);
    }
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: approve ? 'observation.approve' : 'observation.reject',
      targetType: 'price_observation',
      targetId: id,
      before: {
        queue,
        status: row.status,
        price: row.priceXaf,
        shown_price: change.previous,
        product_id: row.productId,
        product_name: subject.product,
        store_name: subject.store,
      },
      after: { status: updated.status, verified: approve, flags_closed: flagsClosed, shown_price: change.current?.price ?? null },
      reason: decision.reason,
      now,
    });
  });
  await catalogueChanged(deps.db);
}

type Subject = { product: string; store: string };

async function subjectOf(tx: Tx, row: typeof priceObservations.$inferSelect): Promise<Subject> {
  const [subject] = await tx
    .select({ product: products.name, store: stores.name })
    .from(products)
    .innerJoin(stores, eq(stores.id, row.storeId))
    .where(eq(products.id, row.productId));
  return subject;
}

async function notifyContributor(tx: Tx, row: typeof priceObservations.$inferSelect, subject: Subject, decision: Decision, now: Date): Promise<void> {
  const price = formatXaf(row.priceXaf);
  const texts = fr.moderation;
  const [title, body] =
    decision.kind === 'approve'
      ? [texts.approvedTitle, texts.approvedBody(subject.product, subject.store, price)]
      : [texts.rejectedTitle, texts.rejectedBody(subject.product, subject.store, price, decision.reason)];
  await createNotifications(tx, [{ userId: row.userId!, type: 'other', title, body, data: { observation_id: row.id, product_id: row.productId } }], now);
}

/** POST /api/admin/price-observations/{id}/approve. */
export const approveObservation = (deps: AppDeps, moderator: Principal, id: string, reason: string | null) =>
  decide(deps, moderator, id, { kind: 'approve', reason });

/** POST /api/admin/price-observations/{id}/reject. */
export const rejectObservation = (deps: AppDeps, moderator: Principal, id: string, reason: string) => decide(deps, moderator, id, { kind: 'reject', reason });
