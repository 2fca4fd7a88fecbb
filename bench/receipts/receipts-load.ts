// Speed and load of till receipts through the API (issue 29, item 5), as a shopper sends them: a
// fresh server (`server/main.ts` on an embedded PGlite database, bench/http-load.ts) reads the
// bench's phone photos one at a time through POST /api/prices/receipts (following a 202 with
// GET /api/prices/receipts/{id} until it is ready): reading time per photo, median and p95. Then
// cheap API routes (GET /api/health, the catalogue's first page) are polled alone (the baseline:
// 3 s before and 3 s after) and while 4 receipts are read at once by 4 accounts: their p95 against
// the baseline.
// Budgets: a photo median ≤ 6 s and p95 ≤ 15 s; the API's p95 during the 4 receipts ≤ 2× idle.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { documentUpload } from '../../server/test/multipart';
import { percentile, startBenchServer } from '../http-load';

const PORT = 3199;
const BASE = `http://127.0.0.1:${PORT}`;
const POLL_MS = 20;
const BASELINE_MS = 6000;
const CONCURRENT = 4;
/** Rounds of 4 concurrent receipts: enough polls for a p95. */
const ROUNDS = 2;
const BUDGET = { medianS: 6, p95S: 15, ratio: 2 };

export type LoadPhoto = { id: string; bytes: Buffer };
type Reading = { ms: number; status: string; lines: number; error?: string };

