import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { outgoingMails, passwordResets, priceObservations, shoppingLists, users } from '../../db/schema';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { dataUrl, fakeJpegDataUrl, pngBytes, sixMegabytePng } from '../../test/images';
import { insertOrder } from '../../test/orders-fixture';
import { transitionOrder } from '../orders/orders.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const put = (url: string, user: SignedIn, payload: object) => ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(user.access_token) });
const get = (url: string, user: SignedIn) => ctx.app.inject({ method: 'GET', url, headers: bearer(user.access_token) });
const profileOf = (user: SignedIn) => ({ full_name: user.user.full_name, email: user.user.email, phone: user.user.phone, country_region: user.user.country_region });

describe('GET/PUT /api/users/me', () => {
  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/users/me', payload: {} })).statusCode).toBe(401);
  });

  it('saves the profile for real, and only for the signed-in user', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const res = await put('/api/users/me', alice, {
      full_name: '  Alice Ondo  ',
      email: 'ALICE.ondo@exemple.ga',
      phone: '+241 07 11 22 33',
      country_region: 'Tchad',
      current_password: alice.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Alice Ondo', email: 'alice.ondo@exemple.ga', country_region: 'Tchad' });
    expect((await get('/api/users/me', alice)).json().full_name).toBe('Alice Ondo');
    expect((await get('/api/users/me', bob)).json().full_name).toBe(bob.user.full_name);
  });

  it.each([
    ['full_name', '  ', fr.profile.fullNameRequired],
    ['email', '', fr.profile.emailRequired],
    ['phone', '', fr.profile.phoneRequired],
    ['country_region', '', fr.profile.countryRequired],
    ['email', 'pas-un-email', fr.register.emailInvalid],
  ])('refuses %s = %j with the spec message and changes nothing', async (field, value, message) => {
    const user = await registerUser(ctx.app);
    const res = await put('/api/users/me', user, { ...profileOf(user), full_name: 'Nouveau Nom', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
    expect((await get('/api/users/me', user)).json().full_name).toBe(user.user.full_name);
  });

  it("refuses another account's e-mail with 409", async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const res = await put('/api/users/me', bob, { ...profileOf(bob), email: alice.user.email, current_password: bob.password });
    expect(res.statusCode).toBe(409);
    expect(detailOf(res)).toBe(fr.auth.emailTaken);
  });
});

