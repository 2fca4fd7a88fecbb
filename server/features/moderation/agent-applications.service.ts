// Delivery agents' applications: registering as "Livreur" leaves the account 'pending'; a moderator
// approves it (the agent then sees orders) or refuses it with a reason. Each decision is one
// transaction on the locked account row: the status, the applicant's notification and the audit row;
// a second decision on the same application is a 409 and changes nothing.
import { and, asc, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AgentApplicationStatus } from '#contract/agent';
import { fr } from '#contract/messages';
import type { AgentApplicationPage } from '#contract/moderation';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { applicationStatusOf } from '../agent/agent-access';
import { createNotifications } from '../notifications/notifications.service';
import { writeAudit } from './audit';

const isAgent = eq(users.userType, 'delivery_agent');
// Agents registered without a recorded status wait like the others (see agent-access.ts).
const isPending = or(eq(users.agentStatus, 'pending'), isNull(users.agentStatus));

function conditionOf(status: AgentApplicationStatus): SQL {
  if (status === 'pending') return and(isAgent, isPending, isNull(users.suspendedAt))!;
  return and(isAgent, eq(users.agentStatus, status))!;
}

/** The pending count of GET /api/admin/queue. A suspended applicant leaves the queue. */
export async function pendingApplicationCount(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(conditionOf('pending'));
  return n;
}

/** GET /api/admin/agent-applications: pending ones oldest first, decided ones latest decision first. */
export async function agentApplicationPage(deps: AppDeps, status: AgentApplicationStatus, page: number, limit: number): Promise<AgentApplicationPage> {
  const where = conditionOf(status);
  const [{ total }] = await deps.db.select({ total: count() }).from(users).where(where);
  const rows = await deps.db
    .select()
    .from(users)
    .where(where)
    .orderBy(status === 'pending' ? asc(users.createdAt) : desc(users.agentReviewedAt), asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    items: rows.map((u) => ({
      id: u.id,
      full_name: u.fullName,
      email: u.email,
      phone: u.phone,
      country_region: u.countryRegion,
      registered_at: u.createdAt.toISOString(),
      status: applicationStatusOf(u),
      reason: u.agentReviewReason,
      reviewed_at: u.agentReviewedAt?.toISOString() ?? null,
      suspended_at: u.suspendedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

type Decision = { kind: 'approve'; reason: string | null } | { kind: 'refuse'; reason: string };

async function decide(deps: AppDeps, moderator: Principal, userId: string, decision: Decision): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [applicant] = isUuid(userId) ? await tx.select().from(users).where(and(eq(users.id, userId), isAgent)).for('update') : [];
    if (!applicant) throw new AppError('AGENT_APPLICATION_NOT_FOUND');
    if (applicationStatusOf(applicant) !== 'pending') throw new AppError('AGENT_APPLICATION_ALREADY_REVIEWED');
    const approve = decision.kind === 'approve';
    const status: AgentApplicationStatus = approve ? 'approved' : 'refused';
    await tx.update(users).set({ agentStatus: status, agentReviewedAt: now, agentReviewReason: decision.reason, updatedAt: now }).where(eq(users.id, userId));
    const texts = fr.agentVetting;
    const [title, body] = approve
      ? [texts.approvedNotification.title, texts.approvedNotification.body]
      : [texts.refusedNotification.title, texts.refusedNotification.body(decision.reason)];
    await createNotifications(tx, [{ userId, type: 'other', title, body, data: { agent_application: status } }], now);
    await writeAudit(tx, {
      moderatorId: moderator.userId,
      action: approve ? 'agent.approve' : 'agent.refuse',
      targetType: 'user',
      targetId: userId,
      before: { agent_status: 'pending', full_name: applicant.fullName, email: applicant.email },
      after: { agent_status: status },
      reason: decision.reason,
      now,
    });
  });
}

/** POST /api/admin/agent-applications/{id}/approve. */
export const approveAgent = (deps: AppDeps, moderator: Principal, userId: string, note: string | null) => decide(deps, moderator, userId, { kind: 'approve', reason: note });

/** POST /api/admin/agent-applications/{id}/refuse. */
export const refuseAgent = (deps: AppDeps, moderator: Principal, userId: string, reason: string) => decide(deps, moderator, userId, { kind: 'refuse', reason });
