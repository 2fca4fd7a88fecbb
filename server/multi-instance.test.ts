// Issue 16's proof: two API instances — two real processes (server/test/instance-process.ts),
// listening on their own ports — on one PostgreSQL database and one S3 bucket (a local S3 server),
// as behind a load balancer. What one instance does, the other sees: files, prices (its catalogue
// cache told within a second), sessions (a logout on one ends the session on the other, its banner
// cache included), the sign-in limiter's counts; a job asked by both runs once; killing the instance
// that runs a job lets the other finish it; SIGTERM drains what is in flight, then exits.
// PostgreSQL only: PGlite is an embedded database that one process holds, so there is no second
// instance to start on it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import type { LoginResponse, RegisterResponse } from '#contract/users';
import { stores } from './db/schema';
import { createTestContext, newUserPayload, type TestContext, trustPersonOf } from './test/harness';
import { dataUrl, pngBytes } from './test/images';
import { type LocalS3, startLocalS3 } from './test/s3-server';
import { testDbKind } from './test/template-db';
import { queryRows } from './platform/sql-rows';

type Instance = { name: string; child: ChildProcess; url: string; exited: Promise<number | null> };

let ctx: TestContext;
let s3: LocalS3;
let workDir: string;
let eventsFile: string;
const instances: Instance[] = [];
let a: Instance;
let b: Instance;

/** A job taken by a dead instance is taken again after this (the survivor's poll comes on top). */
const LEASE_MS = 1500;

async function startInstance(name: string): Promise<Instance> {
  const dataDir = path.join(workDir, name);
  await mkdir(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/instance-process.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: ctx.database.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      TRUST_PROXY: 'true',
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_REGION: s3.settings.region,
      S3_FORCE_PATH_STYLE: 'true',
      TEST_EVENTS_FILE: eventsFile,
      TEST_JOB_LEASE_MS: String(LEASE_MS),
      TEST_JOB_POLL_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const parsed = JSON.parse(line) as { port?: number };
      if (parsed.port) resolve(parsed.port);
    });
    child.once('exit', (code) => reject(new Error(`l'instance ${name} s'est arrêtée au démarrage (code ${code})`)));
  });
  const instance = { name, child, url: `http://127.0.0.1:${port}`, exited };
  instances.push(instance);
  return instance;
}

beforeAll(async () => {
  if (testDbKind() !== 'postgres') return;
  ctx = await createTestContext();
  s3 = await startLocalS3();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'monpanier-instances-'));
  eventsFile = path.join(workDir, 'job-events.log');
  await writeFile(eventsFile, '');
  [a, b] = await Promise.all([startInstance('A'), startInstance('B')]);
});

afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
  await s3?.close();
  await ctx?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

let addressCounter = 0;
const nextIp = () => `10.77.${++addressCounter >> 8}.${addressCounter & 255}`;