describe('changing the e-mail address', () => {
  const mailsTo = (address: string) => ctx.db.select().from(outgoingMails).where(eq(outgoingMails.toAddress, address));

  it('needs the current password: missing or wrong, 400 in French and nothing changes', async () => {
    const user = await registerUser(ctx.app);
    const newEmail = `nouvelle-${Date.now()}@exemple.ga`;
    const missing = await put('/api/users/me', user, { ...profileOf(user), email: newEmail });
    expect([missing.statusCode, detailOf(missing)]).toEqual([400, fr.accountSecurity.emailChangeNeedsPassword]);
    const empty = await put('/api/users/me', user, { ...profileOf(user), email: newEmail, current_password: '' });
    expect([empty.statusCode, detailOf(empty)]).toEqual([400, fr.accountSecurity.emailChangeNeedsPassword]);
    const wrong = await put('/api/users/me', user, { ...profileOf(user), email: newEmail, current_password: 'pas-le-bon' });
    expect([wrong.statusCode, detailOf(wrong)]).toEqual([400, fr.profile.wrongCurrentPassword]);
    expect((await get('/api/users/me', user)).json().email).toBe(user.user.email);
    expect(await mailsTo(user.user.email)).toEqual([]);
  });

  it('other fields, or the same address in other letters, save without the password', async () => {
    const user = await registerUser(ctx.app);
    const res = await put('/api/users/me', user, { ...profileOf(user), email: user.user.email.toUpperCase(), full_name: 'Nom Changé' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Nom Changé', email: user.user.email });
    expect(await mailsTo(user.user.email)).toEqual([]);
  });

  it('tells the old address, signs in with the new one, and kills reset links sent to the old one', async () => {
    const user = await registerUser(ctx.app, { full_name: 'Paulette Ibinga' });
    const oldEmail = user.user.email;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: oldEmail } });
    const newEmail = `paulette-${Date.now()}@exemple.ga`;
    const res = await put('/api/users/me', user, { ...profileOf(user), email: newEmail, current_password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(newEmail);

    const [notice] = await ctx.db.select().from(outgoingMails).where(and(eq(outgoingMails.kind, 'email_changed'), eq(outgoingMails.userId, user.user.id)));
    expect(notice).toMatchObject({ toAddress: oldEmail, userId: user.user.id, subject: fr.accountSecurity.mail.emailChangedSubject });
    expect(notice.textBody).toContain('Bonjour Paulette Ibinga,');
    expect(notice.textBody).toContain(`ancienne adresse : ${oldEmail}`);
    expect(notice.textBody).toContain(`nouvelle adresse : ${newEmail}`);
    expect(notice.textBody).toContain('contactez immédiatement le support MonPanier');
    expect(await mailsTo(newEmail)).toEqual([]);

    const resets = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user.id));
    expect(resets.length).toBe(1);
    expect(resets.every((r) => r.usedAt !== null)).toBe(true);

    const login = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: user.password } });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(oldEmail)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/me/avatar', () => {
  it('takes a preset or an upload; refuses fake, oversized and foreign images', async () => {
    const user = await registerUser(ctx.app);
    expect((await put('/api/users/me/avatar', user, { avatar_url: '/avatars/avatar-12.svg' })).json().avatar_url).toBe('/avatars/avatar-12.svg');
    const uploaded = await put('/api/users/me/avatar', user, { avatar_url: dataUrl(await pngBytes()) });
    expect(uploaded.json().avatar_url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    // Saving the profile picture again with the same URL keeps it.
    expect((await put('/api/users/me/avatar', user, { avatar_url: uploaded.json().avatar_url })).statusCode).toBe(200);

    const fake = await put('/api/users/me/avatar', user, { avatar_url: fakeJpegDataUrl() });
    expect([fake.statusCode, detailOf(fake)]).toEqual([415, fr.image.unsupported]);
    const big = await put('/api/users/me/avatar', user, { avatar_url: dataUrl(await sixMegabytePng()) });
    expect([big.statusCode, detailOf(big)]).toEqual([413, fr.register.avatarTooLarge]);
    const other = await registerUser(ctx.app, { avatar_url: dataUrl(await pngBytes(300, 300)) });
    expect((await put('/api/users/me/avatar', user, { avatar_url: other.user.avatar_url })).statusCode).toBe(400);
    expect((await get('/api/users/me', user)).json().avatar_url).toBe(uploaded.json().avatar_url);

    expect((await put('/api/users/me/avatar', user, { avatar_url: null })).json().avatar_url).toBeNull();
  });
});

describe('PUT /api/users/me/password', () => {
  it('needs the right current password and changes nothing otherwise', async () => {
    const user = await registerUser(ctx.app);
    const wrong = await put('/api/users/me/password', user, { current_password: 'faux-mot', new_password: 'nouveau123' });
    expect(wrong.statusCode).toBe(400);
    expect(detailOf(wrong)).toBe(fr.profile.wrongCurrentPassword);
    const missing = await put('/api/users/me/password', user, { new_password: 'nouveau123' });
    expect([missing.statusCode, detailOf(missing)]).toEqual([400, fr.profile.currentPasswordRequired]);
    const short = await put('/api/users/me/password', user, { current_password: user.password, new_password: '123' });
    expect([short.statusCode, detailOf(short)]).toEqual([400, fr.register.passwordTooShort]);
    for (const [password, message] of [
      ['123456', fr.accountSecurity.passwordTooCommon],
      ['iloveyou', fr.accountSecurity.passwordTooCommon],
      ['zzzzzzzz', fr.accountSecurity.passwordRepeated],
      ['        ', fr.accountSecurity.passwordBlank],
      [user.user.email, fr.accountSecurity.passwordLikeIdentity],
      [user.user.full_name.toUpperCase(), fr.accountSecurity.passwordLikeIdentity],
    ]) {
      const weak = await put('/api/users/me/password', user, { current_password: user.password, new_password: password });
      expect([weak.statusCode, detailOf(weak)], password).toEqual([400, message]);
    }
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password for real and signs out the other devices', async () => {
    const user = await registerUser(ctx.app);
    const otherDevice = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password } })).json();
    expect((await put('/api/users/me/password', user, { current_password: user.password, new_password: 'nouveau-secret' })).statusCode).toBe(204);
    const login = (password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password } });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('nouveau-secret')).statusCode).toBe(200);
    expect((await get('/api/users/me', user)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(otherDevice.access_token) })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/me/preferences', () => {
  it('merges the changed preferences and keeps the others', async () => {
    const user = await registerUser(ctx.app);
    const res = await put('/api/users/me/preferences', user, { location_sharing: true, track_prices: false });
    expect(res.json().preferences).toEqual({ track_prices: false, contribute_in_store: false, notifications: true, location_sharing: true, city: null });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row.preferences.location_sharing).toBe(true);
  });

  it('refuses wrong types and an empty change', async () => {
    const user = await registerUser(ctx.app);
    expect((await put('/api/users/me/preferences', user, { notifications: 'oui' })).statusCode).toBe(400);
    expect((await put('/api/users/me/preferences', user, {})).statusCode).toBe(400);
  });
});

