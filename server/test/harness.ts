// One fresh, seeded database and app per test file, on PGlite or (MP_TEST_DB=postgres) PostgreSQL.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { sql } from 'drizzle-orm';
import type { LoginResponse, RegisterPayload, RegisterResponse, User } from '#contract/users';
import { type AppOptions, buildApp } from '../app';
import { runAdminCommand } from '../cli/admin-commands';
import { type Config, testConfig } from '../config';
import { type Database, type Db, openDatabase } from '../db/client';
import type { AppDeps } from '../deps';
import { localFileStorage } from '../platform/storage-local';
import { databaseUrl, dropDatabase, requireTestDatabaseUrl, testDbKind, uniqueName, withAdminClient } from './template-db';

export type TestClock = { now: () => Date; advance: (ms: number) => void };

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  deps: AppDeps;
  database: Database;
  clock: TestClock;
  /** The app's DATA_DIR for this test file (a temporary directory). */
  dataDir: string;
  uploadsDir: string;
  close: () => Promise<void>;
};

function testClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => (offset += ms) };
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('templateDb');
  if (testDbKind() === 'pglite') {
    const dump = await readFile(template);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
    return { database, drop: async () => {} };
  }
  const name = uniqueName('mp_t');
  // Two files cloning the template at the same instant can collide; try again briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdminClient((c) => c.query(`create database ${name} template ${template}`));
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(requireTestDatabaseUrl(), name), poolSize: 5 });
  return { database, drop: () => dropDatabase(name) };
}

/** `appOptions`: what only tests set (a push-service stand-in…), given to the one app on this database. */
export async function createTestContext(configOverrides: Partial<Config> = {}, appOptions: AppOptions = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'monpanier-test-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const clock = testClock();
  const deps: AppDeps = {
    config: testConfig({ dataDir, webDistDir: path.join(dataDir, 'no-web'), ...configOverrides }),
    db: database.db,
    storage: await localFileStorage(uploadsDir),
    now: clock.now,
  };
  const app = await buildApp(deps, appOptions);
  await app.ready();
  return {
    app,
    db: database.db,
    deps,
    database,
    clock,
    dataDir,
    uploadsDir,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let userCounter = 0;

/** A Gabonese mobile number of its own for each test account (one number is one person). */
export function nextTestPhone(): string {
  userCounter += 1;
  const n = String((process.pid * 7919 + userCounter) % 1_000_000).padStart(6, '0');
  return `+241 66 ${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4)}`;
}

export function newUserPayload(overrides: Partial<RegisterPayload> = {}): RegisterPayload {
  userCounter += 1;
  return {
    email: `user${userCounter}-${Math.random().toString(36).slice(2, 8)}@exemple.ga`,
    password: 'motdepasse1',
    full_name: `Utilisateur ${userCounter}`,
    phone: nextTestPhone(),
    country_region: 'Gabon',
    user_type: 'consumer',
    avatar_url: null,
    preferences: { track_prices: true, contribute_in_store: false },
    ...overrides,
  };
}

export type SignedIn = LoginResponse & { password: string };

/** A fresh client address: each registration of a test comes from its own unless it says otherwise. */
export function nextTestIp(): string {
  userCounter += 1;
  return `10.${(userCounter >> 16) & 255}.${(userCounter >> 8) & 255}.${userCounter & 255}`;
}

/**
 * Registers a fresh account through the API (from its own address, unless `ip` is given), verifies
 * its phone with the code the demo outbox shows (unless `verifyPhone` is false) and returns its
 * session. The account is a new person: on probation as a contributor (see trustedUser).
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<RegisterPayload> = {},
  ip = nextTestIp(),
  { verifyPhone = true }: { verifyPhone?: boolean } = {},
): Promise<SignedIn> {
  const payload = newUserPayload(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
  if (res.statusCode !== 201) throw new Error(`inscription refusée (${res.statusCode}) : ${res.body}`);
  const registered = res.json() as RegisterResponse;
  const signedIn: SignedIn = { ...registered, password: payload.password };
  if (!verifyPhone) return signedIn;
  const code = registered.phone_verification.demo_code;
  if (!code) throw new Error(`pas de code de démonstration : ${JSON.stringify(registered.phone_verification)}`);
  const verified = await app.inject({ method: 'POST', url: '/api/auth/phone/verify', headers: bearer(registered.access_token), payload: { code } });
  if (verified.statusCode !== 200) throw new Error(`vérification du téléphone refusée (${verified.statusCode}) : ${verified.body}`);
  return { ...signedIn, user: { ...signedIn.user, ...(verified.json() as User) } };
}

/** A fresh account whose person has left probation (as if others had corroborated its prices). */
export async function trustedUser(ctx: Pick<TestContext, 'app' | 'db'>, overrides: Partial<RegisterPayload> = {}, ip = nextTestIp()): Promise<SignedIn> {
  const user = await registerUser(ctx.app, overrides, ip);
  await trustPersonOf(ctx.db, user.user.id);
  return user;
}

/** Makes the account's person an established contributor (test fixture for what corroboration earns). */
export async function trustPersonOf(db: Db, userId: string, at = new Date(Date.now() - 86_400_000)): Promise<void> {
  await db.execute(sql`update people set trusted_at = ${at} where id = (select person_id from users where id = ${userId})`);
}

/**
 * A real moderator: a trusted account promoted the way an operator does it (`npm run admin promote`).
 * Unlike the demo moderator, it sees customers' contact details.
 */
export async function realModerator(ctx: Pick<TestContext, 'app' | 'db'>): Promise<SignedIn> {
  const account = await trustedUser(ctx);
  await runAdminCommand(ctx.db, ['promote', account.user.email]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.user.email, password: account.password } });
  if (res.statusCode !== 200) throw new Error(`connexion du modérateur refusée (${res.statusCode}) : ${res.body}`);
  return { ...(res.json() as LoginResponse), password: account.password };
}

export async function loginDemo(app: FastifyInstance, who: 'consumer' | 'agent' | 'moderator'): Promise<SignedIn> {
  const account = DEMO_ACCOUNTS[who];
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
  if (res.statusCode !== 200) throw new Error(`connexion démo refusée (${res.statusCode}) : ${res.body}`);
  return { ...(res.json() as LoginResponse), password: account.password };
}

/** The French `detail` of an error response. */
export const detailOf = (res: LightMyRequestResponse) => (res.json() as { detail: string }).detail;
