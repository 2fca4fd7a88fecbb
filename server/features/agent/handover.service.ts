// Completing a delivery (issue 30, item 3): the agent enters the customer's 4-digit code, or, when
// the customer cannot give it, sends a photo taken at the door (« Livrée (sans code) »). Either way
// the order must be en route and its slot at most an hour away. Five wrong codes lock completion
// and alert the moderators. The move itself goes through the order lifecycle (transitionOrderIn).
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AgentOrder } from '#contract/agent';
import { DOOR_PHOTO_FORMATS, HANDOVER_MAX_ATTEMPTS } from '#contract/handover';
import { fr } from '#contract/messages';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { orders, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { assertImage, webpVariant } from '../../platform/images';
import { keepPrivateImage, readPrivateFile } from '../../platform/private-files';
import { isUuid } from '../../platform/ids';
import { createNotifications } from '../notifications/notifications.service';
import { completableFrom } from '../orders/handover-view';
import { type Handover, type OrderRow, transitionOrderIn } from '../orders/orders.service';
import { lockApprovedAgent } from './agent-access';
import { myOrder } from './agent.service';

export const DOOR_PHOTO_FOLDER = 'private/deliveries' as const;
const DOOR_PHOTO_WIDTH = 1280;

/** The agent's own order, locked for the attempt; 404 for anyone else's, 409/423 while completion is not open. */
async function lockCompletable(tx: Tx, agent: Principal, orderId: string, now: Date, opensBeforeMs: number): Promise<OrderRow> {
  // The agent's row first, then the order's (the lock order of agent-access.ts).
  await lockApprovedAgent(tx, agent.userId);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.agentId !== agent.userId) throw new AppError('ORDER_NOT_FOUND');
  if (order.status === 'in_progress' || order.status === 'picked_up') throw new AppError('HANDOVER_NOT_EN_ROUTE');
  if (order.status !== 'en_route') throw new AppError('ORDER_TRANSITION_INVALID');
  if (order.handoverLockedAt) throw new AppError('HANDOVER_LOCKED');
  if (now.getTime() < completableFrom(order, opensBeforeMs).getTime()) throw new AppError('HANDOVER_TOO_EARLY');
  return order;
}

const sameCode = (expected: string | null, given: string) =>
  expected !== null && expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/** POST /delivery-agent/orders/{id}/complete with { handover_code }. */
export async function completeWithCode(deps: AppDeps, agent: Principal, orderId: string, code: string): Promise<AgentOrder> {
  if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const now = deps.now();
  // A wrong code is counted in its own committed transaction, then refused.
  const wrong = await deps.db.transaction(async (tx) => {
    const order = await lockCompletable(tx, agent, orderId, now, deps.config.handoverOpensBeforeSlotMs);
    if (sameCode(order.handoverCode, code)) {
      await transitionOrderIn(tx, orderId, 'delivered', { kind: 'agent', userId: agent.userId, handover: { kind: 'code' } }, now);
      return null;
    }
    const attempts = order.handoverAttempts + 1;
    const locked = attempts >= HANDOVER_MAX_ATTEMPTS;
    await tx
      .update(orders)
      .set({ handoverAttempts: attempts, updatedAt: now, ...(locked ? { handoverLockedAt: now } : {}) })
      .where(eq(orders.id, orderId));
    if (locked) await alertModerators(tx, order, now);
    return { left: HANDOVER_MAX_ATTEMPTS - attempts };
  });
  if (wrong) throw wrong.left > 0 ? new AppError('HANDOVER_CODE_WRONG', fr.handover.wrongCode(wrong.left)) : new AppError('HANDOVER_LOCKED');
  return myOrder(deps, agent, orderId);
}

/** POST /delivery-agent/orders/{id}/complete with a multipart `photo`: « Livrée (sans code) ». */
export async function completeWithPhoto(deps: AppDeps, agent: Principal, orderId: string, photo: Buffer): Promise<AgentOrder> {
  if (!isUuid(orderId)) throw new AppError('ORDER_NOT_FOUND');
  const now = deps.now();
  // The cheap refusals before the image work; checked again, locked, when the order moves.
  await deps.db.transaction((tx) => lockCompletable(tx, agent, orderId, now, deps.config.handoverOpensBeforeSlotMs));
  const key = await keepPrivateImage(deps.storage, DOOR_PHOTO_FOLDER, orderId, await doorPhoto(photo));
  await deps.db.transaction(async (tx) => {
    await lockCompletable(tx, agent, orderId, now, deps.config.handoverOpensBeforeSlotMs);
    const handover: Handover = { kind: 'photo', proofPath: key };
    await transitionOrderIn(tx, orderId, 'delivered', { kind: 'agent', userId: agent.userId, handover }, now);
  });
  return myOrder(deps, agent, orderId);
}

const DOOR_PHOTO_ACCEPTED: ReadonlySet<string> = new Set(DOOR_PHOTO_FORMATS);

/** Accepted by content (JPEG, PNG or WebP), re-encoded upright as WebP without its metadata. */
async function doorPhoto(bytes: Buffer): Promise<Buffer> {
  await assertImage(bytes, DOOR_PHOTO_ACCEPTED);
  return webpVariant(bytes, { width: DOOR_PHOTO_WIDTH, height: DOOR_PHOTO_WIDTH, fit: 'inside', quality: 75 });
}

/** Every active moderator hears of a locked handover; the admin queue counts them (lockedHandoverCount). */
async function alertModerators(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const moderators = await tx.select({ id: users.id }).from(users).where(and(eq(users.userType, 'admin'), isNull(users.suspendedAt)));
  const texts = fr.handover.lockedAlert;
  await createNotifications(
    tx,
    moderators.map((m) => ({ userId: m.id, type: 'other' as const, title: texts.title, body: texts.body(order.id.slice(0, 8)), data: { order_id: order.id, status: 'handover_locked' } })),
    now,
  );
}

/** GET /api/deliveries/{id}/proof: the door photo, for the order's customer and for moderators. */
export async function deliveryProof(deps: AppDeps, principal: Principal, orderId: string) {
  const [order] = isUuid(orderId) ? await deps.db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!order || (order.userId !== principal.userId && principal.userType !== 'admin')) throw new AppError('ORDER_NOT_FOUND');
  return readPrivateFile(deps.storage, order.deliveryProofPath, 'DELIVERY_PROOF_NOT_FOUND');
}
