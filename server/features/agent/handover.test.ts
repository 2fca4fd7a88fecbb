// Handover with proof (issue 30, item 3), attacker first: who may complete an order, when, with
// what; the customer's code (only theirs, only en route); five wrong codes lock completion and alert
// the moderators; a door photo completes « sans code » and stays private.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentOrderResponseSchema, type AgentOrder } from '#contract/agent';
import { addDays, todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import { DeliveryRequestSchema, type DeliveryRequest } from '#contract/orders';
import { notifications, orders, shoppingLists } from '../../db/schema';
import { registerApprovedAgent } from '../../test/agent-fixture';
import { agentStep, completeWithCode, customerCode, makeDue } from '../../test/handover-fixture';
import { bearer, createTestContext, detailOf, loginDemo, realModerator, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { pngBytes } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { insertOrder } from '../../test/orders-fixture';
import sharp from 'sharp';

let ctx: TestContext;
let customer: SignedIn;
let otherCustomer: SignedIn;
let agent: SignedIn;
let otherAgent: SignedIn;
let moderator: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await registerUser(ctx.app, { full_name: 'Awa Mba' });
  otherCustomer = await registerUser(ctx.app, { full_name: 'Autre Client' });
  agent = await registerApprovedAgent(ctx, { full_name: 'Livreur Assigné' });
  otherAgent = await registerApprovedAgent(ctx, { full_name: 'Autre Livreur' });
  moderator = await realModerator(ctx);
});
afterAll(() => ctx.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.access_token) : {}, ...(payload ? { payload } : {}) });
const photoUpload = (who: SignedIn | null, id: string, bytes: Buffer | string, field = 'photo') => {
  const body = multipartBody([{ field, filename: 'porte.jpg', contentType: 'image/jpeg', bytes }]);
  return ctx.app.inject({ method: 'POST', url: `/api/delivery-agent/orders/${id}/complete`, headers: { ...body.headers, ...(who ? bearer(who.access_token) : {}) }, payload: body.payload });
};
const rowOf = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const deliveryOf = async (who: SignedIn, id: string) => ((await call(who, 'GET', '/deliveries')).json() as DeliveryRequest[]).find((d) => d.id === id);
const codeOf = async (id: string) => (await rowOf(id)).handoverCode!;
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** An order the agent took, collected and en route, its slot come. */
async function enRouteOrder(options: { due?: boolean } = {}): Promise<string> {
  const order = await insertOrder(ctx.db, customer.user.id);
  expect((await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`)).statusCode).toBe(200);
  if (options.due ?? true) await makeDue(ctx.db, order.id);
  expect((await agentStep(ctx, agent, order.id, 'picked_up')).statusCode).toBe(200);
  expect((await agentStep(ctx, agent, order.id, 'en_route')).statusCode).toBe(200);
  return order.id;
}

describe('who may complete', () => {
  it('signed out 401, the customer 403, another agent 404 — and nothing moves', async () => {
    const id = await enRouteOrder();
    const code = await codeOf(id);
    expect((await call(null, 'POST', `/delivery-agent/orders/${id}/complete`, { handover_code: code })).statusCode).toBe(401);
    const asCustomer = await call(customer, 'POST', `/delivery-agent/orders/${id}/complete`, { handover_code: code });
    expect(asCustomer.statusCode).toBe(403);
    expect(detailOf(asCustomer)).toBe('Cette fonctionnalité est réservée aux livreurs');
    const asOther = await completeWithCode(ctx, otherAgent, id, code);
    expect(asOther.statusCode).toBe(404);
    expect(detailOf(asOther)).toBe(fr.orders.notFound);
    expect((await photoUpload(otherAgent, id, await pngBytes())).statusCode).toBe(404);
    expect((await photoUpload(null, id, await pngBytes())).statusCode).toBe(401);
    // Another agent cannot move the steps either.
    expect((await agentStep(ctx, otherAgent, id, 'en_route')).statusCode).toBe(404);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'en_route', handoverAttempts: 0, deliveredAt: null });
  });

  it('the old one-tap « Terminée » no longer completes an order, at any step', async () => {
    const order = await insertOrder(ctx.db, customer.user.id);
    await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`);
    await makeDue(ctx.db, order.id);
    for (const step of [null, 'picked_up', 'en_route']) {
      if (step) expect((await agentStep(ctx, agent, order.id, step)).statusCode).toBe(200);
      for (const word of ['completed', 'delivered']) {
        const res = await agentStep(ctx, agent, order.id, word);
        expect(res.statusCode, `${step} → ${word}`).toBe(409);
      }
    }
    const res = await agentStep(ctx, agent, order.id, 'completed');
    expect(res.json()).toEqual({ detail: fr.handover.oneTapGone, code: 'HANDOVER_PROOF_REQUIRED' });
    expect((await rowOf(order.id)).status).toBe('en_route');
  });
});

