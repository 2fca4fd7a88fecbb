// The sign-in limiter under concurrency, counting the argon2 verifications really run: the check and
// the count are one step, so twenty guesses fired at once get no more password checks than the
// limit. And the lock-out belongs to the address that guesses: the owner is only ever slowed down.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fr } from '#contract/messages';
import { createTestContext, detailOf, nextTestIp, registerUser, type SignedIn, type TestContext } from '../../test/harness';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../platform/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../platform/passwords')>();
  return {
    ...original,
    verifyPassword: async (hash: string, password: string) => {
      checks.count += 1;
      return original.verifyPassword(hash, password);
    },
  };
});

let ctx: TestContext;
let limit: number;
beforeAll(async () => {
  ctx = await createTestContext({ trustProxy: 1 });
  limit = ctx.deps.config.loginLimits.maxFailuresPerEmail;
});
afterAll(() => ctx.close());
beforeEach(() => {
  checks.count = 0;
});

const attempt = (email: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': ip } });

async function account(): Promise<SignedIn> {
  const user = await registerUser(ctx.app);
  checks.count = 0;
  return user;
}

describe('concurrent wrong passwords for one e-mail', () => {
  it('from one address: at most the limit of password checks, the rest 429', async () => {
    const user = await account();
    const ip = nextTestIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(user.user.email, 'mauvais-mot', ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(checks.count).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks.count);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checks.count);
    expect(detailOf(answers[statuses.indexOf(429)])).toMatch(/^Trop de tentatives de connexion\. Réessayez dans \d+ minutes?\.$/);
  });

  it('from twenty addresses: still at most the limit of password checks', async () => {
    const user = await account();
    // The clock stands still during the burst: past the limit, the e-mail's slowdown lets one more
    // check through per delay (1 s, 2 s…), and a burst that takes that long would earn it honestly.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(user.user.email, 'mauvais-mot', nextTestIp()))).finally(() => vi.useRealTimers());
    expect(checks.count).toBeLessThanOrEqual(limit);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20 - checks.count);
  });

  it('for an unknown e-mail too (the decoy check costs the same and is limited alike)', async () => {
    const ip = nextTestIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt('personne-ici@exemple.ga', 'mauvais-mot', ip)));
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(limit);
  });
});

describe('concurrent right passwords for one e-mail', () => {
  it('twelve at once from one address all sign in: attempts in flight are not failures', async () => {
    const user = await account();
    const ip = nextTestIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(user.user.email, user.password, ip)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
  });

  it('wrong and right mixed: the wrong ones count, the right ones still sign in while under the limit', async () => {
    const user = await account();
    const ip = nextTestIp();
    const answers = await Promise.all([
      ...Array.from({ length: limit - 1 }, () => attempt(user.user.email, 'mauvais-mot', ip)),
      ...Array.from({ length: 6 }, () => attempt(user.user.email, user.password, ip)),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(statuses.slice(limit - 1)).toEqual(Array(6).fill(200));
  });
});

describe('who is locked out', () => {
  it("a stranger's failures lock the stranger's address, not the owner at home", async () => {
    const owner = await account();
    const home = nextTestIp();
    expect((await attempt(owner.user.email, owner.password, home)).statusCode).toBe(200);

    const stranger = nextTestIp();
    for (let i = 0; i < limit; i++) expect((await attempt(owner.user.email, `essai-${i}`, stranger)).statusCode).toBe(401);
    // The stranger is locked out for the window, even with the right password.
    const locked = await attempt(owner.user.email, owner.password, stranger);
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'TOO_MANY_LOGIN_ATTEMPTS']);
    // The owner signs in from home at once, as often as needed.
    expect((await attempt(owner.user.email, owner.password, home)).statusCode).toBe(200);
    expect((await attempt(owner.user.email, owner.password, home)).statusCode).toBe(200);
  });

  it('from a new address the owner waits a few seconds, never the whole window', async () => {
    const owner = await account();
    for (let i = 0; i < limit; i++) expect((await attempt(owner.user.email, `essai-${i}`, nextTestIp())).statusCode).toBe(401);
    const travelling = nextTestIp();
    const slowed = await attempt(owner.user.email, owner.password, travelling);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('LOGIN_SLOWED_DOWN');
    expect(detailOf(slowed)).toBe(fr.accountSecurity.loginSlowedDown(1));
    ctx.clock.advance(1000);
    expect((await attempt(owner.user.email, owner.password, travelling)).statusCode).toBe(200);
  });

  it('the slowdown doubles with each failure, up to a minute', async () => {
    const owner = await account();
    const waits: number[] = [];
    for (let i = 0; i < limit + 8; i++) {
      const res = await attempt(owner.user.email, `essai-${i}`, nextTestIp());
      if (res.statusCode === 429) {
        const seconds = Number(/(\d+) seconde/.exec(detailOf(res))?.[1]);
        waits.push(seconds);
        ctx.clock.advance(seconds * 1000);
        expect((await attempt(owner.user.email, `essai-${i}`, nextTestIp())).statusCode).toBe(401);
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    ctx.clock.advance(ctx.deps.config.loginLimits.windowMinutes * 60_000);
    expect((await attempt(owner.user.email, owner.password, nextTestIp())).statusCode).toBe(200);
  });

  it('an address failing on many e-mails is still locked out (per-IP limit)', async () => {
    const ip = nextTestIp();
    const perIp = ctx.deps.config.loginLimits.maxFailuresPerIp;
    for (let i = 0; i < perIp; i++) expect((await attempt(`victime-${i}@exemple.ga`, 'mauvais', ip)).statusCode).toBe(401);
    expect((await attempt('encore-une@exemple.ga', 'mauvais', ip)).statusCode).toBe(429);
    expect((await attempt('encore-une@exemple.ga', 'mauvais', nextTestIp())).statusCode).toBe(401);
  });
});
