// Merchant applications (issue 29, item 3): a store manager asks for a merchant account for one
// listed store; a moderator approves it or refuses it with a reason, as agent applications are
// decided (moderation/agent-applications.service.ts): one transaction on the locked row — the
// status, the applicant's notification and the audit row; a second decision is a 409.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { z } from 'zod';
import type { Merchant, MerchantApplicationList, MerchantApplicationSchema, MerchantStatus } from '#contract/merchants';
import type { AppDeps } from '../../deps';
import { merchants, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { isUniqueViolation } from '../auth/auth.service';
import { writeAudit } from '../moderation/audit';
import { createNotifications } from '../notifications/notifications.service';
import { merchantOfUser, toApiMerchant } from './merchant-access';


/** POST /api/merchants/application: 201 the pending application. A refused applicant may apply again. */
export async function applyForMerchant(deps: AppDeps, principal: Principal, input: z.output<typeof MerchantApplicationSchema>): Promise<Merchant> {
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`merchant:${principal.userId}`}))`);
      const [store] = await tx.select().from(stores).where(and(eq(stores.id, input.store_id), eq(stores.listing, 'listed')));
      if (!store) throw new AppError('STORE_NOT_FOUND');
      const existing = await merchantOfUser(tx, principal.userId);
      if (existing && existing.merchant.status !== 'refused') throw new AppError('MERCHANT_ALREADY_APPLIED');
      const [taken] = await tx.select({ id: merchants.id }).from(merchants).where(and(eq(merchants.storeId, store.id), eq(merchants.status, 'approved')));
      if (taken) throw new AppError('MERCHANT_STORE_TAKEN');
      const values = { storeId: store.id, managerName: input.manager_name, phone: input.phone, status: 'pending' as const, reviewReason: null, reviewedBy: null, reviewedAt: null, createdAt: now };
      if (existing) await tx.update(merchants).set(values).where(eq(merchants.id, existing.merchant.id));
      else await tx.insert(merchants).values({ userId: principal.userId, ...values });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('MERCHANT_ALREADY_APPLIED');
    throw error;
  }
  return (await myMerchant(deps, principal))!;
}

/** GET /api/merchants/me. */
export async function myMerchant(deps: AppDeps, principal: Principal): Promise<Merchant> {
  const found = await merchantOfUser(deps.db, principal.userId);
  if (!found) throw new AppError('MERCHANT_NOT_FOUND');
  return toApiMerchant(found);
}

/** GET /api/admin/merchant-applications?status=…: pending ones oldest first, decided ones latest decision first. */
export async function merchantApplications(deps: AppDeps, status: MerchantStatus): Promise<MerchantApplicationList> {
  const rows = await deps.db
    .select({ merchant: merchants, store: stores, user: { id: users.id, full_name: users.fullName, email: users.email } })
    .from(merchants)
    .innerJoin(stores, eq(stores.id, merchants.storeId))
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(merchants.status, status))
    .orderBy(status === 'pending' ? asc(merchants.createdAt) : desc(merchants.reviewedAt), asc(merchants.id))
    .limit(500);
  return { applications: rows.map((r) => ({ ...toApiMerchant(r), user: r.user })) };
}

type Decision = { kind: 'approve'; reason: string | null } | { kind: 'refuse'; reason: string };

async function decide(deps: AppDeps, moderator: Principal, id: string, decision: Decision): Promise<Merchant> {
  const now = deps.now();
  const approve = decision.kind === 'approve';
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = isUuid(id) ? await tx.select().from(merchants).where(eq(merchants.id, id)).for('update') : [];
      if (!row) throw new AppError('MERCHANT_APPLICATION_NOT_FOUND');
      if (row.status !== 'pending') throw new AppError('MERCHANT_APPLICATION_ALREADY_REVIEWED');
      const [store] = await tx.select().from(stores).where(eq(stores.id, row.storeId));
      if (approve) {
        // One approved merchant per store (also a unique index): checked first for a French 409.
        const [taken] = await tx.select({ id: merchants.id }).from(merchants).where(and(eq(merchants.storeId, row.storeId), eq(merchants.status, 'approved'), ne(merchants.id, row.id)));
        if (taken) throw new AppError('MERCHANT_STORE_TAKEN');
      }
      const status: MerchantStatus = approve ? 'approved' : 'refused';
      await tx.update(merchants).set({ status, reviewReason: decision.reason, reviewedBy: moderator.userId, reviewedAt: now }).where(eq(merchants.id, row.id));
      const texts = fr.merchants;
      const [title, body] = approve
        ? [texts.approvedNotification.title, texts.approvedNotification.body(store.name)]
        : [texts.refusedNotification.title, texts.refusedNotification.body(store.name, decision.reason ?? '')];
      await createNotifications(tx, [{ userId: row.userId, type: 'other', title, body, data: { merchant_application: status } }], now);
      await writeAudit(tx, {
        moderatorId: moderator.userId,
        action: approve ? 'merchant.approve' : 'merchant.refuse',
        targetType: 'merchant',
        targetId: row.id,
        before: { status: 'pending', store_id: store.id, store_name: store.name, manager_name: row.managerName },
        after: { status },
        reason: decision.reason,
        now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('MERCHANT_STORE_TAKEN');
    throw error;
  }
  const [row] = await deps.db.select({ merchant: merchants, store: stores }).from(merchants).innerJoin(stores, eq(stores.id, merchants.storeId)).where(eq(merchants.id, id));
  return toApiMerchant(row);
}

/** POST /api/admin/merchant-applications/{id}/approve. */
export const approveMerchant = (deps: AppDeps, moderator: Principal, id: string, note: string | null) => decide(deps, moderator, id, { kind: 'approve', reason: note });

/** POST /api/admin/merchant-applications/{id}/refuse. */
export const refuseMerchant = (deps: AppDeps, moderator: Principal, id: string, reason: string) => decide(deps, moderator, id, { kind: 'refuse', reason });