describe('the steps', () => {
  it('in order only: taken → picked_up → en_route; each step timed, on the customer’s timeline, notified', async () => {
    const order = await insertOrder(ctx.db, customer.user.id);
    await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`);
    expect((await agentStep(ctx, agent, order.id, 'en_route')).statusCode).toBe(409);
    const picked = await agentStep(ctx, agent, order.id, 'picked_up');
    expect(picked.statusCode).toBe(200);
    const pickedOrder = AgentOrderResponseSchema.parse(picked.json()).order;
    expect(pickedOrder).toMatchObject({ status: 'picked_up', picked_up_at: expect.any(String), en_route_at: null });
    expect((await agentStep(ctx, agent, order.id, 'picked_up')).statusCode).toBe(409);
    expect((await agentStep(ctx, agent, order.id, 'in_progress')).statusCode).toBe(409);
    const before = await deliveryOf(customer, order.id);
    expect(before).toMatchObject({ status: 'picked_up', picked_up_at: expect.any(String), en_route_at: null, handover_code: null });
    const enRoute = await agentStep(ctx, agent, order.id, 'en_route');
    expect(enRoute.json().order).toMatchObject({ status: 'en_route', en_route_at: expect.any(String), handover_attempts_left: 5, handover_locked: false });
    const seen = DeliveryRequestSchema.parse(await deliveryOf(customer, order.id));
    expect(seen).toMatchObject({ status: 'en_route', assigned_at: expect.any(String), picked_up_at: expect.any(String), en_route_at: expect.any(String), delivered_at: null });
    expect(seen.handover_code).toMatch(/^\d{4}$/);
    const titles = (await ctx.db.select().from(notifications).where(eq(notifications.userId, customer.user.id))).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining([fr.orderNotifications.picked_up.title, fr.orderNotifications.en_route.title]));
    // The code itself is never in a notification.
    const bodies = (await ctx.db.select().from(notifications).where(eq(notifications.userId, customer.user.id))).map((n) => n.body).join(' ');
    expect(bodies).not.toContain(seen.handover_code!);
  });
});

describe('the handover code', () => {
  it('shown to the order’s customer only, only from en route, and never to the agent', async () => {
    const order = await insertOrder(ctx.db, customer.user.id);
    expect((await deliveryOf(customer, order.id))!.handover_code).toBeNull();
    await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`);
    expect((await deliveryOf(customer, order.id))!.handover_code).toBeNull();
    await agentStep(ctx, agent, order.id, 'picked_up');
    expect((await deliveryOf(customer, order.id))!.handover_code).toBeNull();
    expect((await rowOf(order.id)).handoverCode).toBeNull();
    await agentStep(ctx, agent, order.id, 'en_route');
    const code = await customerCode(ctx, customer, order.id);
    expect(code).toBe(await codeOf(order.id));
    // Another customer does not see the order at all; the agent's answers never name the code.
    expect(await deliveryOf(otherCustomer, order.id)).toBeUndefined();
    for (const url of ['/delivery-agent/my-orders', `/delivery-agent/orders/${order.id}`]) {
      const body = (await call(agent, 'GET', url)).body;
      expect(body).not.toContain('handover_code');
      expect(body).not.toContain(`"${code}"`);
    }
    // Codes are drawn per order.
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) codes.add(await codeOf(await enRouteOrder()));
    expect(codes.size).toBeGreaterThan(1);
  });

  it('a malformed code is a French 400 and does not count as a try', async () => {
    const id = await enRouteOrder();
    for (const bad of [{ handover_code: '12a4' }, { handover_code: '123' }, {}]) {
      const res = await call(agent, 'POST', `/delivery-agent/orders/${id}/complete`, bad);
      expect(res.statusCode).toBe(400);
      expect(detailOf(res)).toBe(fr.handover.codeFormat);
    }
    expect((await rowOf(id)).handoverAttempts).toBe(0);
  });

  it('the right code → delivered on both sides, the list archived, the code gone', async () => {
    const id = await enRouteOrder();
    const code = await customerCode(ctx, customer, id);
    const res = await completeWithCode(ctx, agent, id, code!);
    expect(res.statusCode).toBe(200);
    const answer = AgentOrderResponseSchema.parse(res.json());
    expect(answer.message).toBe(fr.handover.delivered);
    expect(answer.order).toMatchObject({ status: 'completed', delivered_at: expect.any(String), delivered_without_code: false });
    const seen = await deliveryOf(customer, id);
    expect(seen).toMatchObject({ status: 'delivered', delivered_at: expect.any(String), handover_code: null, delivered_without_code: false, delivery_proof_url: null });
    const row = await rowOf(id);
    expect((await ctx.db.select().from(shoppingLists).where(eq(shoppingLists.id, row.shoppingListId!)))[0].status).toBe('archived');
    // Completed once: again is a 409.
    expect((await completeWithCode(ctx, agent, id, code!)).statusCode).toBe(409);
  });

  it('five wrong codes lock completion (423, French), even with the right code or a photo, and alert the moderators', async () => {
    const id = await enRouteOrder();
    const code = await codeOf(id);
    const before = (await call(moderator, 'GET', '/admin/queue')).json().locked_handovers as number;
    for (let left = 4; left >= 1; left--) {
      const res = await completeWithCode(ctx, agent, id, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: fr.handover.wrongCode(left), code: 'HANDOVER_CODE_WRONG' });
      expect((await call(agent, 'GET', `/delivery-agent/orders/${id}`)).json().handover_attempts_left).toBe(left);
    }
    expect(fr.handover.wrongCode(1)).toBe('Code incorrect : il reste 1 essai');
    const fifth = await completeWithCode(ctx, agent, id, wrongCode(code));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({ detail: fr.handover.locked, code: 'HANDOVER_LOCKED' });
    const right = await completeWithCode(ctx, agent, id, code);
    expect(right.statusCode).toBe(423);
    expect((await photoUpload(agent, id, await pngBytes())).statusCode).toBe(423);
    expect(await rowOf(id)).toMatchObject({ status: 'en_route', handoverAttempts: 5, handoverLockedAt: expect.any(Date) });
    expect((await call(agent, 'GET', `/delivery-agent/orders/${id}`)).json()).toMatchObject({ handover_locked: true, handover_attempts_left: 0 });
    const alerts = await ctx.db.select().from(notifications).where(eq(notifications.userId, moderator.user.id));
    expect(alerts.some((n) => n.title === fr.handover.lockedAlert.title && (n.data as { order_id?: string }).order_id === id)).toBe(true);
    expect((await call(moderator, 'GET', '/admin/queue')).json().locked_handovers).toBe(before + 1);
  });
});

