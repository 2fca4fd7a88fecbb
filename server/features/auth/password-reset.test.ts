// "Mot de passe oublié ?" end to end: the request, the real e-mail received by a local SMTP server,
// the link's single use within the hour, every session ended, and no account enumeration.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { outgoingMails, passwordResets, users } from '../../db/schema';
import { bearer, createTestContext, detailOf, nextTestIp, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver';
import { RESET_MAILS_PER_ACCOUNT_PER_HOUR, requestPasswordReset } from './password-reset';
import { createResetThrottle } from './reset-throttle';

let ctx: TestContext;
let smtp: SmtpReceiver;
const PUBLIC_URL = 'https://monpanier.exemple.ga';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'MonPanier <no-reply@monpanier.ga>' }, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const texts = fr.accountSecurity;
const askReset = (email: string, ip = nextTestIp()) => ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, new_password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, new_password } });
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextTestIp() });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

/** Asks for a reset, sends the outbox, and answers the mail received with the link's token. */
async function resetMailFor(user: SignedIn): Promise<{ mail: ReceivedMail; token: string }> {
  const before = smtp.received.length;
  expect((await askReset(user.user.email)).statusCode).toBe(202);
  await ctx.app.mailDispatcher.flush();
  const mail = await smtp.waitFor((m) => smtp.received.indexOf(m) >= before && m.envelopeTo.includes(user.user.email));
  const link = /https:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  return { mail, token: new URL(link).searchParams.get('token') ?? '' };
}

