// Uploaded files on the local disk and in an S3-compatible store (a local S3 server speaking the real
// protocol): what /uploads/* answers, two instances sharing one database and one bucket, the store
// down or refusing us, keys that try to leave the store, and the copy of local files into the bucket.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { buildApp } from '../app';
import { copyUploadsToStore } from '../cli/storage-copy';
import type { AppDeps } from '../deps';
import { bearer, createTestContext, detailOf, loginDemo, newUserPayload, nextTestIp, registerUser, type TestContext } from '../test/harness';
import { dataUrl, pngBytes } from '../test/images';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import { type FileStorage, IMMUTABLE_CACHE_CONTROL } from './storage';
import { localFileStorage } from './storage-local';
import { s3FileStorage } from './storage-s3';

let ctx: TestContext;
let s3: LocalS3;
/** Two instances of the app on the test database and one bucket, each with its own S3 client. */
let appA: FastifyInstance;
let appB: FastifyInstance;
let bucket: FileStorage;

async function appWith(storage: FileStorage): Promise<FastifyInstance> {
  const deps: AppDeps = { ...ctx.deps, storage };
  const app = await buildApp(deps);
  await app.ready();
  return app;
}

beforeAll(async () => {
  ctx = await createTestContext();
  s3 = await startLocalS3();
  bucket = s3FileStorage(s3.settings);
  appA = await appWith(s3FileStorage(s3.settings));
  appB = await appWith(s3FileStorage(s3.settings));
});

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  await s3?.close();
  await ctx?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

async function expectServedImage(res: LightMyRequestResponse, width: number) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers.etag).toMatch(/^"[^"]+"$/);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.format, meta.width]).toEqual(['webp', width]);
}