describe('completion needs the order en route', () => {
  it('before picked up and before en route: 409 in French, with the right code or a photo', async () => {
    const order = await insertOrder(ctx.db, customer.user.id);
    await call(agent, 'POST', `/delivery-agent/accept-order/${order.id}`);
    await makeDue(ctx.db, order.id);
    for (const step of [null, 'picked_up']) {
      if (step) await agentStep(ctx, agent, order.id, step);
      const res = await completeWithCode(ctx, agent, order.id, '0000');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: fr.handover.notEnRoute, code: 'HANDOVER_NOT_EN_ROUTE' });
      expect((await photoUpload(agent, order.id, await pngBytes())).statusCode).toBe(409);
    }
    expect((await rowOf(order.id)).handoverAttempts).toBe(0);
    // Not even taken: the order is not the agent's.
    const untaken = await insertOrder(ctx.db, customer.user.id);
    expect((await completeWithCode(ctx, agent, untaken.id, '0000')).statusCode).toBe(404);
  });
});

describe('the door photo', () => {
  it('a JPEG → « livrée (sans code) », the photo private: the customer and moderators only', async () => {
    const id = await enRouteOrder();
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a33' } }).jpeg().toBuffer();
    const res = await photoUpload(agent, id, jpeg);
    expect(res.statusCode).toBe(200);
    const answer = AgentOrderResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ message: fr.handover.deliveredWithoutCode, order: { status: 'completed', delivered_without_code: true } });
    const row = await rowOf(id);
    expect(row.deliveryProofPath).toMatch(/^private\/deliveries\//);
    const seen = await deliveryOf(customer, id);
    expect(seen).toMatchObject({ status: 'delivered', delivered_without_code: true, delivery_proof_url: `/api/deliveries/${id}/proof` });
    const asCustomer = await call(customer, 'GET', `/deliveries/${id}/proof`);
    expect(asCustomer.statusCode).toBe(200);
    expect(asCustomer.headers['content-type']).toContain('image/webp');
    expect((await sharp(asCustomer.rawPayload).metadata()).format).toBe('webp');
    expect((await call(moderator, 'GET', `/deliveries/${id}/proof`)).statusCode).toBe(200);
    expect((await call(otherCustomer, 'GET', `/deliveries/${id}/proof`)).statusCode).toBe(404);
    expect((await call(otherAgent, 'GET', `/deliveries/${id}/proof`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/deliveries/${id}/proof`)).statusCode).toBe(401);
    // Never served as a public upload.
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${row.deliveryProofPath}` })).statusCode).toBe(404);
  });

  it('checked by content and size: not an image or a GIF 415, over 5 MB 413, no photo 400 — nothing moves', async () => {
    const id = await enRouteOrder();
    const text = await photoUpload(agent, id, 'ceci nest pas une photo');
    expect(text.statusCode).toBe(415);
    expect(detailOf(text)).toBe(fr.image.unsupported);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
    expect((await photoUpload(agent, id, gif)).statusCode).toBe(415);
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const tooLarge = await photoUpload(agent, id, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: fr.handover.photoTooLarge, code: 'DOOR_PHOTO_TOO_LARGE' });
    const wrongField = await photoUpload(agent, id, await pngBytes(), 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(detailOf(wrongField)).toBe(fr.handover.photoRequired);
    expect(await rowOf(id)).toMatchObject({ status: 'en_route', deliveryProofPath: null });
  });
});

