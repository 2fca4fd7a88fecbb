// Who may work as a delivery agent: an approved application on an account that is not suspended.
// Checked on every agent order route, and again inside the transaction that moves an order, where the
// agent's row is read FOR SHARE: a suspension (which takes it FOR UPDATE and hands the agent's orders
// back) is then either wholly before or wholly after the move, never in the middle.
import { eq } from 'drizzle-orm';
import type { AgentApplicationStatus } from '#contract/agent';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';

type AgentRow = { userType: string; agentStatus: string | null; suspendedAt: Date | null };

/** An agent without a recorded decision is treated as waiting for one (fail closed). */
export const applicationStatusOf = (row: { agentStatus: string | null }): AgentApplicationStatus =>
  row.agentStatus === 'approved' || row.agentStatus === 'refused' ? row.agentStatus : 'pending';

function assertWorking(row: AgentRow | undefined): void {
  if (!row || row.userType !== 'delivery_agent') throw new AppError('AGENTS_ONLY');
  if (row.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  const status = applicationStatusOf(row);
  if (status === 'pending') throw new AppError('AGENT_APPLICATION_PENDING');
  if (status === 'refused') throw new AppError('AGENT_APPLICATION_REFUSED');
}

const columns = { userType: users.userType, agentStatus: users.agentStatus, suspendedAt: users.suspendedAt };

/** 403 with the reason unless the account is an approved, active agent. */
export async function assertApprovedAgent(db: DbOrTx, userId: string): Promise<void> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  assertWorking(row);
}

/** The same check inside a transaction, holding the agent's row until it commits. */
export async function lockApprovedAgent(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx.select(columns).from(users).where(eq(users.id, userId)).for('share');
  assertWorking(row);
}
