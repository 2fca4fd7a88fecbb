// Phone verification by SMS code, through the API: the demo outbox (codes on screen and in
// DATA_DIR/sms), the Twilio adapter against a local stand-in that speaks Twilio's Messages API, and
// a server with neither. A verified number is a person: accounts sharing it share one voice.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { PHONE_CODE, toE164 } from '#contract/phone';
import type { PhoneStatus, RegisterResponse } from '#contract/users';
import { currentPrices, stores, users } from '../../db/schema';
import { bearer, createTestContext, detailOf, newUserPayload, nextTestIp, nextTestPhone, registerUser, type TestContext } from '../../test/harness';
import { TWILIO_STAND_IN, startTwilioStandIn, type TwilioStandIn } from '../../test/twilio-stand-in';

const MINUTE = 60_000;

async function register(ctx: TestContext, overrides = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: newUserPayload(overrides), remoteAddress: nextTestIp() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RegisterResponse;
}
const verify = (ctx: TestContext, token: string, code: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/phone/verify', headers: bearer(token), payload: { code } });
const askCode = (ctx: TestContext, token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/phone/code', headers: bearer(token), remoteAddress: nextTestIp() });
const statusOf = async (ctx: TestContext, token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/auth/phone', headers: bearer(token) })).json() as PhoneStatus;
const personOf = async (ctx: TestContext, userId: string) => (await ctx.db.select({ personId: users.personId }).from(users).where(eq(users.id, userId)))[0].personId;
const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** PHONE_CODE.length).padStart(PHONE_CODE.length, '0');

describe('demo mode: the code is written to DATA_DIR/sms and shown on screen', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ demoMode: true });
  });
  afterAll(() => ctx.close());

  it('registration sends a code; until it is typed the account may not contribute prices', async () => {
    const phone = nextTestPhone();
    const registered = await register(ctx, { phone });
    const started = registered.phone_verification;
    expect(started.sent).toBe(true);
    expect(started.demo_code).toMatch(/^\d{6}$/);
    expect(started.detail).toBe(fr.phone.codeSent(started.phone_masked));
    expect(started.resend_after_seconds).toBe(PHONE_CODE.resendAfterSeconds);

    const files = await readdir(path.join(ctx.dataDir, 'sms'));
    const digits = toE164(phone)!.replace(/\D/g, '');
    const file = files.find((f) => f.includes(digits));
    expect(file).toBeDefined();
    expect(await readFile(path.join(ctx.dataDir, 'sms', file!), 'utf8')).toContain(fr.phone.sms(started.demo_code!));

    expect(await statusOf(ctx, registered.access_token)).toMatchObject({ phone_verified: false, on_probation: null, sms_available: true });
    const [shown] = await ctx.db
      .select({ productId: currentPrices.productId, storeId: currentPrices.storeId, latitude: stores.latitude, longitude: stores.longitude, price: currentPrices.priceXaf })
      .from(currentPrices)
      .innerJoin(stores, eq(stores.id, currentPrices.storeId))
      .limit(1);
    const contribution = await ctx.app.inject({
      method: 'POST',
      url: '/api/prices/contribute',
      headers: bearer(registered.access_token),
      payload: { product_id: shown.productId, store_id: shown.storeId, price: shown.price, latitude: shown.latitude, longitude: shown.longitude, image_base64: null },
    });
    expect([contribution.statusCode, detailOf(contribution)]).toEqual([403, fr.phone.notVerified]);
  });

  it('a wrong code says how many tries are left, five lock the code, and the right one is then refused too', async () => {
    const registered = await register(ctx);
    const code = registered.phone_verification.demo_code!;
    for (let left = PHONE_CODE.maxAttempts - 1; left > 0; left--) {
      const res = await verify(ctx, registered.access_token, wrongCode(code));
      expect([res.statusCode, detailOf(res)]).toEqual([400, fr.phone.codeWrong(left)]);
    }
    const last = await verify(ctx, registered.access_token, wrongCode(code));
    expect([last.statusCode, detailOf(last)]).toEqual([429, fr.phone.codeLocked]);
    const right = await verify(ctx, registered.access_token, code);
    expect([right.statusCode, detailOf(right)]).toEqual([429, fr.phone.codeLocked]);
    expect((await statusOf(ctx, registered.access_token)).phone_verified).toBe(false);
  });

  it('twenty wrong guesses at once get no more than the five tries', async () => {
    const registered = await register(ctx);
    const code = registered.phone_verification.demo_code!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(ctx, registered.access_token, wrongCode(code))));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(PHONE_CODE.maxAttempts - 1);
    expect((await verify(ctx, registered.access_token, code)).statusCode).toBe(429);
  });

  it('malformed codes are a French 400, not a try', async () => {
    const registered = await register(ctx);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(ctx, registered.access_token, code);
      expect([res.statusCode, detailOf(res)]).toEqual([400, fr.phone.codeFormat]);
    }
    expect((await verify(ctx, registered.access_token, registered.phone_verification.demo_code!)).statusCode).toBe(200);
  });

  it('a new code only after a minute; the old one then stops working; a code expires after ten minutes', async () => {
    const registered = await register(ctx);
    const first = registered.phone_verification.demo_code!;
    const tooSoon = await askCode(ctx, registered.access_token);
    expect(tooSoon.statusCode).toBe(429);
    expect(detailOf(tooSoon)).toMatch(/^Patientez \d+ secondes? avant de demander un nouveau code\.$/);

    ctx.clock.advance(PHONE_CODE.resendAfterSeconds * 1000);
    const again = await askCode(ctx, registered.access_token);
    expect(again.statusCode).toBe(202);
    const second = again.json().demo_code as string;
    if (second !== first) expect((await verify(ctx, registered.access_token, first)).statusCode).toBe(400);

    ctx.clock.advance(PHONE_CODE.ttlMinutes * MINUTE);
    const late = await verify(ctx, registered.access_token, second);
    expect([late.statusCode, detailOf(late)]).toEqual([410, fr.phone.codeExpired]);
  });

  it('at most a few codes an hour to one number, whatever the accounts asking', async () => {
    const phone = nextTestPhone();
    const accounts = [await register(ctx, { phone }), await register(ctx, { phone }), await register(ctx, { phone })];
    ctx.clock.advance(PHONE_CODE.resendAfterSeconds * 1000);
    const fourth = await askCode(ctx, accounts[0].access_token);
    expect(fourth.statusCode).toBe(429);
    expect(detailOf(fourth)).toMatch(/^Trop de codes envoyés à ce numéro\. Réessayez dans \d+ minutes?\.$/);
    ctx.clock.advance(60 * MINUTE);
    expect((await askCode(ctx, accounts[0].access_token)).statusCode).toBe(202);
  });

  it('the right code verifies the number: the account becomes a person, on probation, and cannot verify again', async () => {
    const registered = await register(ctx);
    const res = await verify(ctx, registered.access_token, registered.phone_verification.demo_code!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone_verified: true, pending_phone: null });
    expect(await statusOf(ctx, registered.access_token)).toMatchObject({ phone_verified: true, on_probation: true });
    const again = await askCode(ctx, registered.access_token);
    expect([again.statusCode, detailOf(again)]).toEqual([409, fr.phone.alreadyVerified]);
    const reuse = await verify(ctx, registered.access_token, registered.phone_verification.demo_code!);
    expect([reuse.statusCode, detailOf(reuse)]).toEqual([409, fr.phone.noCodePending]);
  });

  it('accounts on one number are one person; past the family limit another account is refused', async () => {
    const phone = nextTestPhone();
    const family = [];
    for (let i = 0; i < PHONE_CODE.maxAccountsPerPhone; i++) {
      family.push(await registerUser(ctx.app, { phone }));
      ctx.clock.advance(60 * MINUTE); // the number's hourly code limit
    }
    const persons = new Set(await Promise.all(family.map((a) => personOf(ctx, a.user.id))));
    expect(persons.size).toBe(1);
    const extra = await register(ctx, { phone });
    const res = await verify(ctx, extra.access_token, extra.phone_verification.demo_code!);
    expect([res.statusCode, detailOf(res)]).toEqual([409, fr.phone.tooManyAccounts]);
    expect(await personOf(ctx, extra.user.id)).toBeNull();
  });

  it('a phone change keeps the verified number until the new one’s code is typed', async () => {
    const user = await registerUser(ctx.app);
    const before = await personOf(ctx, user.user.id);
    const newPhone = nextTestPhone();
    ctx.clock.advance(PHONE_CODE.resendAfterSeconds * 1000);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(user.access_token),
      payload: { full_name: user.user.full_name, email: user.user.email, phone: newPhone, country_region: user.user.country_region },
    });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().phone_verification.demo_code as string;
    expect(res.json()).toMatchObject({ phone_verified: true, pending_phone: newPhone });
    expect((await statusOf(ctx, user.access_token)).pending_phone_masked).not.toBeNull();

    const verified = await verify(ctx, user.access_token, code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ phone: newPhone, pending_phone: null, phone_verified: true });
    expect(await personOf(ctx, user.user.id)).not.toBe(before);
  });

  it('another account cannot type my code: codes belong to the account that asked', async () => {
    const mine = await register(ctx);
    const stranger = await register(ctx);
    const res = await verify(ctx, stranger.access_token, mine.phone_verification.demo_code!);
    expect(res.statusCode).not.toBe(200);
    expect((await statusOf(ctx, mine.access_token)).phone_verified).toBe(false);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/phone/verify', payload: { code: '123456' } })).statusCode).toBe(401);
  });
});

