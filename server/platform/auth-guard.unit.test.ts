import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { principalOf, registerAuthGuards } from './auth-guard';
import { AppError, registerErrorHandling } from './errors';

// A bare app with one route per guard, and a resolver that knows two tokens.
async function guardedApp() {
  const app = Fastify();
  registerErrorHandling(app);
  registerAuthGuards(app, async (token) => {
    if (token === 'consumer') return { userId: 'c', sessionId: 's1', userType: 'consumer' };
    if (token === 'agent') return { userId: 'a', sessionId: 's2', userType: 'delivery_agent' };
    if (token === 'admin') return { userId: 'm', sessionId: 's3', userType: 'admin' };
    throw new AppError('SESSION_INVALID');
  });
  app.get('/consumer', { onRequest: app.requireConsumer }, async (r) => principalOf(r));
  app.get('/agent', { onRequest: app.requireAgent }, async (r) => principalOf(r));
  app.get('/admin', { onRequest: app.requireAdmin }, async (r) => principalOf(r));
  app.get('/any', { onRequest: app.optionalUser }, async (r) => ({ who: r.principal?.userId ?? null }));
  return app;
}

const as = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

describe('role guards', () => {
  it('consumer endpoints refuse agents and agent endpoints refuse consumers with 403', async () => {
    const app = await guardedApp();
    const agentOnConsumer = await app.inject({ url: '/consumer', headers: as('agent') });
    expect(agentOnConsumer.statusCode).toBe(403);
    expect(agentOnConsumer.json().detail).toBe(fr.auth.consumersOnly);
    const consumerOnAgent = await app.inject({ url: '/agent', headers: as('consumer') });
    expect(consumerOnAgent.statusCode).toBe(403);
    expect(consumerOnAgent.json().detail).toBe(fr.auth.agentsOnly);
    expect((await app.inject({ url: '/consumer', headers: as('consumer') })).statusCode).toBe(200);
    expect((await app.inject({ url: '/agent', headers: as('agent') })).statusCode).toBe(200);
  });

  it('moderator endpoints refuse consumers and agents with 403, and moderators are neither', async () => {
    const app = await guardedApp();
    for (const token of ['consumer', 'agent']) {
      const res = await app.inject({ url: '/admin', headers: as(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(fr.auth.adminsOnly);
    }
    expect((await app.inject({ url: '/admin' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/admin', headers: as('admin') })).statusCode).toBe(200);
    expect((await app.inject({ url: '/consumer', headers: as('admin') })).statusCode).toBe(403);
    expect((await app.inject({ url: '/agent', headers: as('admin') })).statusCode).toBe(403);
  });

  it('answers 401 without a token or with a bad one; optional auth lets anonymous through', async () => {
    const app = await guardedApp();
    expect((await app.inject({ url: '/consumer' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/agent', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/any' })).json()).toEqual({ who: null });
    expect((await app.inject({ url: '/any', headers: as('consumer') })).json()).toEqual({ who: 'c' });
    expect((await app.inject({ url: '/any', headers: as('inconnu') })).statusCode).toBe(401);
  });
});
