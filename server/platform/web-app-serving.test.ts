// The built web app as the API serves it: a client-side route answers index.html (compressed, always
// revalidated), hashed assets are cached for a year, the build's Brotli copies are sent as they are,
// and an unknown API or upload path stays a 404.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let distDir: string;
// Big enough to be compressed (the threshold is 1 kB), as the real page is.
const INDEX_HTML = `<!doctype html><html lang="fr"><head><style>${'.a{color:red}'.repeat(400)}</style></head><body><div id="root"></div></body></html>`;
const APP_JS = `export const words = [${'"panier",'.repeat(300)}];`;
// What the build writes beside them (precompress.config.ts): the server must send these bytes.
const INDEX_HTML_BR = brotliCompressSync(INDEX_HTML);
const APP_JS_BR = brotliCompressSync(APP_JS);

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'monpanier-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(distDir, 'index.html.br'), INDEX_HTML_BR);
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js.br'), APP_JS_BR);
  ctx = await createTestContext({ webDistDir: distDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('answers a client-side route with index.html, compressed and revalidated', async () => {
    for (const url of ['/products', '/shopping-lists/42/compare?x=1', '/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('sends the Brotli copy the build wrote, as it is, to a browser that accepts it', async () => {
    for (const [url, plain, compressed, type] of [
      ['/assets/app-abc123.js', APP_JS, APP_JS_BR, /javascript/],
      ['/products', INDEX_HTML, INDEX_HTML_BR, /^text\/html/],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(compressed), url).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(plain);
    }
  });

  it('caches the hashed assets for a year, and sends them plain to a client that accepts no encoding', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(APP_JS);
  });

  it('keeps unknown API and upload paths, and other methods, a 404 in French', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['GET', '/api'], ['GET', '/uploads/nope.jpg'], ['POST', '/products'], ['DELETE', '/nope']] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: fr.common.routeNotFound, code: 'ROUTE_NOT_FOUND' });
    }
  });
});
