// Personal answers are never cached (Cache-Control: no-store), public catalogue reads keep their own
// caching; the OpenAPI document is served only when config.apiDocs says so (off in production unless
// API_DOCS=true).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { bearer, createTestContext, loginDemo, registerUser, type SignedIn, type TestContext } from '../test/harness';

let ctx: TestContext;
let alice: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

describe('Cache-Control', () => {
  it('every answer to a signed-in request is no-store: profile, notifications, lists, orders, payment methods, agent, admin', async () => {
    const agent = await loginDemo(ctx.app, 'agent');
    const moderatorLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_ACCOUNTS.moderator.email, password: DEMO_ACCOUNTS.moderator.password } });
    const moderator = moderatorLogin.json() as SignedIn;
    const calls: [SignedIn, string][] = [
      [alice, '/api/users/me'],
      [alice, '/api/users/me/stats'],
      [alice, '/api/dashboard'],
      [alice, '/api/notifications'],
      [alice, '/api/notifications/unread-count'],
      [alice, '/api/shopping-lists'],
      [alice, '/api/deliveries'],
      [alice, '/api/user/payment-methods'],
      [alice, `/api/shopping/bookings/${crypto.randomUUID()}`],
      [agent, '/api/delivery-agent/available-orders'],
      [agent, '/api/delivery-agent/my-orders'],
      [moderator, '/api/admin/queue'],
      [moderator, '/api/admin/audit'],
      [alice, '/api/products?limit=1'],
    ];
    for (const [who, url] of calls) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(who.access_token) });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('the answers that carry tokens (registration, login) and every write are no-store', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: alice.user.email, password: alice.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: alice.user.email, password: 'faux-mot-de-passe' } });
    expect(refused.headers['cache-control']).toBe('no-store');
    const write = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/preferences', headers: bearer(alice.access_token), payload: { location_sharing: true } });
    expect(write.statusCode).toBe(200);
    expect(write.headers['cache-control']).toBe('no-store');
  });

  it('public catalogue reads signed out keep their caching', async () => {
    const products = await ctx.app.inject({ method: 'GET', url: '/api/products?limit=1' });
    expect(products.statusCode).toBe(200);
    expect(products.headers['cache-control']).toBeUndefined();
    const demo = await ctx.app.inject({ method: 'GET', url: '/api/shopping/demo-optimization' });
    expect(demo.headers['cache-control']).toBe('public, max-age=300');
    // The demo is the same for everyone: a signed-in visitor may cache it too.
    const demoSignedIn = await ctx.app.inject({ method: 'GET', url: '/api/shopping/demo-optimization', headers: bearer(alice.access_token) });
    expect(demoSignedIn.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('/api/docs', () => {
  it('is served in development and test', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.any(String), paths: expect.any(Object) });
  });

  it('is off with NODE_ENV=production, on again with API_DOCS=true', async () => {
    const production = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    expect(production.apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', API_DOCS: 'true' }).apiDocs).toBe(true);

    const off = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, apiDocs: false } });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await off.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: fr.common.routeNotFound, code: 'ROUTE_NOT_FOUND' });
      }
      // The API itself is unchanged.
      expect((await off.inject({ method: 'GET', url: '/api/products?limit=1' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
