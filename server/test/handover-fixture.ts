// Delivering an order the way an agent must (issue 30, item 3): collected at the store, en route,
// then completed with the customer's code — for tests of what follows a delivery.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, todayInGabon } from '#contract/format';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { bearer, type SignedIn } from './harness';

type Ctx = { app: FastifyInstance; db: Db };

/** The booked slot has come: the order's day is moved to yesterday (completion opens an hour before the slot). */
export async function makeDue(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ deliveryDate: addDays(todayInGabon(new Date()), -1) }).where(eq(orders.id, orderId));
}

export const agentStep = (ctx: Ctx, agent: SignedIn, orderId: string, status: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/delivery-agent/update-status/${orderId}?new_status=${status}`, headers: bearer(agent.access_token) });

export const completeWithCode = (ctx: Ctx, agent: SignedIn, orderId: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/delivery-agent/orders/${orderId}/complete`, headers: bearer(agent.access_token), payload: { handover_code: code } });

/** The code as the customer sees it once the agent is en route (GET /api/deliveries). */
export async function customerCode(ctx: Ctx, customer: SignedIn, orderId: string): Promise<string | null> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/deliveries', headers: bearer(customer.access_token) });
  return (res.json() as { id: string; handover_code: string | null }[]).find((d) => d.id === orderId)?.handover_code ?? null;
}

/** An order the agent already took (in_progress) → picked_up → en_route → delivered with the code read in the database. */
export async function deliverWithCode(ctx: Ctx, agent: SignedIn, orderId: string) {
  await makeDue(ctx.db, orderId);
  for (const step of ['picked_up', 'en_route']) {
    const res = await agentStep(ctx, agent, orderId, step);
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
  }
  const [{ handoverCode }] = await ctx.db.select({ handoverCode: orders.handoverCode }).from(orders).where(eq(orders.id, orderId));
  const done = await completeWithCode(ctx, agent, orderId, handoverCode!);
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  return done;
}
