// The moderation space's API: who may call it, the held and flagged price queues with their
// evidence, decisions (and their 409 when repeated), product suggestions, reverts, suspensions,
// the audit trail, the outlier job, and the moderator command.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import type { AuditPage, ObservationQueue, ProductRevision, QueueCounts, SuggestionPage } from '#contract/moderation';
import { TRUST } from '#contract/prices';
import type { ProductDetail } from '#contract/products';
import { notifications, products, stores, users } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, realModerator, trustedUser, type SignedIn, type TestContext } from '../../test/harness';
import { CliError, runAdminCommand } from '../../cli/admin-commands';
import { runOutlierScan } from '../prices/outlier-job';

let ctx: TestContext;
let moderator: SignedIn;
let consumer: SignedIn;
let agent: SignedIn;
type StoreRef = { id: string; name: string; latitude: number; longitude: number };
let geant: StoreRef;
let score: StoreRef;
let mbolo: StoreRef;

beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await realModerator(ctx);
  consumer = await trustedUser(ctx);
  agent = await loginDemo(ctx.app, 'agent');
  const byName = async (name: string) => (await ctx.db.select().from(stores).where(eq(stores.name, name)))[0];
  [geant, score, mbolo] = await Promise.all([byName('Géant CKdo'), byName('Supermarché Score Centre-ville'), byName('Centre commercial Mbolo (ex-Géant Casino)')]);
});
afterAll(() => ctx.close());

async function loginAs(email: string, password: string): Promise<SignedIn> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json(), password };
}

const as = (who: SignedIn) => bearer(who.access_token);
const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? as(who) : {} });
const inStore = (s: StoreRef) => ({ latitude: s.latitude + 0.0003, longitude: s.longitude + 0.0002 });
const farFrom = (s: StoreRef) => ({ latitude: s.latitude + 0.03, longitude: s.longitude });
const contribute = (who: SignedIn, productId: string, store: StoreRef, price: number, position = inStore(store)) =>
  call(who, 'POST', '/api/prices/contribute', { product_id: productId, store_id: store.id, price, ...position });
const detail = async (productId: string) => (await call(null, 'GET', `/api/products/${productId}`)).json() as ProductDetail;
const shownIn = async (productId: string, store: StoreRef) => (await detail(productId)).prices.find((p) => p.store_id === store.id);
const counts = async () => (await call(moderator, 'GET', '/api/admin/queue')).json() as QueueCounts;
const queue = async (status: 'held' | 'flagged') => (await call(moderator, 'GET', `/api/admin/price-observations?status=${status}&limit=100`)).json() as ObservationQueue;
const reputationOf = async (who: SignedIn) => (await ctx.db.select({ r: users.reputation }).from(users).where(eq(users.id, who.user.id)))[0].r;
const notificationsOf = async (who: SignedIn) => ctx.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
const audit = async () => (await call(moderator, 'GET', '/api/admin/audit?limit=100')).json() as AuditPage;