type Call = { token?: string; body?: unknown; ip?: string };
async function call(instance: Instance, method: string, url: string, { token, body, ip }: Call = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip ?? '10.76.0.1' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${instance.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function register(instance: Instance, overrides: Record<string, unknown> = {}): Promise<LoginResponse & { password: string }> {
  const payload = newUserPayload(overrides);
  const res = await call(instance, 'POST', '/api/auth/register', { body: payload, ip: nextIp() });
  expect(res.status, res.text).toBe(201);
  const registered = res.json() as RegisterResponse;
  const verified = await call(instance, 'POST', '/api/auth/phone/verify', { token: registered.access_token, body: { code: registered.phone_verification.demo_code } });
  expect(verified.status, verified.text).toBe(200);
  return { ...registered, password: payload.password };
}

async function login(instance: Instance, email: string, password: string, ip = nextIp()): Promise<LoginResponse> {
  const res = await call(instance, 'POST', '/api/auth/login', { body: { email, password }, ip });
  expect(res.status, res.text).toBe(200);
  return res.json();
}

/** The lines the test job wrote: "<pid> start|end <job id>". */
async function jobEvents(): Promise<{ pid: number; step: string; id: number }[]> {
  return (await readFile(eventsFile, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, step, id] = line.split(' ');
      return { pid: Number(pid), step, id: Number(id) };
    });
}

const releaseFile = (name: string) => path.join(workDir, `release-${name}`);

describe.runIf(testDbKind() === 'postgres')('two API processes on one PostgreSQL and one S3 bucket (PostgreSQL only: PGlite is held by one process)', () => {
  it('an avatar uploaded through A is served by B, byte for byte', async () => {
    const user = await register(a, { avatar_url: dataUrl(await pngBytes(320, 320)) });
    const avatar = user.user.avatar_url!;
    expect(avatar).toMatch(/^\/uploads\//);
    const [fromA, fromB] = await Promise.all([fetch(`${a.url}${avatar}`), fetch(`${b.url}${avatar}`)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it('a price approved through A is shown by B within a second, though B had the old one in its cache', async () => {
    const [geant] = await ctx.db.select().from(stores).where(eq(stores.name, 'Géant CKdo'));
    // Both are established contributors: a newcomer's price would wait for corroboration instead.
    const owner = await register(a);
    await trustPersonOf(ctx.db, owner.user.id);
    const created = await call(a, 'POST', '/api/products', { token: owner.access_token, body: { name: `Lait multi-instance ${Date.now()}`, shop_id: geant.id, price: 1000 } });
    expect(created.status, created.text).toBe(201);
    const productId = created.json().product.id as string;
    const shownByB = async () => {
      const res = await call(b, 'GET', `/api/products/${productId}`);
      return (res.json().prices as { store_id: string; price: number }[]).find((p) => p.store_id === geant.id)?.price;
    };
    const contributor = await register(a);
    await trustPersonOf(ctx.db, contributor.user.id);
    const far = { latitude: geant.latitude + 0.03, longitude: geant.longitude };
    const held = await call(a, 'POST', '/api/prices/contribute', { token: contributor.access_token, body: { product_id: productId, store_id: geant.id, price: 1450, ...far } });
    expect(held.json().observation.status, held.text).toBe('held');
    const moderator = await login(a, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);

    expect(await shownByB()).toBe(1000); // now in B's catalogue cache, for 5 s unless B is told
    const approved = await call(a, 'POST', `/api/admin/price-observations/${held.json().observation.id}/approve`, { token: moderator.access_token, body: {} });
    expect(approved.status, approved.text).toBe(200);

    await expect.poll(shownByB, { timeout: 1000, interval: 20 }).toBe(1450);
  });

  it('a session opened on A works on B, and a logout on B ends it on A at once, banner included', async () => {
    const user = await register(a);
    const session = await login(a, user.user.email, user.password);
    expect((await call(b, 'GET', '/api/users/me', { token: session.access_token })).status).toBe(200);
    // A remembers whom this token names for its banner (the one read on every page).
    expect((await call(a, 'GET', '/api/ads/banner', { token: session.access_token })).status).toBe(200);

    expect((await call(b, 'POST', '/api/auth/logout', { token: session.access_token })).status).toBeLessThan(300);

    const me = await call(a, 'GET', '/api/users/me', { token: session.access_token });
    expect(me.status).toBe(401);
    await expect.poll(async () => (await call(a, 'GET', '/api/ads/banner', { token: session.access_token })).status, { timeout: 1000, interval: 20 }).toBe(401);
    // The account's other session is untouched.
    expect((await call(a, 'GET', '/api/ads/banner', { token: user.access_token })).status).toBe(200);
  });

  it('the sign-in limiter counts the failures made on both instances', async () => {
    const user = await register(a);
    const ip = nextIp();
    const wrong = { email: user.user.email, password: 'pas-le-bon-1' };
    for (let i = 0; i < 5; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/login', { body: wrong, ip });
      expect(res.status, `essai ${i + 1}`).toBe(401);
    }
    // Five failures from this address, split over A and B: both lock it out, even with the right password.
    for (const instance of [a, b]) {
      const res = await call(instance, 'POST', '/api/auth/login', { body: { email: user.user.email, password: user.password }, ip });
      expect(res.status, instance.name).toBe(429);
      expect(res.json().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    }
  });

  it('a job asked by both instances runs once', async () => {
    const release = releaseFile('once');
    await writeFile(release, '');
    const key = `both-${Date.now()}`;
    const asked = await Promise.all([a, b].map(async (instance) => (await call(instance, 'POST', '/test/jobs', { body: { key, release } })).json().added as boolean));
    expect(asked.filter(Boolean)).toHaveLength(1);
    const [job] = await queryRows<{ id: number }>(ctx.db, sql`select id from jobs where once_key = ${key}`);
    await expect.poll(async () => (await queryRows<{ status: string }>(ctx.db, sql`select status from jobs where id = ${job.id}`))[0]?.status, { timeout: 10_000 }).toBe('done');
    const steps = (await jobEvents()).filter((e) => e.id === job.id).map((e) => e.step);
    expect(steps).toEqual(['start', 'end']);
  });

  it('killing the instance in the middle of a job lets the other finish it', async () => {
    const release = releaseFile('kill');
    const key = `kill-${Date.now()}`;
    expect((await call(a, 'POST', '/test/jobs', { body: { key, release } })).json().added).toBe(true);
    const [job] = await queryRows<{ id: number }>(ctx.db, sql`select id from jobs where once_key = ${key}`);
    const started = async () => (await jobEvents()).filter((e) => e.id === job.id && e.step === 'start');
    await expect.poll(async () => (await started()).length, { timeout: 10_000 }).toBe(1);
    const runnerPid = (await started())[0].pid;
    const runner = instances.find((i) => i.child.pid === runnerPid)!;
    const survivor = runner === a ? b : a;

    // The runner renews its lease while the job runs: the other does not take it meanwhile.
    const leaseEnd = async () => new Date((await queryRows<{ locked_until: string }>(ctx.db, sql`select locked_until from jobs where id = ${job.id}`))[0].locked_until).getTime();
    const firstLease = await leaseEnd();
    await expect.poll(leaseEnd, { timeout: 5000, interval: 50 }).toBeGreaterThan(firstLease);
    expect(await started()).toHaveLength(1);

    runner.child.kill('SIGKILL');
    await runner.exited;
    await writeFile(release, '');

    await expect.poll(async () => (await queryRows<{ status: string }>(ctx.db, sql`select status from jobs where id = ${job.id}`))[0]?.status, { timeout: 15_000 }).toBe('done');
    const events = (await jobEvents()).filter((e) => e.id === job.id);
    expect(events.map((e) => [e.pid === runner.child.pid ? 'tué' : 'survivant', e.step])).toEqual([
      ['tué', 'start'],
      ['survivant', 'start'],
      ['survivant', 'end'],
    ]);
    const [row] = await queryRows<{ attempts: number; locked_by: string | null }>(ctx.db, sql`select attempts, locked_by from jobs where id = ${job.id}`);
    expect(row).toEqual({ attempts: 2, locked_by: null });
    // The survivor still answers for both.
    expect((await call(survivor, 'GET', '/api/ready')).json()).toEqual({ status: 'ready' });
    a = b = survivor;
  });

  it('SIGTERM: ready answers 503 at once, the job and the request in flight finish, then the process exits 0', async () => {
    const instance = a;
    const release = releaseFile('sigterm');
    const key = `sigterm-${Date.now()}`;
    expect((await call(instance, 'POST', '/test/jobs', { body: { key, release } })).json().added).toBe(true);
    const [job] = await queryRows<{ id: number }>(ctx.db, sql`select id from jobs where once_key = ${key}`);
    await expect.poll(async () => (await jobEvents()).some((e) => e.id === job.id && e.step === 'start'), { timeout: 10_000 }).toBe(true);
    const inFlight = call(instance, 'POST', '/test/wait', { body: { release } });

    instance.child.kill('SIGTERM');
    await expect.poll(async () => (await call(instance, 'GET', '/api/ready')).status, { timeout: 5000, interval: 20 }).toBe(503);
    const ready = await call(instance, 'GET', '/api/ready');
    expect(ready.json()).toEqual({ detail: fr.operations.shuttingDown, code: 'SHUTTING_DOWN' });
    expect((await call(instance, 'GET', '/api/health')).status).toBe(200);

    await writeFile(release, '');
    expect((await inFlight).json()).toEqual({ waited: true });
    expect(await instance.exited).toBe(0);
    expect((await jobEvents()).filter((e) => e.id === job.id).map((e) => e.step)).toEqual(['start', 'end']);
    expect((await queryRows<{ status: string }>(ctx.db, sql`select status from jobs where id = ${job.id}`))[0].status).toBe('done');
  });
});