/** Revalidation by ETag and one byte range, as a browser and a video player ask. */
async function expectConditionalAndRange(app: FastifyInstance, url: string) {
  const full = await get(app, url);
  const again = await get(app, url, { 'if-none-match': full.headers.etag as string });
  expect([again.statusCode, again.rawPayload.length, again.headers['cache-control']]).toEqual([304, 0, IMMUTABLE_CACHE_CONTROL]);
  const part = await get(app, url, { range: 'bytes=0-9' });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 0-9/${full.rawPayload.length}`);
  expect(part.rawPayload).toEqual(full.rawPayload.subarray(0, 10));
  const beyond = await get(app, url, { range: `bytes=${full.rawPayload.length + 10}-` });
  expect(beyond.statusCode).toBe(416);
  const head = await app.inject({ method: 'HEAD', url });
  expect([head.statusCode, head.headers['content-length'], head.headers.etag, head.rawPayload.length]).toEqual([200, String(full.rawPayload.length), full.headers.etag, 0]);
}

describe('uploads in the S3 bucket', () => {
  it('an avatar uploaded through one instance lands in the bucket and is served by another', async () => {
    const user = await registerUser(appA, { avatar_url: dataUrl(await pngBytes(400, 300)) });
    const url = user.user.avatar_url!;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(await bucket.sizeOf(keyOf(url))).toBeGreaterThan(0);
    // Nothing on this machine's disk: B can only have it from the bucket.
    expect(await readdir(ctx.uploadsDir)).toEqual([]);

    await expectServedImage(await get(appB, url), 256);
    await expectConditionalAndRange(appB, url);
    const me = await appB.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.access_token) });
    expect(me.json().avatar_url).toBe(url);
  });

  it('putting the same content again keeps the same key and URL', async () => {
    const bytes = await pngBytes(320, 320);
    const first = await registerUser(appA, { avatar_url: dataUrl(bytes) });
    const second = await registerUser(appB, { avatar_url: dataUrl(bytes) });
    expect(second.user.avatar_url).toBe(first.user.avatar_url);
    expect((await get(appA, second.user.avatar_url!)).statusCode).toBe(200);
  });

  it('a file the bucket does not hold is a French 404', async () => {
    const res = await get(appB, '/uploads/avatars/0123456789abcdef0123456789abcdef.webp');
    expect([res.statusCode, detailOf(res)]).toEqual([404, fr.common.routeNotFound]);
  });

  it('the store down: the upload is a French 503, nothing saved is lost, files come back with the store', async () => {
    const user = await registerUser(appA, { avatar_url: dataUrl(await pngBytes(500, 500)) });
    const saved = user.user.avatar_url!;
    await s3.stop();
    try {
      const changed = await appA.inject({ method: 'PUT', url: '/api/users/me/avatar', headers: bearer(user.access_token), payload: { avatar_url: dataUrl(await pngBytes(640, 480)) } });
      expect([changed.statusCode, detailOf(changed)]).toEqual([503, fr.storage.unavailable]);
      expect(changed.body).not.toMatch(/ECONNREFUSED|at .*\.ts/);
      const payload = newUserPayload({ avatar_url: dataUrl(await pngBytes(200, 200)) });
      const newcomer = await appA.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: nextTestIp() });
      expect([newcomer.statusCode, detailOf(newcomer)]).toEqual([503, fr.storage.unavailable]);
      // No account half-made without its avatar.
      const login = await appA.inject({ method: 'POST', url: '/api/auth/login', payload: { email: payload.email, password: payload.password } });
      expect(login.statusCode).toBe(401);
      expect((await get(appB, saved)).statusCode).toBe(503);
    } finally {
      await s3.start();
    }
    const me = await appB.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.access_token) });
    expect(me.json().avatar_url).toBe(saved);
    await expectServedImage(await get(appB, saved), 256);
  });

  it('a store that refuses our credentials is a French 503 too', async () => {
    const denied = s3FileStorage({ ...s3.settings, secretAccessKey: 'pas-le-bon-secret' });
    await expect(denied.put('avatars/0123456789abcdef0123456789abcdef.webp', Buffer.from('x'))).rejects.toMatchObject({ status: 503, detail: fr.storage.unavailable });
    const app = await appWith(denied);
    try {
      const user = await registerUser(appA, {});
      const res = await app.inject({ method: 'PUT', url: '/api/users/me/avatar', headers: bearer(user.access_token), payload: { avatar_url: dataUrl(await pngBytes()) } });
      expect([res.statusCode, detailOf(res)]).toEqual([503, fr.storage.unavailable]);
    } finally {
      await app.close();
    }
  });

  it('with S3_PUBLIC_URL, /uploads/* sends the browser to the public bucket or CDN, which the page may load from', async () => {
    const app = await appWith(s3FileStorage({ ...s3.settings, publicUrl: 'https://cdn.monpanier.example/fichiers' }));
    try {
      const res = await get(app, '/uploads/avatars/0123456789abcdef0123456789abcdef.webp');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://cdn.monpanier.example/fichiers/avatars/0123456789abcdef0123456789abcdef.webp');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.monpanier\.example/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/cdn\.monpanier\.example/);
    } finally {
      await app.close();
    }
  });
});

describe('uploads on the local disk (the default)', () => {
  it('are served with the same headers, ETag revalidation and byte ranges', async () => {
    const user = await registerUser(ctx.app, { avatar_url: dataUrl(await pngBytes(300, 200)) });
    const url = user.user.avatar_url!;
    await expectServedImage(await get(ctx.app, url), 256);
    await expectConditionalAndRange(ctx.app, url);
    // The last bytes (the local S3 server gets these wrong, so they are checked here only).
    const full = await get(ctx.app, url);
    const tail = await get(ctx.app, url, { range: 'bytes=-4' });
    expect([tail.statusCode, tail.headers['content-range'], tail.rawPayload]).toEqual([206, `bytes ${full.rawPayload.length - 4}-${full.rawPayload.length - 1}/${full.rawPayload.length}`, full.rawPayload.subarray(-4)]);
  });
});

describe('keys that try to leave the store', () => {
  it('are refused by every store and never served', async () => {
    const local = await localFileStorage(ctx.uploadsDir);
    for (const key of ['avatars/../../package.json', '../x.webp', '/etc/passwd', 'avatars/.hidden.webp', 'avatars/a\\..\\b.webp', 'x.webp']) {
      await expect(local.put(key, Buffer.from('x'))).rejects.toThrow(/clé de stockage invalide/);
      await expect(bucket.put(key, Buffer.from('x'))).rejects.toThrow(/clé de stockage invalide/);
    }
    for (const url of ['/uploads/avatars/..%2F..%2Fpackage.json', '/uploads/..%2F..%2Fpackage.json', '/uploads/avatars/%2e%2e/%2e%2e/package.json', '/uploads/.env']) {
      for (const app of [ctx.app, appB]) {
        const res = await get(app, url);
        expect([url, res.statusCode]).toEqual([url, 404]);
      }
    }
  });
});

describe('npm run storage -- copy-to-s3', () => {
  it('copies the files uploaded on this machine into the bucket once, and rows keep their URLs', async () => {
    const moderator = await loginDemo(ctx.app, 'moderator');
    const consumer = await registerUser(ctx.app, { avatar_url: dataUrl(await pngBytes(350, 350)) });
    const avatar = consumer.user.avatar_url!;
    const photo = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/avatar', headers: bearer(moderator.access_token), payload: { avatar_url: dataUrl(await pngBytes(360, 240)) } });
    const local = await localFileStorage(ctx.uploadsDir);
    // What an interrupted write leaves: a hidden file, never copied.
    await writeFile(path.join(ctx.uploadsDir, 'avatars', '.abc.webp.1234.partial'), 'moitié');
    const localKeys = -1 + (await readdir(ctx.uploadsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    expect(await bucket.sizeOf(keyOf(avatar))).toBeNull();

    const dryRun = await copyUploadsToStore(ctx.uploadsDir, bucket, { dryRun: true });
    expect(dryRun.found).toBe(localKeys);
    expect(dryRun.ignored).toEqual(['avatars/.abc.webp.1234.partial']);
    expect(dryRun.copied).toBe(localKeys - dryRun.alreadyThere);
    expect(await bucket.sizeOf(keyOf(avatar))).toBeNull();

    const copied = await copyUploadsToStore(ctx.uploadsDir, bucket, { dryRun: false });
    expect(copied).toEqual(dryRun);
    expect(await bucket.sizeOf(keyOf(avatar))).toBe(await local.sizeOf(keyOf(avatar)));
    const again = await copyUploadsToStore(ctx.uploadsDir, bucket, { dryRun: false });
    expect([again.copied, again.alreadyThere]).toEqual([0, localKeys]);

    // The instances on the bucket now serve what was uploaded on the disk, under the same URLs.
    await expectServedImage(await get(appB, avatar), 256);
    expect((await get(appA, photo.json().avatar_url)).rawPayload).toEqual((await get(ctx.app, photo.json().avatar_url)).rawPayload);
  });
});