describe('not before the slot', () => {
  it('more than an hour before the booked slot: 409; from an hour before: delivered', async () => {
    const id = await enRouteOrder({ due: false });
    const row = await rowOf(id);
    const code = row.handoverCode!;
    const early = await completeWithCode(ctx, agent, id, code);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: fr.handover.tooEarly, code: 'HANDOVER_TOO_EARLY' });
    expect((await photoUpload(agent, id, await pngBytes())).statusCode).toBe(409);
    // The next slot start at least an hour and a few minutes away (today or tomorrow, Libreville time).
    const now = ctx.clock.now();
    const starts = [0, 1].flatMap((d) =>
      (['morning', 'afternoon', 'evening'] as const).map((slot) => ({ date: addDays(todayInGabon(now), d), slot, at: new Date(`${addDays(todayInGabon(now), d)}T${{ morning: '08', afternoon: '12', evening: '17' }[slot]}:00:00+01:00`) })),
    );
    const next = starts.find((s) => s.at.getTime() - now.getTime() > 3600_000 + 5 * 60_000)!;
    await ctx.db.update(orders).set({ deliveryDate: next.date, deliveryTimeSlot: next.slot }).where(eq(orders.id, id));
    const opens = next.at.getTime() - 3600_000;
    expect((await call(agent, 'GET', `/delivery-agent/orders/${id}`)).json().completable_from).toBe(new Date(opens).toISOString());
    ctx.clock.advance(opens - now.getTime() - 60_000);
    expect((await completeWithCode(ctx, agent, id, code)).statusCode).toBe(409);
    ctx.clock.advance(2 * 60_000);
    const done = await completeWithCode(ctx, agent, id, code);
    expect(done.statusCode).toBe(200);
    expect((done.json().order as AgentOrder).status).toBe('completed');
    expect((await rowOf(id)).handoverAttempts).toBe(0);
  });
});

it('the demo agent’s one tap is refused too', async () => {
  const demoAgent = await loginDemo(ctx.app, 'agent');
  const order = await insertOrder(ctx.db, customer.user.id);
  await call(demoAgent, 'POST', `/delivery-agent/accept-order/${order.id}`);
  expect((await agentStep(ctx, demoAgent, order.id, 'completed')).statusCode).toBe(409);
});
