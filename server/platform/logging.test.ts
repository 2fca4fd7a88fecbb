// The logs never hold password material, tokens or personal fields: a 500 used to log Drizzle's bound
// parameters (an argon2 hash, an e-mail, a phone number), and every request line carried its query
// string (book-delivery's delivery address). The app here logs at info level into a buffer.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { bearer, createTestContext, registerUser, type SignedIn, type TestContext } from '../test/harness';
import { loggableError, loggableUrl } from './logging';
import { hashPassword } from './passwords';

let ctx: TestContext;
let app: FastifyInstance;
let alice: SignedIn;
let hash: string;
const lines: string[] = [];
const logs = () => lines.join('');

const SECRET = { fullName: 'Bérénice Secrète', phone: '+241 06 99 88 77', address: 'Derrière la boulangerie Mbolo, portail bleu' };

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, logLevel: 'info' } }, { logStream: { write: (line) => void lines.push(line) } });
  hash = await hashPassword('un-mot-de-passe-tres-secret');
  // Two failures with personal data bound to the query, as a bug in a route would produce them.
  app.get('/api/test/duplicate-account', async () => {
    await ctx.db.insert(users).values({ email: alice.user.email, passwordHash: hash, fullName: SECRET.fullName, phone: SECRET.phone, countryRegion: 'Gabon', userType: 'consumer', preferences: { track_prices: true, contribute_in_store: false, notifications: true, location_sharing: false } });
  });
  app.get('/api/test/bad-cast', async () => {
    await ctx.db.execute(sql`select ${alice.user.email}::uuid, ${hash}::int`);
  });
  await app.ready();
  alice = await registerUser(app, { full_name: SECRET.fullName, phone: SECRET.phone });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('logs', () => {
  it('a 500 whose query was bound to a password hash, an e-mail and a phone number logs none of them', async () => {
    lines.length = 0;
    for (const url of ['/api/test/duplicate-account', '/api/test/bad-cast']) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(alice.access_token) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: fr.common.serverError, code: 'INTERNAL' });
    }
    const text = logs();
    // The errors are logged, with what helps: the kind, the SQLSTATE, the constraint, the stack.
    const errors = lines.map((l) => JSON.parse(l) as { msg: string; err?: { code?: string; cause?: { code?: string; constraint?: string }; stack?: string } }).filter((l) => l.msg === 'unexpected error');
    expect(errors).toHaveLength(2);
    expect(errors[0].err?.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(errors[1].err?.cause).toMatchObject({ code: '22P02' });
    expect(errors[0].err?.stack).toMatch(/\n\s+at /);
    // …and nothing of the data.
    for (const secret of [hash, hash.split('$').pop()!, alice.user.email, SECRET.phone, SECRET.fullName, 'un-mot-de-passe']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/params/i);
  });

  it('request lines carry neither the query values (the delivery address) nor the headers (the token)', async () => {
    lines.length = 0;
    const query = new URLSearchParams({
      cart_id: '5b3f0c3e-9a43-4f3e-8d55-2f1c2e6a7b10',
      delivery_address: SECRET.address,
      delivery_date: addDays(todayInGabon(), 1),
      delivery_time_slot: 'morning',
      payment_method_id: '5b3f0c3e-9a43-4f3e-8d55-2f1c2e6a7b10',
    });
    const res = await app.inject({ method: 'POST', url: `/api/shopping/book-delivery?${query}`, headers: { ...bearer(alice.access_token), cookie: 'session=biscuit-secret' } });
    expect(res.statusCode).toBe(404); // no such cart: what matters is what was logged
    const text = logs();
    expect(text).toContain('/api/shopping/book-delivery?cart_id&delivery_address&delivery_date&delivery_time_slot&payment_method_id');
    for (const secret of ['Mbolo', encodeURIComponent('Mbolo'), alice.access_token, 'biscuit-secret', alice.user.email]) expect(text).not.toContain(secret);
  });

  it('values logged by hand under a sensitive name are masked', async () => {
    lines.length = 0;
    app.log.info({ email: alice.user.email, user: { phone: SECRET.phone, password: 'x' }, order: { delivery_address: SECRET.address } }, 'essai');
    // An SMTP refusal quotes the recipient: addresses are masked in any text.
    app.log.warn({ id: 'mail-1', error: `550 5.1.1 <${alice.user.email}>: Recipient address rejected` }, `échec de l'envoi à ${alice.user.email}`);
    const text = logs();
    expect(text).toContain('essai');
    expect(text).toContain('Recipient address rejected');
    for (const secret of [alice.user.email, SECRET.phone, 'Mbolo', '"password":"x"']) expect(text).not.toContain(secret);
  });
});

describe('the error and URL views', () => {
  it('cut Drizzle\'s "params:" and PostgreSQL\'s quoted values from messages', () => {
    const error = new Error('Failed query: insert into "users" ("email") values ($1)\nparams: a@b.ga,$argon2id$v=19$m=19456');
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "a@b.ga"'), { code: '22P02', detail: 'Key (email)=(a@b.ga) already exists.' });
    Object.assign(error, { query: 'insert into "users" ("email") values ($1)', params: ['a@b.ga'], cause });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain('a@b.ga');
    expect(logged).not.toContain('argon2');
    expect(logged).toContain('values ($1)');
    expect(logged).toContain('22P02');
    expect(loggableUrl('/api/products?search=riz&page=2&search=x')).toBe('/api/products?search&page');
    expect(loggableUrl('/api/users/me')).toBe('/api/users/me');
  });
});
