// Demo accounts exist only in demo mode: a start outside it suspends them and closes their sessions
// (their passwords are published); back in demo mode they work again. Even in demo mode the demo
// moderator never reads a real person's contact details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { bearer, createTestContext, loginDemo, realModerator, registerUser, type TestContext } from '../../test/harness';
import { applyDemoMode } from './demo-accounts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demoMode: true });
  await applyDemoMode(ctx.db, true);
});
afterAll(() => ctx.close());

const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('demo mode off (a production start)', () => {
  it('suspends every demo account, ends their sessions, and demo mode brings them back', async () => {
    const open = await loginDemo(ctx.app, 'moderator');
    const result = await applyDemoMode(ctx.db, false);
    expect(result.disabled).toBe(Object.keys(DEMO_ACCOUNTS).length);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/queue', headers: bearer(open.access_token) })).statusCode).toBe(401);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await login(account.email, account.password);
      expect(res.statusCode, account.email).toBe(403);
    }
    expect((await applyDemoMode(ctx.db, false)).disabled).toBe(0);

    const back = await applyDemoMode(ctx.db, true);
    expect(back.enabled).toBe(Object.keys(DEMO_ACCOUNTS).length);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect((await login(account.email, account.password)).statusCode, account.email).toBe(200);
  });

  it('a real account is never touched by the switch', async () => {
    const someone = await registerUser(ctx.app);
    await applyDemoMode(ctx.db, false);
    expect((await login(someone.user.email, someone.password)).statusCode).toBe(200);
    await applyDemoMode(ctx.db, true);
  });
});

describe('the demo moderator is a demo, not a back door', () => {
  it('sees a real customer’s e-mail and phone masked; a real moderator sees them', async () => {
    const customer = await registerUser(ctx.app);
    const demo = await loginDemo(ctx.app, 'moderator');
    const seenByDemo = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.user.id}`, headers: bearer(demo.access_token) });
    expect(seenByDemo.statusCode, seenByDemo.body).toBe(200);
    expect(seenByDemo.body).not.toContain(customer.user.email);
    expect(seenByDemo.json()).toMatchObject({ email: fr.phone.demoMasked });
    expect(seenByDemo.body).not.toContain(customer.user.phone);

    const moderator = await realModerator(ctx);
    const seenByModerator = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${customer.user.id}`, headers: bearer(moderator.access_token) });
    expect(seenByModerator.json()).toMatchObject({ email: customer.user.email });
  });
});