describe('Twilio: the real adapter against a stand-in that speaks its Messages API', () => {
  let ctx: TestContext;
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    ctx = await createTestContext({
      demoMode: false,
      sms: { twilio: { baseUrl: twilio.baseUrl, ...TWILIO_STAND_IN }, timeoutMs: 1500, codesPerIpPerHour: 200 },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await twilio.close();
  });

  it('sends the code by SMS (nothing on screen), and the code received verifies the number', async () => {
    const phone = nextTestPhone();
    const registered = await register(ctx, { phone });
    expect(registered.phone_verification).toMatchObject({ sent: true, demo_code: null });
    const e164 = toE164(phone)!;
    const sms = twilio.messages.find((m) => m.to === e164);
    expect(sms).toMatchObject({ from: TWILIO_STAND_IN.from, validityPeriod: '600' });
    const code = twilio.lastCodeFor(e164)!;
    expect(sms!.body).toBe(fr.phone.sms(code));
    expect((await verify(ctx, registered.access_token, code)).statusCode).toBe(200);
  });

  it('a number Twilio refuses: the account exists, the user is told, and no code stays pending', async () => {
    const phone = nextTestPhone();
    twilio.behave(toE164(phone)!, 'invalid_number');
    const registered = await register(ctx, { phone });
    expect(registered.phone_verification).toMatchObject({ sent: false, detail: fr.phone.numberRefused, demo_code: null });
    const res = await verify(ctx, registered.access_token, '123456');
    expect([res.statusCode, detailOf(res)]).toEqual([409, fr.phone.noCodePending]);
  });

  it('Twilio down or silent: a French 503 to try again later', async () => {
    const down = nextTestPhone();
    twilio.behave(toE164(down)!, 'server_down');
    expect((await register(ctx, { phone: down })).phone_verification).toMatchObject({ sent: false, detail: fr.phone.smsFailed });
    const silent = nextTestPhone();
    twilio.behave(toE164(silent)!, 'hang');
    const registered = await register(ctx, { phone: silent });
    expect(registered.phone_verification).toMatchObject({ sent: false, detail: fr.phone.smsFailed });
    twilio.behave(toE164(silent)!, 'accept');
    ctx.clock.advance(PHONE_CODE.resendAfterSeconds * 1000);
    expect((await askCode(ctx, registered.access_token)).statusCode).toBe(202);
  });

  it('no demo accounts and no demo codes here: /api/config says demo is off', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().demo).toBeNull();
  });
});

describe('neither Twilio nor demo mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ demoMode: false, sms: { twilio: null, timeoutMs: 1000, codesPerIpPerHour: 200 } });
  });
  afterAll(() => ctx.close());

  it('registration is refused with a French 503 rather than creating an account that could never contribute', async () => {
    const payload = newUserPayload();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: nextTestIp() });
    expect([res.statusCode, detailOf(res)]).toEqual([503, fr.phone.smsUnavailable]);
    expect(await ctx.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
  });
});