/** A product of the owner's, priced `price` at Géant CKdo. */
async function newProduct(owner: SignedIn, price = 1000, name = `Produit ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const res = await call(owner, 'POST', '/api/products', { name, shop_id: geant.id, price });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product.id;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ADMIN_ENDPOINTS: [method: 'GET' | 'POST', url: string, body?: object][] = [
  ['GET', '/api/admin/queue'],
  ['GET', '/api/admin/price-observations?status=held'],
  ['GET', '/api/admin/price-observations?status=flagged'],
  ['POST', `/api/admin/price-observations/${UNKNOWN}/approve`, {}],
  ['POST', `/api/admin/price-observations/${UNKNOWN}/reject`, { reason: 'Faux' }],
  ['GET', '/api/admin/product-suggestions'],
  ['POST', `/api/admin/product-suggestions/${UNKNOWN}/apply`, {}],
  ['POST', `/api/admin/product-suggestions/${UNKNOWN}/refuse`, { reason: 'Non' }],
  ['GET', `/api/admin/products/${UNKNOWN}/revisions`],
  ['POST', `/api/admin/products/${UNKNOWN}/revert`, { revision_id: UNKNOWN }],
  ['GET', `/api/admin/users/${UNKNOWN}`],
  ['POST', `/api/admin/users/${UNKNOWN}/suspend`, { reason: 'Abus' }],
  ['POST', `/api/admin/users/${UNKNOWN}/reinstate`, {}],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/agent-applications'],
  ['GET', '/api/admin/agent-applications?status=refused'],
  ['POST', `/api/admin/agent-applications/${UNKNOWN}/approve`, {}],
  ['POST', `/api/admin/agent-applications/${UNKNOWN}/refuse`, { reason: 'Non' }],
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders?test=true&refund=failed&status=cancelled'],
];

describe('who may moderate', () => {
  it.each(ADMIN_ENDPOINTS)('%s %s answers 401 signed out, 403 to a consumer and to an agent', async (method, url, body) => {
    const anonymous = await call(null, method, url, body);
    expect(anonymous.statusCode).toBe(401);
    for (const who of [consumer, agent]) {
      const res = await call(who, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(detailOf(res)).toBe(fr.auth.adminsOnly);
    }
    expect([401, 403]).not.toContain((await call(moderator, method, url, body)).statusCode);
  });

  it('the demo moderator signs in on the consumer login as an admin, and not on the agent login', async () => {
    expect(moderator.user.user_type).toBe('admin');
    const asAgent = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...DEMO_ACCOUNTS.moderator, user_type: 'delivery_agent' } });
    expect(asAgent.statusCode).toBe(403);
    expect(detailOf(asAgent)).toBe(fr.auth.notAnAgent);
  });

  it('can never be obtained by registration or a profile edit, and moderators are not consumers', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.99.0.1',
      payload: { email: 'pirate@exemple.ga', password: 'motdepasse1', full_name: 'Pirate', phone: '+241 06 00 00 00', country_region: 'Gabon', user_type: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(fr.register.userTypeRequired);
    const edit = await call(consumer, 'PUT', '/api/users/me', { full_name: 'Moi', email: consumer.user.email, phone: '+241 06 00 00 00', country_region: 'Gabon', user_type: 'admin' });
    expect(edit.statusCode).toBeLessThan(300);
    expect((await ctx.db.select({ t: users.userType }).from(users).where(eq(users.id, consumer.user.id)))[0].t).toBe('consumer');
    expect((await call(moderator, 'POST', '/api/prices/contribute', { product_id: UNKNOWN, store_id: geant.id, price: 10, ...inStore(geant) })).statusCode).toBe(403);
  });
});

describe('held prices', () => {
  it('shows the evidence, and an approval publishes the price at once, rewards and tells the contributor, once', async () => {
    const owner = await trustedUser(ctx);
    const productId = await newProduct(owner, 1000);
    const contributor = await trustedUser(ctx);
    const held = (await contribute(contributor, productId, geant, 1450, farFrom(geant))).json();
    expect(held.observation.status).toBe('held');
    const before = await counts();
    expect(before.held).toBeGreaterThanOrEqual(1);

    const item = (await queue('held')).items.find((i) => i.id === held.observation.id)!;
    expect(item).toMatchObject({
      price: 1450,
      status: 'held',
      product: { id: productId },
      store: { id: geant.id, name: 'Géant CKdo' },
      shown_price: 1000,
      contributor: { id: contributor.user.id, reputation: 0, voice_accounts: 1, observations: { held: 1 } },
      flags: [],
    });
    expect(item.distance_km).toBeGreaterThan(3);
    expect(item.review_reason).toContain('km du magasin');
    expect(item.store_history.map((p) => [p.price, p.status])).toEqual([
      [1000, 'accepted'],
      [1450, 'held'],
    ]);

    // A decision without a note may come without a body at all.
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/price-observations/${held.observation.id}/approve`, headers: as(moderator) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ success: true, message: fr.adminUi.approved });
    expect(await shownIn(productId, geant)).toMatchObject({ price: 1450, verified: true, observation_id: held.observation.id });
    expect(await reputationOf(contributor)).toBe(TRUST.reputationApproved);
    expect((await notificationsOf(contributor)).map((n) => n.title)).toContain(fr.moderation.approvedTitle);
    expect((await counts()).held).toBe(before.held - 1);

    // Handled already: a second approval or a rejection is a 409 and changes nothing.
    for (const [path, body] of [['approve', {}], ['reject', { reason: 'Trop tard' }]] as const) {
      const again = await call(moderator, 'POST', `/api/admin/price-observations/${held.observation.id}/${path}`, body);
      expect(again.statusCode).toBe(409);
      expect(detailOf(again)).toBe(fr.moderation.alreadyReviewed);
    }
    expect(await reputationOf(contributor)).toBe(TRUST.reputationApproved);
    expect((await shownIn(productId, geant))?.price).toBe(1450);
    const entries = (await audit()).entries.filter((e) => e.target_id === held.observation.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'observation.approve',
      moderator_name: moderator.user.full_name,
      before: { queue: 'held', shown_price: 1000, product_id: productId, store_name: 'Géant CKdo' },
      after: { shown_price: 1450 },
    });
  });

  it('a rejection needs a reason, tells the contributor why and costs reputation, once', async () => {
    const productId = await newProduct(await trustedUser(ctx), 800);
    const contributor = await trustedUser(ctx);
    const held = (await contribute(contributor, productId, geant, 8000)).json();
    expect(held.observation.status).toBe('held');
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const bad = await call(moderator, 'POST', `/api/admin/price-observations/${held.observation.id}/reject`, body);
      expect(bad.statusCode).toBe(400);
      expect([fr.moderation.reasonRequired, fr.moderation.reasonTooLong]).toContain(detailOf(bad));
    }
    const rejected = await call(moderator, 'POST', `/api/admin/price-observations/${held.observation.id}/reject`, { reason: 'Prix d’un carton, pas de l’unité' });
    expect(rejected.statusCode).toBe(200);
    expect(await reputationOf(contributor)).toBe(TRUST.reputationRejected);
    const told = (await notificationsOf(contributor)).find((n) => n.title === fr.moderation.rejectedTitle);
    expect(told?.body).toContain('Prix d’un carton, pas de l’unité');
    const again = await call(moderator, 'POST', `/api/admin/price-observations/${held.observation.id}/reject`, { reason: 'Encore' });
    expect(again.statusCode).toBe(409);
    expect(await reputationOf(contributor)).toBe(TRUST.reputationRejected);
    expect((await shownIn(productId, geant))?.price).toBe(800);
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad queue name', async () => {
    expect((await call(moderator, 'POST', `/api/admin/price-observations/${UNKNOWN}/approve`, {})).statusCode).toBe(404);
    expect((await call(moderator, 'POST', '/api/admin/price-observations/pas-un-id/approve', {})).statusCode).toBe(404);
    expect((await call(moderator, 'GET', '/api/admin/price-observations?status=tous')).statusCode).toBe(400);
  });
});