describe('statistics and dashboard', () => {
  it('are true zeros for a new consumer', async () => {
    const user = await registerUser(ctx.app);
    expect((await get('/api/users/me/stats', user)).json()).toEqual({ lists_created: 0, prices_contributed: 0, deliveries: 0, total_savings: 0, recent_activity: [] });
    expect((await get('/api/dashboard', user)).json()).toEqual({ counters: { shopping_lists: 0, deliveries: 0, contributions: 0 }, recent_lists: [] });
  });

  it('count the real rows and show the three latest lists with their item counts', async () => {
    const user = await registerUser(ctx.app);
    for (const [i, name] of ['Marché du samedi', 'Anniversaire', 'Fin du mois', 'Rentrée'].entries()) {
      await ctx.db.insert(shoppingLists).values({ userId: user.user.id, name, createdAt: new Date(Date.now() - (10 - i) * 60_000) });
    }
    const [product] = await ctx.db.query.products.findMany({ limit: 1 });
    const [store] = await ctx.db.query.stores.findMany({ limit: 1 });
    await ctx.db.insert(priceObservations).values({ productId: product.id, storeId: store.id, userId: user.user.id, priceXaf: 1500, source: 'contribution' });

    const dashboard = (await get('/api/dashboard', user)).json();
    expect(dashboard.counters).toEqual({ shopping_lists: 4, deliveries: 0, contributions: 1 });
    expect(dashboard.recent_lists.map((l: { name: string }) => l.name)).toEqual(['Rentrée', 'Fin du mois', 'Anniversaire']);
    expect(dashboard.recent_lists[0].item_count).toBe(0);

    const stats = (await get('/api/users/me/stats', user)).json();
    expect(stats).toMatchObject({ lists_created: 4, prices_contributed: 1 });
    expect(stats.recent_activity[0].label).toBe(`Prix de ${product.name} contribué chez ${store.name}`);
  });

  it('count deliveries and add up what the booked baskets saved; a cancelled one saves nothing', async () => {
    const user = await registerUser(ctx.app);
    await insertOrder(ctx.db, user.user.id); // its cart saved 300 FCFA against the nearest store
    const cancelled = await insertOrder(ctx.db, user.user.id);
    await transitionOrder(ctx.db, cancelled.id, 'cancelled', { kind: 'consumer', userId: user.user.id }, new Date());
    const stats = (await get('/api/users/me/stats', user)).json();
    expect(stats).toMatchObject({ deliveries: 2, total_savings: 300 });
    expect(stats.recent_activity.map((a: { label: string }) => a.label)).toContain('Livraison annulée');
    expect((await get('/api/dashboard', user)).json().counters.deliveries).toBe(2);
  });

  it('the demo consumer sees its seeded list with 5 items', async () => {
    const demo = await loginDemo(ctx.app, 'consumer');
    const dashboard = (await get('/api/dashboard', demo)).json();
    expect(dashboard.recent_lists[0]).toMatchObject({ name: 'Courses de la semaine', item_count: 5 });
  });

  it('refuse agents with 403', async () => {
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await get('/api/dashboard', agent)).statusCode).toBe(403);
    expect((await get('/api/users/me/stats', agent)).statusCode).toBe(403);
    expect((await get('/api/users/me', agent)).statusCode).toBe(200);
  });
});