describe('POST /api/auth/password-reset', () => {
  it('e-mails a link to /reset-password through SMTP and answers 202 with a French message', async () => {
    const user = await registerUser(ctx.app, { full_name: 'Sylvie Nzé' });
    const res = await askReset(user.user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: texts.resetRequested });
    await ctx.app.mailDispatcher.flush();

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(user.user.email));
    expect(mail.headers.to).toContain(user.user.email);
    expect(mail.headers.from).toContain('no-reply@monpanier.ga');
    expect(mail.subject).toBe(texts.mail.passwordResetSubject);
    expect(mail.text).toContain('Bonjour Sylvie Nzé,');
    const link = /https:\/\/\S+/.exec(mail.text)?.[0];
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));

    // Only the token's hash is stored, valid one hour.
    const token = new URL(link!).searchParams.get('token')!;
    const [row] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user.id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3_600_000);
    const [sent] = await ctx.db.select().from(outgoingMails).where(eq(outgoingMails.userId, user.user.id));
    expect(sent).toMatchObject({ kind: 'password_reset', status: 'sent', attempts: 1 });
  });

  it('answers an unknown e-mail and a suspended account exactly alike, and sends them nothing', async () => {
    const suspended = await registerUser(ctx.app);
    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const known = await registerUser(ctx.app);
    const answers = await Promise.all([askReset(known.user.email), askReset('personne-ici@exemple.ga'), askReset(suspended.user.email)]);
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(Array(3).fill([202, JSON.stringify({ detail: texts.resetRequested })]));
    await ctx.app.mailDispatcher.flush();
    await smtp.waitFor((m) => m.envelopeTo.includes(known.user.email));
    expect(smtp.received.filter((m) => m.envelopeTo.some((to) => to === 'personne-ici@exemple.ga' || to === suspended.user.email))).toEqual([]);
    expect(await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, suspended.user.id))).toEqual([]);
  });

  it('refuses a missing or malformed e-mail with 400 in French', async () => {
    const empty = await askReset('');
    expect([empty.statusCode, detailOf(empty)]).toEqual([400, fr.register.emailRequired]);
    const bad = await askReset('pas-un-email');
    expect([bad.statusCode, detailOf(bad)]).toEqual([400, fr.register.emailInvalid]);
  });

  it('limits requests per e-mail with a French 429, the same for an account and for nobody', async () => {
    const user = await registerUser(ctx.app);
    for (const email of [user.user.email, 'inconnu-limite@exemple.ga']) {
      for (let i = 0; i < 3; i++) expect((await askReset(email)).statusCode).toBe(202);
      const refused = await askReset(email);
      expect(refused.statusCode).toBe(429);
      expect(detailOf(refused)).toMatch(/^Trop de demandes de réinitialisation\. Réessayez dans \d+ minutes?\.$/);
    }
    ctx.clock.advance(61 * 60_000);
    expect((await askReset(user.user.email)).statusCode).toBe(202);
  });

  it('limits requests per client address with a French 429', async () => {
    const ip = nextTestIp();
    for (let i = 0; i < 10; i++) expect((await askReset(`adresse-${i}@exemple.ga`, ip)).statusCode).toBe(202);
    const refused = await askReset('adresse-11@exemple.ga', ip);
    expect(refused.statusCode).toBe(429);
    expect(detailOf(refused)).toMatch(/^Trop de demandes de réinitialisation/);
    expect((await askReset('adresse-11@exemple.ga')).statusCode).toBe(202);
  });

  it('sends one account at most 3 reset mails an hour even through several API instances', async () => {
    const user = await registerUser(ctx.app);
    const client = { ip: nextTestIp() };
    // Each call with its own throttle: as if every request reached another instance.
    for (let i = 0; i < 6; i++) {
      await requestPasswordReset({ ...ctx.deps, tokens: undefined as never, phones: undefined as never }, createResetThrottle({ perIpPerHour: 100, perEmailPerHour: 100 }), user.user.email, client);
    }
    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user.id));
    expect(rows).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);
    const mails = await ctx.db.select().from(outgoingMails).where(eq(outgoingMails.userId, user.user.id));
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password, ends every session, and the link works only once', async () => {
    const user = await registerUser(ctx.app);
    const phone = await login(user.user.email, user.password);
    expect(phone.statusCode).toBe(200);
    const { token } = await resetMailFor(user);

    const done = await confirm(token, 'Mangue-Papaye-241');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: texts.resetDone });

    for (const session of [user.access_token, phone.json().access_token]) {
      const res = await me(session);
      expect([res.statusCode, detailOf(res)]).toEqual([401, fr.auth.sessionInvalid]);
    }
    expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.user.email, 'Mangue-Papaye-241')).statusCode).toBe(200);

    const again = await confirm(token, 'Encore-Un-Autre-9');
    expect([again.statusCode, detailOf(again)]).toEqual([410, texts.resetTokenUsed]);
    expect((await login(user.user.email, 'Mangue-Papaye-241')).statusCode).toBe(200);
  });

  it('refuses an expired link with 410 and an unknown one with 400, changing nothing', async () => {
    const user = await registerUser(ctx.app);
    const { token } = await resetMailFor(user);
    ctx.clock.advance(60 * 60_000 + 1000);
    const expired = await confirm(token, 'Mangue-Papaye-241');
    expect([expired.statusCode, detailOf(expired)]).toEqual([410, texts.resetTokenExpired]);
    const unknown = await confirm('A'.repeat(43), 'Mangue-Papaye-241');
    expect([unknown.statusCode, detailOf(unknown)]).toEqual([400, texts.resetTokenInvalid]);
    const missing = await confirm('', 'Mangue-Papaye-241');
    expect([missing.statusCode, detailOf(missing)]).toEqual([400, texts.resetMissingToken]);
    expect((await me(user.access_token)).statusCode).toBe(200);
    expect((await login(user.user.email, user.password)).statusCode).toBe(200);
  });

  it('applies the password rule, and a refused password leaves the link usable', async () => {
    const user = await registerUser(ctx.app, { full_name: 'Rodrigue Essono' });
    const { token } = await resetMailFor(user);
    for (const [password, message] of [
      ['123', fr.register.passwordTooShort],
      ['azerty123', texts.passwordTooCommon],
      ['rodrigue essono', texts.passwordLikeIdentity],
      [user.user.email.toUpperCase(), texts.passwordLikeIdentity],
      ['xxxxxxxx', texts.passwordRepeated],
    ]) {
      const res = await confirm(token, password);
      expect([res.statusCode, detailOf(res)], password).toEqual([400, message]);
    }
    expect((await confirm(token, 'Mangue-Papaye-241')).statusCode).toBe(200);
  });

  it('a used link spends the other links of the account; a suspended account cannot use one', async () => {
    const user = await registerUser(ctx.app);
    const first = await resetMailFor(user);
    const second = await resetMailFor(user);
    expect((await confirm(second.token, 'Mangue-Papaye-241')).statusCode).toBe(200);
    expect((await confirm(first.token, 'Ananas-Goyave-241')).statusCode).toBe(410);

    const suspended = await registerUser(ctx.app);
    const { token } = await resetMailFor(suspended);
    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const refused = await confirm(token, 'Mangue-Papaye-241');
    expect([refused.statusCode, detailOf(refused)]).toEqual([403, fr.auth.accountSuspended]);
  });

  it('a reset lifts the sign-in lock that failed attempts put on the account', async () => {
    const user = await registerUser(ctx.app);
    const ip = nextTestIp();
    for (let i = 0; i < ctx.deps.config.loginLimits.maxFailuresPerEmail; i++) {
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: 'mauvais!' }, remoteAddress: ip });
    }
    const locked = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: user.password }, remoteAddress: ip });
    expect(locked.statusCode).toBe(429);
    const { token } = await resetMailFor(user);
    expect((await confirm(token, 'Mangue-Papaye-241')).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.user.email, password: 'Mangue-Papaye-241' }, remoteAddress: ip });
    expect(after.statusCode).toBe(200);
  });
});
