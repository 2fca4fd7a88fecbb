// Who the client is behind proxies (TRUST_PROXY). A proxy that appends to X-Forwarded-For leaves
// whatever the client sent on the left: the client is the right-most address that is not a trusted
// proxy, never the forgeable left end. Read back from the address registrations record.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { users } from '../db/schema';
import { createTestContext, newUserPayload, type TestContext } from '../test/harness';

const PROXY = '10.9.0.2';

async function registeredFrom(ctx: TestContext, forwardedFor: string | undefined, socket = PROXY): Promise<string | null> {
  const payload = newUserPayload();
  const headers = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers, remoteAddress: socket });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await ctx.db.select({ ip: users.registrationIp }).from(users).where(eq(users.email, payload.email));
  return row.ip;
}

function withTrust(trustProxy: Config['trustProxy'], extra: Partial<Config> = {}) {
  const holder: { ctx?: TestContext } = {};
  beforeAll(async () => {
    holder.ctx = await createTestContext({ trustProxy, ...extra });
  });
  afterAll(() => holder.ctx?.close());
  return () => holder.ctx!;
}

describe('TRUST_PROXY as read from the environment', () => {
  const parse = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;
  it('takes false, a hop count (true is one) or a list of addresses and ranges', () => {
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1, 10.9.0.0/16')).toEqual(['10.0.0.1', '10.9.0.0/16']);
  });
  it('refuses anything else at start-up, in French', () => {
    expect(() => parse('oui')).toThrow(/TRUST_PROXY: attendu false, un nombre de proxys ou une liste/);
  });
});

describe('no proxy trusted', () => {
  const ctx = withTrust(false);
  it('ignores X-Forwarded-For entirely: the client is the socket', async () => {
    expect(await registeredFrom(ctx(), '203.0.113.7', '198.51.100.4')).toBe('198.51.100.4');
  });
});

describe('one appending proxy (TRUST_PROXY=1)', () => {
  const ctx = withTrust(1, { registration: { perIpPerHour: 2 } });
  it('takes the address the proxy appended, not the one the client wrote', async () => {
    expect(await registeredFrom(ctx(), '10.66.1.9, 203.0.113.99')).toBe('203.0.113.99');
    expect(await registeredFrom(ctx(), '203.0.113.50')).toBe('203.0.113.50');
  });

  it('a forged left-hand value per request does not dodge the per-address guard', async () => {
    const client = '203.0.113.120';
    for (let n = 1; n <= 2; n++) expect(await registeredFrom(ctx(), `10.66.${n}.9, ${client}`)).toBe(client);
    const third = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newUserPayload(),
      headers: { 'x-forwarded-for': `10.66.3.9, ${client}` },
      remoteAddress: PROXY,
    });
    expect(third.statusCode).toBe(429);
  });
});

describe('two proxies in a row (TRUST_PROXY=2)', () => {
  const ctx = withTrust(2);
  it('skips both hops and no more', async () => {
    expect(await registeredFrom(ctx(), '6.6.6.6, 203.0.113.31, 10.9.0.1')).toBe('203.0.113.31');
  });
});

describe('a list of proxy addresses', () => {
  const ctx = withTrust([PROXY, '10.10.0.0/16']);
  it('the client is the right-most address not in the list', async () => {
    expect(await registeredFrom(ctx(), '6.6.6.6, 203.0.113.44, 10.10.3.4')).toBe('203.0.113.44');
  });
  it('a request from an address not in the list is its own client, whatever it forwards', async () => {
    expect(await registeredFrom(ctx(), '203.0.113.45', '198.51.100.9')).toBe('198.51.100.9');
  });
});