async function signedInAccount(n: number): Promise<string> {
  const payload = {
    email: `tickets-${Date.now()}-${n}@exemple.ga`,
    password: 'Okoume-Mayumba-42',
    full_name: `Compte Tickets ${n}`,
    phone: `+241 66 ${String(10 + n)} 21 31`,
    country_region: 'Gabon',
    user_type: 'consumer',
  };
  const res = await fetch(`${BASE}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  if (res.status !== 201) throw new Error(`inscription refusée : ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One receipt as the app sends it: the upload, then (after a 202) the receipt asked for until it is read. */
async function readReceipt(token: string, bytes: Buffer): Promise<Reading> {
  const start = performance.now();
  const upload = documentUpload(bytes, 'ticket.jpg', 'image/jpeg');
  const auth = { authorization: `Bearer ${token}` };
  const res = await fetch(`${BASE}/api/prices/receipts`, { method: 'POST', headers: { ...upload.headers, ...auth }, body: new Uint8Array(upload.payload) });
  let body = (await res.json().catch(() => ({}))) as { receipt_id?: string; status?: string; lines?: unknown[]; code?: string };
  if (res.status >= 400) return { ms: performance.now() - start, status: String(res.status), lines: 0, error: body.code };
  while (body.status === 'processing' && body.receipt_id) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await fetch(`${BASE}/api/prices/receipts/${body.receipt_id}`, { headers: auth });
    body = (await next.json()) as typeof body;
  }
  return { ms: performance.now() - start, status: body.status ?? '?', lines: body.lines?.length ?? 0 };
}

/** Polls the cheap routes in turn until `until` settles; answers each route's latencies (ms). */
async function pollApi(until: Promise<unknown>): Promise<{ health: number[]; catalogue: number[] }> {
  let finished = false;
  void until.finally(() => (finished = true));
  const out = { health: [] as number[], catalogue: [] as number[] };
  for (let i = 0; !finished; i++) {
    const catalogue = i % 2 === 1;
    const start = performance.now();
    await fetch(`${BASE}${catalogue ? '/api/products?page=1' : '/api/health'}`).then((r) => r.arrayBuffer());
    (catalogue ? out.catalogue : out.health).push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return out;
}

const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const summary = (values: number[]) => {
  const sorted = sortedOf(values);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? 0 };
};
const secs = (ms: number) => (ms / 1000).toFixed(2);
const verdict = (ok: boolean) => (ok ? 'OK' : 'HORS BUDGET');

export async function measureReceiptsLoad(photos: LoadPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  console.log(`\nVitesse et charge par l'API (serveur neuf sur PGlite, POST /api/prices/receipts, ${photos.length} photos)…`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-receipts-'));
  const server = await startBenchServer(PORT, undefined, dataDir, { startTimeoutS: 240 });
  try {
    const reader = await signedInAccount(0);
    const shoppers: string[] = [];
    for (let n = 1; n <= CONCURRENT; n++) shoppers.push(await signedInAccount(n));

    // The OCR workers start on first use: their start is not a receipt's reading time.
    await readReceipt(shoppers[0], photos[0].bytes);

    const alone: Reading[] = [];
    for (const photo of photos) alone.push(await readReceipt(reader, photo.bytes));

    // Idle before and after the concurrent receipts: the machine's own noise counts on both sides.
    const before = await pollApi(new Promise((resolve) => setTimeout(resolve, BASELINE_MS / 2)));
    const together: Reading[] = [];
    const rounds = (async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // Other photos each round: an account sending the same file again gets its reading back unread.
        const batch = shoppers.map((token, k) => readReceipt(token, photos[(round * CONCURRENT + k + 1) % photos.length].bytes));
        together.push(...(await Promise.all(batch)));
      }
    })();
    const during = await pollApi(rounds);
    await rounds;
    // Readings answered 202 may still be kept (proof, store): let them end before the second idle window.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await pollApi(new Promise((resolve) => setTimeout(resolve, BASELINE_MS / 2)));
    const baseline = { health: [...before.health, ...after.health], catalogue: [...before.catalogue, ...after.catalogue] };

    const failed = [...alone, ...together].filter((r) => r.status !== 'ready');
    const aloneMs = sortedOf(alone.map((r) => r.ms));
    const togetherMs = sortedOf(together.map((r) => r.ms));
    const median = percentile(aloneMs, 50);
    const p95 = percentile(aloneMs, 95);
    console.log(`\nLecture d'une photo de ticket par l'API, une à la fois (envoi → ticket lu) :`);
    console.log(`  ${alone.length} photos : médiane ${secs(median)} s, p95 ${secs(p95)} s, max ${secs(aloneMs[aloneMs.length - 1])} s (budget médiane ≤ ${BUDGET.medianS} s, p95 ≤ ${BUDGET.p95S} s) — ${verdict(median <= BUDGET.medianS * 1000 && p95 <= BUDGET.p95S * 1000)}`);
    console.log(`  ${CONCURRENT} tickets à la fois (${ROUNDS} séries) : médiane ${secs(percentile(togetherMs, 50))} s, max ${secs(togetherMs[togetherMs.length - 1])} s par ticket`);
    if (failed.length > 0) console.log(`  non lus : ${failed.map((r) => `${r.status}${r.error ? ` ${r.error}` : ''}`).join(', ')}`);

    console.log(`\nAPI pendant ${CONCURRENT} tickets lus en même temps (ms)   appels      p50      p95      max`);
    const row = (label: string, values: number[]) => {
      const s = summary(values);
      return `  ${label.padEnd(44)} ${String(s.n).padStart(5)} ${s.p50.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${s.max.toFixed(1).padStart(8)}`;
    };
    for (const [route, key] of [['GET /api/health', 'health'], ['GET /api/products?page=1', 'catalogue']] as const) {
      console.log(row(`${route}, seul (référence)`, baseline[key]));
      console.log(row(`${route}, pendant`, during[key]));
    }
    for (const [route, key] of [['GET /api/health', 'health'], ['GET /api/products?page=1', 'catalogue']] as const) {
      const ratio = summary(during[key]).p95 / Math.max(summary(baseline[key]).p95, 0.1);
      console.log(`  p95 pendant / au repos, ${route} : ×${ratio.toFixed(2)} (budget ≤ ×${BUDGET.ratio}) — ${verdict(ratio <= BUDGET.ratio)}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}
