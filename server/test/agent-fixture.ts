// Delivery agents for tests of what happens once an agent works: registered through the API like
// everyone (their application then waits), and approved straight in the database — the moderators'
// decision itself is tested in moderation/agent-applications.test.ts.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RegisterPayload } from '#contract/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { registerUser, type SignedIn } from './harness';

export async function approveAgentInDb(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ agentStatus: 'approved', agentReviewedAt: new Date() }).where(eq(users.id, userId));
}

/** A delivery agent whose application a moderator approved. */
export async function registerApprovedAgent(ctx: { app: FastifyInstance; db: Db }, overrides: Partial<RegisterPayload> = {}): Promise<SignedIn> {
  const agent = await registerUser(ctx.app, { user_type: 'delivery_agent', ...overrides });
  await approveAgentInDb(ctx.db, agent.user.id);
  return agent;
}
