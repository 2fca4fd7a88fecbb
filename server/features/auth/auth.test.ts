import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { SESSION } from '#contract/constants';
import { users } from '../../db/schema';
import { bearer, createTestContext, detailOf, newUserPayload, nextTestIp, registerUser, type TestContext } from '../../test/harness';
import { dataUrl, fakeJpegDataUrl, pngBytes, sixMegabytePng } from '../../test/images';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Each registration comes from its own address (one address may register only a few accounts an hour).
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: url.endsWith('/register') ? nextTestIp() : undefined });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and stores an argon2id hash', async () => {
    const payload = newUserPayload({ full_name: 'Marie Obame', preferences: { track_prices: false, contribute_in_store: true } });
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: payload.email,
      full_name: 'Marie Obame',
      user_type: 'consumer',
      country_region: 'Gabon',
      preferences: { track_prices: false, contribute_in_store: true, notifications: true, location_sharing: false },
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect((await me(body.access_token)).json().email).toBe(payload.email);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, payload.email));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(payload.password);
  });

  it('stores e-mails in lower case and refuses a duplicate with 409', async () => {
    const payload = newUserPayload({ email: 'Doublon@Exemple.ga' });
    expect((await post('/api/auth/register', payload)).statusCode).toBe(201);
    const again = await post('/api/auth/register', { ...payload, email: 'doublon@exemple.GA' });
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(fr.auth.emailTaken);
  });

  it.each([
    ['password', 'court', fr.register.passwordTooShort],
    ['country_region', '', fr.register.countryRequired],
    ['country_region', 'Atlantide', fr.register.countryInvalid],
    ['phone', '   ', fr.register.phoneRequired],
    ['phone', 'appelez-moi', fr.register.phoneInvalid],
    ['full_name', '', fr.register.fullNameRequired],
    ['full_name', 42, fr.register.fullNameRequired],
    ['email', '', fr.register.emailRequired],
    ['email', 'pas-un-email', fr.register.emailInvalid],
    ['user_type', 'admin', fr.register.userTypeRequired],
  ])('refuses %s = %j with its French message', async (field, value, message) => {
    const res = await post('/api/auth/register', { ...newUserPayload(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
  });

  it.each(['email', 'password', 'full_name', 'phone', 'country_region', 'user_type'])('refuses a payload without %s', async (field) => {
    const payload: Record<string, unknown> = { ...newUserPayload() };
    delete payload[field];
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('answers 400 in French to a body that is not JSON, never 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(fr.common.badJson);
  });

  it('accepts a preset avatar and an uploaded image, resized to 256 px WebP', async () => {
    const preset = await registerUser(ctx.app, { avatar_url: '/avatars/avatar-07.svg' });
    expect(preset.user.avatar_url).toBe('/avatars/avatar-07.svg');

    const uploaded = await registerUser(ctx.app, { avatar_url: dataUrl(await pngBytes(900, 600)) });
    const url = uploaded.user.avatar_url!;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const stored = await readFile(path.join(ctx.uploadsDir, url.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('refuses a fake image by its content, an oversized one, and a foreign URL — and creates no account', async () => {
    const fake = newUserPayload({ avatar_url: fakeJpegDataUrl() });
    const fakeRes = await post('/api/auth/register', fake);
    expect(fakeRes.statusCode).toBe(415);
    expect(detailOf(fakeRes)).toBe(fr.image.unsupported);

    const big = newUserPayload({ avatar_url: dataUrl(await sixMegabytePng()) });
    const bigRes = await post('/api/auth/register', big);
    expect(bigRes.statusCode).toBe(413);
    expect(detailOf(bigRes)).toBe(fr.register.avatarTooLarge);

    const foreign = newUserPayload({ avatar_url: 'https://exemple.com/moi.png' });
    expect((await post('/api/auth/register', foreign)).statusCode).toBe(400);

    for (const payload of [fake, big, foreign]) {
      expect(await ctx.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
    }
  });

  it.each([
    ['123456', fr.accountSecurity.passwordTooCommon],
    ['password', fr.accountSecurity.passwordTooCommon],
    ['Azerty123', fr.accountSecurity.passwordTooCommon],
    ['  soleil  ', fr.accountSecurity.passwordTooCommon],
    ['aaaaaa', fr.accountSecurity.passwordRepeated],
    ['      ', fr.accountSecurity.passwordBlank],
    ['\t\t\t\t\t\t', fr.accountSecurity.passwordBlank],
  ])('refuses the weak password %j with its French message and creates no account', async (password, message) => {
    const payload = newUserPayload({ password });
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(detailOf(res)).toBe(message);
    expect(await ctx.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
  });

  it("refuses a password that is the account's e-mail, its local part or the name (case and accents ignored)", async () => {
    const email = `celestine.mba-${Date.now()}@exemple.ga`;
    for (const password of [email.toUpperCase(), email.split('@')[0], 'CELESTINE MBA', 'célestine-mba', 'Célestine Mba']) {
      const res = await post('/api/auth/register', newUserPayload({ email, full_name: 'Célestine Mba', password }));
      expect([res.statusCode, detailOf(res)], password).toEqual([400, fr.accountSecurity.passwordLikeIdentity]);
    }
    // Containing the name is not being the name.
    expect((await post('/api/auth/register', newUserPayload({ email, full_name: 'Célestine Mba', password: 'Celestine-au-marché-2026' }))).statusCode).toBe(201);
  });

  it('the rule applies when a password is set, not at sign-in: the demo accounts keep signing in', async () => {
    for (const who of ['consumer', 'agent', 'moderator'] as const) {
      const res = await post('/api/auth/login', { email: DEMO_ACCOUNTS[who].email, password: DEMO_ACCOUNTS[who].password });
      expect(res.statusCode, who).toBe(200);
    }
  });

  it('lets someone register as a delivery agent (the role is stored, not guessed from the e-mail)', async () => {
    const agent = await registerUser(ctx.app, { user_type: 'delivery_agent', email: `livreur-${Date.now()}@exemple.ga` });
    expect(agent.user.user_type).toBe('delivery_agent');
    const consumer = await registerUser(ctx.app, { email: `agent-secret-${Date.now()}@exemple.ga` });
    expect(consumer.user.user_type).toBe('consumer');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in the demo consumer with a 24 h session', async () => {
    const res = await post('/api/auth/login', { email: DEMO_ACCOUNTS.consumer.email, password: DEMO_ACCOUNTS.consumer.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.user.user_type).toBe('consumer');
    const ttl = new Date(body.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(SESSION.lengthMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(SESSION.lengthMs + 1000);
    expect(body.user.login_timestamp).toEqual(expect.any(String));
  });

  it('refuses a wrong password and an unknown e-mail with 401 Identifiants incorrects', async () => {
    const wrong = await post('/api/auth/login', { email: DEMO_ACCOUNTS.agent.email, password: 'mauvais' });
    expect(wrong.statusCode).toBe(401);
    expect(detailOf(wrong)).toBe(fr.auth.invalidCredentials);
    const unknown = await post('/api/auth/login', { email: 'personne@exemple.ga', password: 'motdepasse1' });
    expect(unknown.statusCode).toBe(401);
    expect(detailOf(unknown)).toBe(fr.auth.invalidCredentials);
  });

  it('agent login: an agent account gets in, a consumer account is refused with 403', async () => {
    const agent = await post('/api/auth/login', { ...DEMO_ACCOUNTS.agent, user_type: 'delivery_agent' });
    expect(agent.statusCode).toBe(200);
    expect(agent.json().user.user_type).toBe('delivery_agent');
    const consumer = await registerUser(ctx.app, { email: `agent.pas.vraiment-${Date.now()}@exemple.ga` });
    const refused = await post('/api/auth/login', { email: consumer.user.email, password: consumer.password, user_type: 'delivery_agent' });
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toBe(fr.auth.notAnAgent);
  });

  it('locks an address out of an e-mail after its failures with 429, even with the right password, until the window passes', async () => {
    const user = await registerUser(ctx.app);
    for (let i = 0; i < ctx.deps.config.loginLimits.maxFailuresPerEmail; i++) {
      expect((await post('/api/auth/login', { email: user.user.email, password: 'mauvais!' })).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: user.user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(detailOf(blocked)).toMatch(/^Trop de tentatives de connexion\. Réessayez dans \d+ minutes?\.$/);
    ctx.clock.advance((ctx.deps.config.loginLimits.windowMinutes + 1) * 60_000);
    expect((await post('/api/auth/login', { email: user.user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe('per-IP sign-in limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ trustProxy: 1, loginLimits: { maxFailuresPerEmail: 50, maxFailuresPerIp: 3, windowMinutes: 15 } });
  });
  afterAll(() => limited.close());

  it('blocks an IP that fails on many different e-mails, not other IPs', async () => {
    const attempt = (email: string, ip: string) =>
      limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'mauvais' }, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await attempt(`victime${i}@exemple.ga`, '203.0.113.9')).statusCode).toBe(401);
    expect((await attempt('autre@exemple.ga', '203.0.113.9')).statusCode).toBe(429);
    expect((await attempt('autre@exemple.ga', '203.0.113.10')).statusCode).toBe(401);
  });
});

describe('sessions: refresh, expiry and logout', () => {
  it('refresh moves the expiry 24 h ahead and returns a working token', async () => {
    const user = await registerUser(ctx.app);
    ctx.clock.advance(2 * 60 * 60 * 1000);
    const res = await post('/api/auth/refresh', undefined, bearer(user.access_token));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(new Date(user.expires_at).getTime() + 60 * 60 * 1000);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  it('an expired token is refused, can be refreshed within the grace hour, not after', async () => {
    const inGrace = await registerUser(ctx.app);
    const tooLate = await registerUser(ctx.app);
    ctx.clock.advance(SESSION.lengthMs + 20 * 60_000);
    const expired = await me(inGrace.access_token);
    expect(expired.statusCode).toBe(401);
    expect(detailOf(expired)).toBe(fr.auth.sessionExpired);
    const refreshed = await post('/api/auth/refresh', undefined, bearer(inGrace.access_token));
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().access_token)).statusCode).toBe(200);

    ctx.clock.advance(SESSION.graceMs);
    const refused = await post('/api/auth/refresh', undefined, bearer(tooLate.access_token));
    expect(refused.statusCode).toBe(401);
  });

  it('logout revokes the token: the API and refresh both refuse it afterwards', async () => {
    const user = await registerUser(ctx.app);
    expect((await post('/api/auth/logout', undefined, bearer(user.access_token))).statusCode).toBe(204);
    const after = await me(user.access_token);
    expect(after.statusCode).toBe(401);
    expect(detailOf(after)).toBe(fr.auth.sessionInvalid);
    expect((await post('/api/auth/refresh', undefined, bearer(user.access_token))).statusCode).toBe(401);
  });

  it('refuses missing, malformed and tampered tokens with 401', async () => {
    const user = await registerUser(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await me('pas.un.jeton')).statusCode).toBe(401);
    const [header, payload] = user.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh')).statusCode).toBe(401);
  });
});