describe('flags', () => {
  it('"Signaler ce prix" puts the shown price in the flagged queue; a rejection recomputes the shown price', async () => {
    const productId = await newProduct(await trustedUser(ctx), 1000);
    const [bob, carol] = [await trustedUser(ctx), await trustedUser(ctx)];
    await contribute(bob, productId, geant, 1300);
    await contribute(carol, productId, geant, 1310);
    const shown = (await shownIn(productId, geant))!;
    expect(shown).toMatchObject({ price: 1300, contributor_count: 2 });

    const flag = (who: SignedIn, body: object, id = shown.observation_id) => call(who, 'POST', `/api/prices/${id}/flag`, body);
    const flagged = await flag(consumer, { reason: 'wrong_price', comment: 'Vu à 1 000 ce matin' });
    expect(flagged.statusCode).toBe(201);
    expect(flagged.json()).toEqual({ success: true, message: fr.moderation.flagged });
    const twice = await flag(consumer, { reason: 'outdated' });
    expect(twice.statusCode).toBe(409);
    expect(detailOf(twice)).toBe(fr.moderation.alreadyFlagged);
    expect((await flag(consumer, { reason: 'trop cher' })).statusCode).toBe(400);
    expect(detailOf(await flag(consumer, {}))).toBe(fr.moderation.flagReasonRequired);
    expect((await flag(consumer, { reason: 'wrong_price' }, UNKNOWN)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/prices/${shown.observation_id}/flag`, { reason: 'wrong_price' })).statusCode).toBe(401);
    expect((await flag(agent, { reason: 'wrong_price' })).statusCode).toBe(403);

    const item = (await queue('flagged')).items.find((i) => i.id === shown.observation_id)!;
    expect(item.flags).toEqual([expect.objectContaining({ reason: 'wrong_price', comment: 'Vu à 1 000 ce matin', by_job: false })]);
    const rejected = await call(moderator, 'POST', `/api/admin/price-observations/${shown.observation_id}/reject`, { reason: 'Prix non confirmé sur place' });
    expect(rejected.statusCode).toBe(200);
    expect((await queue('flagged')).items.map((i) => i.id)).not.toContain(shown.observation_id);
    // Bob's voice is gone: Carol's 1 310 alone no longer agrees with anyone; the owner's 1 000 stands.
    expect((await shownIn(productId, geant))?.price).toBe(1000);
    const rejectedFlag = await flag(await trustedUser(ctx), { reason: 'wrong_price' });
    expect(rejectedFlag.statusCode).toBe(409);
    expect(detailOf(rejectedFlag)).toBe(fr.moderation.observationNotFlaggable);
  });

  it(`accepts at most ${TRUST.maxFlagsPerUserPerDay} flags a day from one account`, async () => {
    const flagger = await trustedUser(ctx);
    const ids: string[] = [];
    for (let i = 0; i <= TRUST.maxFlagsPerUserPerDay; i++) {
      const productId = await newProduct(consumer, 500 + i);
      ids.push((await shownIn(productId, geant))!.observation_id!);
    }
    const answers = await Promise.all(ids.map((id) => call(flagger, 'POST', `/api/prices/${id}/flag`, { reason: 'outdated' })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(TRUST.maxFlagsPerUserPerDay);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(detailOf(refused)).toBe(fr.moderation.tooManyFlags(TRUST.maxFlagsPerUserPerDay));
  });

  it('the outlier job flags a store price far from the other stores once; an approval keeps it from being flagged again', async () => {
    const owner = await trustedUser(ctx);
    const productId = await newProduct(owner, 1000);
    await call(owner, 'POST', '/api/products/duplicate', { original_product_id: productId, shop_id: score.id, price: 1100 });
    const odd = await trustedUser(ctx);
    expect((await contribute(odd, productId, mbolo, 4000)).json().observation.status).toBe('accepted');
    const oddObservation = (await shownIn(productId, mbolo))!.observation_id!;

    expect(await runOutlierScan(ctx.deps)).toBeGreaterThanOrEqual(1);
    const item = (await queue('flagged')).items.find((i) => i.id === oddObservation)!;
    expect(item.flags).toEqual([expect.objectContaining({ reason: 'outlier', by_job: true })]);
    expect(item.cross_store_median).toBe(1100);
    expect(await runOutlierScan(ctx.deps)).toBe(0);

    expect((await call(moderator, 'POST', `/api/admin/price-observations/${oddObservation}/approve`, { reason: 'Magasin de luxe' })).statusCode).toBe(200);
    await runOutlierScan(ctx.deps);
    expect((await queue('flagged')).items.map((i) => i.id)).not.toContain(oddObservation);
  });
});

describe('product suggestions and revisions', () => {
  it('a non-owner edit waits for a moderator; applied, it becomes a revision and its author hears of it; twice is a 409', async () => {
    const [croissant] = await ctx.db.select().from(products).where(eq(products.name, 'Croissant'));
    const editor = await trustedUser(ctx);
    const sent = await call(editor, 'PUT', `/api/products/${croissant.id}`, { name: 'Croissant au beurre', brand: 'Boulangerie du Port' });
    expect(sent.statusCode).toBe(202);
    expect((await detail(croissant.id)).name).toBe('Croissant');
    expect((await counts()).suggestions).toBeGreaterThanOrEqual(1);

    const page = (await call(moderator, 'GET', '/api/admin/product-suggestions')).json() as SuggestionPage;
    const suggestion = page.items.find((s) => s.id === sent.json().suggestion_id)!;
    expect(suggestion).toMatchObject({
      product_name: 'Croissant',
      author_name: editor.user.full_name,
      status: 'pending',
      changes: { name: { before: 'Croissant', after: 'Croissant au beurre' }, brand: { before: null, after: 'Boulangerie du Port' } },
      current: { name: 'Croissant' },
    });

    const applied = await call(moderator, 'POST', `/api/admin/product-suggestions/${suggestion.id}/apply`, {});
    expect(applied.statusCode).toBe(200);
    expect(await detail(croissant.id)).toMatchObject({ name: 'Croissant au beurre', brand: 'Boulangerie du Port' });
    expect((await notificationsOf(editor)).map((n) => n.title)).toContain(fr.moderation.suggestionAppliedTitle);
    for (const [path, body] of [['apply', {}], ['refuse', { reason: 'Non' }]] as const) {
      const again = await call(moderator, 'POST', `/api/admin/product-suggestions/${suggestion.id}/${path}`, body);
      expect(again.statusCode).toBe(409);
      expect(detailOf(again)).toBe(fr.moderation.suggestionAlreadyReviewed);
    }

    const revisions = ((await call(moderator, 'GET', `/api/admin/products/${croissant.id}/revisions`)).json() as { revisions: ProductRevision[] }).revisions;
    expect(revisions.map((r) => [r.number, r.kind])).toEqual([
      [2, 'suggestion'],
      [1, 'original'],
    ]);
    expect(revisions[0]).toMatchObject({ editor_id: editor.user.id, changes: { name: { before: 'Croissant', after: 'Croissant au beurre' } } });
  });

  it('a refusal needs a reason and tells the author', async () => {
    const productId = await newProduct(consumer, 700, 'Beignets');
    const editor = await trustedUser(ctx);
    const sent = (await call(editor, 'PUT', `/api/products/${productId}`, { name: 'Beignets gratuits' })).json();
    expect((await call(moderator, 'POST', `/api/admin/product-suggestions/${sent.suggestion_id}/refuse`, {})).statusCode).toBe(400);
    expect((await call(moderator, 'POST', `/api/admin/product-suggestions/${sent.suggestion_id}/refuse`, { reason: 'Nom trompeur' })).statusCode).toBe(200);
    expect((await detail(productId)).name).toBe('Beignets');
    expect((await notificationsOf(editor)).find((n) => n.title === fr.moderation.suggestionRefusedTitle)?.body).toContain('Nom trompeur');
    const refused = (await call(moderator, 'GET', '/api/admin/product-suggestions?status=refused')).json() as SuggestionPage;
    expect(refused.items.map((s) => s.id)).toContain(sent.suggestion_id);
  });

  it('the owner edits directly with a revision; a moderator reverts to any revision, and reverting to the current state is a 409', async () => {
    const productId = await newProduct(consumer, 600, 'Manioc');
    expect((await call(consumer, 'PUT', `/api/products/${productId}`, { name: 'Manioc doux', unit: 'kg' })).statusCode).toBe(200);
    const revisions = ((await call(moderator, 'GET', `/api/admin/products/${productId}/revisions`)).json() as { revisions: ProductRevision[] }).revisions;
    expect(revisions.map((r) => [r.number, r.kind, r.editor_id])).toEqual([
      [2, 'edited', consumer.user.id],
      [1, 'created', consumer.user.id],
    ]);
    const first = revisions[1];
    const reverted = await call(moderator, 'POST', `/api/admin/products/${productId}/revert`, { revision_id: first.id });
    expect(reverted.statusCode).toBe(200);
    expect(await detail(productId)).toMatchObject({ name: 'Manioc', unit: null });
    const again = await call(moderator, 'POST', `/api/admin/products/${productId}/revert`, { revision_id: first.id });
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(fr.moderation.revisionIsCurrent);
    const after = ((await call(moderator, 'GET', `/api/admin/products/${productId}/revisions`)).json() as { revisions: ProductRevision[] }).revisions;
    expect(after[0]).toMatchObject({ number: 3, kind: 'reverted', note: fr.moderation.revertedTo(1), editor_id: moderator.user.id });

    const otherProduct = await newProduct(consumer, 650);
    expect((await call(moderator, 'POST', `/api/admin/products/${otherProduct}/revert`, { revision_id: first.id })).statusCode).toBe(404);
    expect((await call(moderator, 'POST', `/api/admin/products/${productId}/revert`, { revision_id: 'pas-un-id' })).statusCode).toBe(400);
    expect((await call(moderator, 'POST', `/api/admin/products/${UNKNOWN}/revert`, { revision_id: first.id })).statusCode).toBe(404);
  });
});

describe('suspensions', () => {
  it('ends the sessions, refuses sign-in, and the account’s prices stop counting until it is reinstated', async () => {
    const productId = await newProduct(await trustedUser(ctx), 1000);
    const [honest, abuser] = [await trustedUser(ctx), await trustedUser(ctx)];
    await contribute(honest, productId, geant, 1500);
    await contribute(abuser, productId, geant, 1520);
    expect((await shownIn(productId, geant))?.price).toBe(1500);
    const heldByAbuser = (await contribute(abuser, productId, score, 99, farFrom(score))).json().observation.id;
    expect((await queue('held')).items.map((i) => i.id)).toContain(heldByAbuser);

    expect((await call(moderator, 'POST', `/api/admin/users/${abuser.user.id}/suspend`, {})).statusCode).toBe(400);
    const suspended = await call(moderator, 'POST', `/api/admin/users/${abuser.user.id}/suspend`, { reason: 'Faux prix en série' });
    expect(suspended.statusCode).toBe(200);
    expect((await call(abuser, 'GET', '/api/users/me')).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: abuser.user.email, password: abuser.password } });
    expect(login.statusCode).toBe(403);
    expect(detailOf(login)).toBe(fr.auth.accountSuspended);
    expect((await shownIn(productId, geant))?.price).toBe(1000);
    expect((await queue('held')).items.map((i) => i.id)).not.toContain(heldByAbuser);
    expect((await call(moderator, 'GET', `/api/admin/users/${abuser.user.id}`)).json()).toMatchObject({ suspension_reason: 'Faux prix en série', observations: { accepted: 1, held: 1 } });

    const again = await call(moderator, 'POST', `/api/admin/users/${abuser.user.id}/suspend`, { reason: 'Encore' });
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(fr.moderation.alreadySuspended);
    expect((await call(moderator, 'POST', `/api/admin/users/${moderator.user.id}/suspend`, { reason: 'Test' })).statusCode).toBe(409);

    expect((await call(moderator, 'POST', `/api/admin/users/${abuser.user.id}/reinstate`, {})).statusCode).toBe(200);
    expect((await shownIn(productId, geant))?.price).toBe(1500);
    expect((await call(moderator, 'POST', `/api/admin/users/${abuser.user.id}/reinstate`, {})).statusCode).toBe(409);
  });
});

describe('the audit log', () => {
  it('lists every moderator action, newest first, with who, what, before, after and why', async () => {
    const page = await audit();
    const actions = page.entries.map((e) => e.action);
    for (const action of ['observation.approve', 'observation.reject', 'suggestion.apply', 'suggestion.refuse', 'product.revert', 'user.suspend', 'user.reinstate']) {
      expect(actions).toContain(action);
    }
    const times = page.entries.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const suspension = page.entries.find((e) => e.action === 'user.suspend' && e.reason === 'Faux prix en série')!;
    expect(suspension).toMatchObject({ target_type: 'user', moderator_name: moderator.user.full_name, before: { suspended: false }, after: { suspended: true } });
    expect((await call(moderator, 'GET', '/api/admin/audit?page=0')).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes the moderation API and the flag endpoint, with their answers', async () => {
    const res = await call(null, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const path of [
      '/api/admin/queue',
      '/api/admin/price-observations',
      '/api/admin/price-observations/{id}/approve',
      '/api/admin/price-observations/{id}/reject',
      '/api/admin/product-suggestions',
      '/api/admin/product-suggestions/{id}/apply',
      '/api/admin/product-suggestions/{id}/refuse',
      '/api/admin/products/{id}/revert',
      '/api/admin/users/{id}/suspend',
      '/api/admin/audit',
      '/api/admin/agent-applications',
      '/api/admin/agent-applications/{id}/approve',
      '/api/admin/agent-applications/{id}/refuse',
      '/api/admin/orders',
      '/api/prices/{observation_id}/flag',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
    expect(Object.keys(paths['/api/admin/price-observations/{id}/reject'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(Object.keys(paths['/api/admin/orders'].get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});

describe('npm run admin', () => {
  it('creates a moderator who can sign in, refuses a second one with the same e-mail, promotes and demotes', async () => {
    const email = `modo-${Date.now()}@monpanier.ga`;
    expect(await runAdminCommand(ctx.db, ['create', email, '--name', 'Paul Nzé', '--password', 'Secret2026'])).toContain(email);
    expect((await loginAs(email, 'Secret2026')).user).toMatchObject({ user_type: 'admin', full_name: 'Paul Nzé' });
    await expect(runAdminCommand(ctx.db, ['create', email])).rejects.toBeInstanceOf(CliError);
    await expect(runAdminCommand(ctx.db, ['create', 'pas-un-email'])).rejects.toBeInstanceOf(CliError);
    await expect(runAdminCommand(ctx.db, ['create', `faible-${email}`, '--password', 'password'])).rejects.toBeInstanceOf(CliError);
    await expect(runAdminCommand(ctx.db, ['create', `court-${email}`, '--password', 'abc'])).rejects.toThrow(/au moins 6 caractères/);
    const generated = await runAdminCommand(ctx.db, ['create', `auto-${email}`]);
    const password = /Mot de passe \(affiché une seule fois\) : (\S+)/.exec(generated)![1];
    expect((await loginAs(`auto-${email}`, password)).user.user_type).toBe('admin');

    const someone = await trustedUser(ctx);
    await runAdminCommand(ctx.db, ['promote', someone.user.email]);
    expect((await call(someone, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await loginAs(someone.user.email, someone.password)).user.user_type).toBe('admin');
    await runAdminCommand(ctx.db, ['demote', someone.user.email]);
    expect((await loginAs(someone.user.email, someone.password)).user.user_type).toBe('consumer');
    expect(await runAdminCommand(ctx.db, ['list'])).toContain(DEMO_ACCOUNTS.moderator.email);
    await expect(runAdminCommand(ctx.db, ['supprimer'])).rejects.toBeInstanceOf(CliError);
    const [row] = await ctx.db.select().from(users).where(and(eq(users.email, email), eq(users.userType, 'admin')));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});
