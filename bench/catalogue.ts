// Catalogue benchmark (issues 3 and 17): with 20,000 products, 150 stores and 500,000 price
// observations, GET /api/products?search=… and GET /api/products/{id} are loaded with autocannon
// (20 connections) against the real server in a child process, next to a trivial Fastify route of the
// same server (/api/health, measured before and after the cases: the mean is the reference). On
// PostgreSQL, then on PGlite (the default database).
//
// And the same reads without the API: the SQL the server runs for each request (the read functions
// of server/features/products/catalogue-reads.ts, which return the answer's JSON), with the same keys
// drawn the same way, 20 at a time, for the same time, without HTTP and without the read cache:
//   - PostgreSQL: through a plain node-postgres pool of 20 connections, in this process;
//   - PGlite: the database opened in this process while the server is stopped (a PGlite database
//     belongs to one process), the nearest equivalent: its queries run one at a time anyway.
// That is what the database alone can do: where it is the limit, the API should come close to it.
// The machine is shared and noisy: each case runs API, SQL, SQL, API (BENCH_CATALOGUE_SECONDS each,
// 10 s, after 2 s of warm-up) and each side is the mean of its two runs.
//
// Budgets: p95 under 50 ms, and at least 30 % of the trivial route's throughput — or, where the SQL
// alone does not reach 30 % (the database is the limit), at least 65 % of the SQL's throughput.
//   npm run bench -- catalogue   (BENCH_PG_URL: admin connection, default postgres@127.0.0.1;
//     BENCH_CATALOGUE_DATABASES=postgres or pglite: only one; BENCH_CATALOGUE_CASES=cold,Zipf: only the
//     cases whose name holds one of these words; the PGlite database is generated once under
//     bench/data/catalogue-pglite and kept)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { ProductListQuerySchema } from '../contract/products';
import { type Db, openDatabase } from '../server/db/client';
import { readProductDetail } from '../server/features/products/catalogue-reads';
import { cataloguePageRead } from '../server/features/products/products.service';
import { queryRows } from '../server/platform/sql-rows';
import { prepareBenchDatabase, preparePgliteBenchDir } from './catalogue-data';
import { zipfDraws } from './zipf';
import { BENCH_ADMIN_URL, type LoadResult, measureLoad, percentile, startBenchServer } from './http-load';

const PG_DB_NAME = 'mp_cat_bench';
const PGLITE_DIR = path.resolve('bench/data/catalogue-pglite');
const PORT = 3197;
const DURATION_S = Number(process.env.BENCH_CATALOGUE_SECONDS ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = 20;
const BUDGET = { p95Ms: 50, throughputShare: 0.3, shareOfSql: 0.65 };

/** What people type in the catalogue search box: single words, several words, accents or not. */
const SEARCHES = ['lait', 'creme fraiche', 'huile de palme', 'riz parfumé', 'savon', 'Sardines', 'café moulu', 'biere', 'poulet fumé', 'confiture'];
const TYPOS = ['crme', 'huille', 'sardnes', 'chocolt'];

type DatabaseKind = 'postgres' | 'pglite';
type Case = { name: string; paths: string[] };
type CaseResult = { name: string; api: LoadResult; sql?: LoadResult };

const searchPath = (s: string) => `/api/products?search=${encodeURIComponent(s)}&limit=6&page=1`;
const productPath = (id: string) => `/api/products/${id}`;

/**
 * Product ids, and distinct searches that each find a few products: a word of the name, the brand
 * and the size ("Crème Président 120"), or two words of the name and the size.
 */
async function sampleProducts(db: Db): Promise<{ ids: string[]; searches: string[] }> {
  const rows = await queryRows<{ id: string; name: string; brand: string | null }>(db, sql`select id, name, brand from products order by md5(id::text)`);
  const searches = new Set<string>();
  for (const r of rows) {
    const words = r.name.split(/[\s,]+/).filter(Boolean);
    const size = words.find((w) => /^\d+$/.test(w)) ?? '';
    searches.add([words[0], r.brand?.split(' ')[0] ?? '', size].join(' ').trim());
    searches.add([words[0], words[1], size].join(' ').trim());
  }
  return { ids: rows.map((r) => r.id), searches: [...searches] };
}

const ZIPF_DRAWS = 100_000;
const ZIPF_SEED = 42;

// "hot": the same few requests again and again, mostly answered by the read cache;
// "cold": tens of thousands of distinct requests, so the database answers nearly all of them
// (random picks among so many rarely repeat while an answer is cached);
// "Zipf": the same tens of thousands, but drawn as real traffic is, a few popular and a long tail.
function casesOf(ids: string[], searches: string[]): Case[] {
  return [
    { name: 'search, hot: 10 common searches', paths: SEARCHES.map(searchPath) },
    { name: `search, cold: ${searches.length} distinct searches`, paths: searches.map(searchPath) },
    { name: `search, Zipf: ${searches.length} searches, popularity ∝ 1/rank`, paths: zipfDraws(searches.map(searchPath), ZIPF_DRAWS, ZIPF_SEED) },
    { name: 'GET /api/products/{id}, hot: 200 products', paths: ids.slice(0, 200).map(productPath) },
    { name: `GET /api/products/{id}, cold: ${ids.length} products`, paths: ids.map(productPath) },
    { name: `GET /api/products/{id}, Zipf: ${ids.length} products, popularity ∝ 1/rank`, paths: zipfDraws(ids.map(productPath), ZIPF_DRAWS, ZIPF_SEED) },
    { name: 'search, typos (fuzzy fallback), hot', paths: TYPOS.map(searchPath) },
    { name: 'catalogue without search, page 40', paths: ['/api/products?limit=6&page=40', '/api/products?limit=6&page=40&sort=recent'] },
  ];
}

/** Each request picks its path at random, so the connections do not walk the list in step. */
function loadApi(name: string, paths: string[]): Promise<LoadResult> {
  return measureLoad({
    name,
    port: PORT,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    requests: [{ method: 'GET', path: paths[0], setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)] }) }],
  });
}

/** The read the server runs for a path of these cases (GET /api/products or /api/products/{id}), without its cache. */
function sqlReadOf(pathAndQuery: string): (db: Db, now: Date) => Promise<unknown> {
  const url = new URL(pathAndQuery, 'http://bench');
  const id = /^\/api\/products\/([^/]+)$/.exec(url.pathname)?.[1];
  if (id) return (db, now) => readProductDetail(db, id, now);
  return cataloguePageRead(ProductListQuerySchema.parse(Object.fromEntries(url.searchParams))).read;
}

/** The reads of `paths`, CONNECTIONS at a time, each picking its path at random as autocannon's connections do. */
async function loadSql(name: string, db: Db, paths: string[]): Promise<LoadResult> {
  const reads = new Map<string, (db: Db, now: Date) => Promise<unknown>>();
  const readOf = (p: string) => reads.get(p) ?? reads.set(p, sqlReadOf(p)).get(p)!;
  for (const p of new Set(paths)) readOf(p);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const countFrom = started + WARMUP_S * 1000;
  const end = countFrom + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const read = readOf(paths[Math.floor(Math.random() * paths.length)]);
        const t0 = performance.now();
        try {
          await read(db, new Date());
        } catch {
          errors += 1;
        }
        if (t0 >= countFrom) latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { name, requests: latencies.length, rps: latencies.length / DURATION_S, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), errors };
}

async function openSqlDatabase(kind: DatabaseKind, databaseUrl: string | undefined): Promise<{ db: Db; close: () => Promise<void> }> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: path.join(PGLITE_DIR, 'db') });
  return openDatabase({ kind: 'postgres', url: databaseUrl!, poolSize: CONNECTIONS });
}

/** Two runs of a case (or of the trivial route) as one: requests added up over twice the time; latencies of the slower run. */
function mean(a: LoadResult, b: LoadResult): LoadResult {
  const worse = a.p95 >= b.p95 ? a : b;
  return { ...worse, requests: a.requests + b.requests, rps: (a.rps + b.rps) / 2, errors: a.errors + b.errors };
}

const WANTED_CASES = process.env.BENCH_CATALOGUE_CASES?.split(',').map((s) => s.trim()).filter(Boolean);
const isWanted = (c: Case) => !WANTED_CASES || WANTED_CASES.some((word) => c.name.includes(word));

type Run = { baseline: LoadResult[]; results: CaseResult[]; load: number[] };

async function runOn(kind: DatabaseKind): Promise<Run> {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const databaseUrl = kind === 'postgres' ? await prepareBenchDatabase(BENCH_ADMIN_URL, PG_DB_NAME) : undefined;
  if (kind === 'pglite') await preparePgliteBenchDir(PGLITE_DIR);
  const sampling = await openSqlDatabase(kind, databaseUrl);
  const { ids, searches } = await sampleProducts(sampling.db);
  await sampling.close();
  const cases = casesOf(ids, searches).filter(isWanted);
  const load: number[] = [];
  const baseline: LoadResult[] = [];

  // Each case through the API (the trivial route before and after), then as SQL alone.
  const apiPhase = async (): Promise<LoadResult[]> => {
    console.log(`${label} : API (serveur dans un processus à part)…`);
    const dataDir = kind === 'pglite' ? PGLITE_DIR : await mkdtemp(path.join(os.tmpdir(), 'mp-bench-catalogue-'));
    const server = await startBenchServer(PORT, databaseUrl, dataDir, { startTimeoutS: 300 });
    const results: LoadResult[] = [];
    try {
      // Warm up the routes (connection pool, unaccent dictionary of each connection) before measuring.
      for (const p of [...SEARCHES.map(searchPath), productPath(ids[0]), '/api/health']) await fetch(`http://127.0.0.1:${PORT}${p}`);
      baseline.push(await loadApi('GET /api/health', ['/api/health']));
      for (const c of cases) {
        load.push(os.loadavg()[0]);
        results.push(await loadApi(c.name, c.paths));
      }
      baseline.push(await loadApi('GET /api/health', ['/api/health']));
    } finally {
      // Let the last in-flight requests finish before stopping the server.
      await new Promise((r) => setTimeout(r, 1000));
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      if (kind === 'postgres') await rm(dataDir, { recursive: true, force: true });
    }
    return results;
  };
  const sqlPhase = async (): Promise<LoadResult[]> => {
    console.log(`${label} : le même SQL, sans l'API…`);
    const database = await openSqlDatabase(kind, databaseUrl);
    const results: LoadResult[] = [];
    try {
      for (const c of cases) {
        load.push(os.loadavg()[0]);
        results.push(await loadSql(c.name, database.db, c.paths));
      }
    } finally {
      await database.close();
    }
    return results;
  };

  // API, SQL, SQL, API: a machine getting busier or calmer weighs on both sides alike.
  const api1 = await apiPhase();
  const sql1 = await sqlPhase();
  const sql2 = await sqlPhase();
  const api2 = await apiPhase();
  const results = cases.map((c, i) => ({ name: c.name, api: mean(api1[i], api2[i]), sql: mean(sql1[i], sql2[i]) }));
  return { baseline, results, load };
}

// ---------------------------------------------------------------- report

const num = (n: number, width = 8) => n.toFixed(n >= 100 ? 0 : 1).padStart(width);
const pct = (n: number) => `${(n * 100).toFixed(0)} %`.padStart(6);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function report(kind: DatabaseKind, { baseline, results, load }: Run): boolean {
  const bare = baseline.reduce((sum, b) => sum + b.rps, 0) / baseline.length;
  console.log(
    `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — chaque cas 2 × ${DURATION_S} s par l'API et 2 × ${DURATION_S} s en SQL seul (API, SQL, SQL, API ; ${WARMUP_S} s de chauffe chaque fois), ${CONNECTIONS} requêtes à la fois, serveur, base et autocannon sur la même machine (${os.cpus().length} cœurs)`,
  );
  console.log(`Route triviale : ${baseline.map((b) => num(b.rps, 0).trim()).join(', ')} req/s (avant et après chaque passage par l'API) ; référence ${num(bare, 0).trim()} req/s, p95 ${Math.max(...baseline.map((b) => b.p95)).toFixed(1)} ms`);
  console.log(
    `${'cas'.padEnd(64)} ${'req/s'.padStart(8)} ${'p95 ms'.padStart(7)} ${'part'.padStart(6)} │ ${'SQL req/s'.padStart(9)} ${'p95 ms'.padStart(7)} ${'part'.padStart(6)} │ ${'API/SQL'.padStart(7)} │ p95 part API/SQL  budget`,
  );
  let allOk = true;
  for (const { name, api, sql } of results) {
    const share = api.rps / bare;
    const sqlShare = (sql?.rps ?? 0) / bare;
    const ofSql = sql ? api.rps / sql.rps : 0;
    const p95Ok = api.p95 < BUDGET.p95Ms && api.errors === 0;
    const shareOk = share >= BUDGET.throughputShare;
    const databaseIsLimit = sqlShare < BUDGET.throughputShare;
    const ofSqlOk = ofSql >= BUDGET.shareOfSql;
    const ok = p95Ok && (shareOk || (databaseIsLimit && ofSqlOk));
    allOk &&= ok;
    console.log(
      `${name.padEnd(64)} ${num(api.rps)} ${num(api.p95, 7)} ${pct(share)} │ ${num(sql?.rps ?? 0, 9)} ${num(sql?.p95 ?? 0, 7)} ${pct(sqlShare)} │ ${pct(ofSql).padStart(7)} │  ${mark(p95Ok)}   ${mark(shareOk)}    ${databaseIsLimit ? mark(ofSqlOk) : '—'}      ${ok ? '✓' : '✗ HORS BUDGET'}${api.errors ? ` (${api.errors} erreurs)` : ''}`,
    );
  }
  console.log(`Charge de la machine (load average sur 1 min) pendant les mesures : de ${Math.min(...load).toFixed(1)} à ${Math.max(...load).toFixed(1)}`);
  return allOk;
}

export async function run(): Promise<void> {
  const wanted = (process.env.BENCH_CATALOGUE_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim()) as DatabaseKind[];
  const reports: [DatabaseKind, Run][] = [];
  for (const kind of wanted) reports.push([kind, await runOn(kind)]);
  console.log('\n=== Résumé ===');
  let allOk = true;
  for (const [kind, result] of reports) allOk = report(kind, result) && allOk;
  console.log(
    `\nBudget : p95 < ${BUDGET.p95Ms} ms, et au moins ${BUDGET.throughputShare * 100} % du débit de la route triviale — ou, quand le SQL seul n'y arrive pas` +
      ` (la base est la limite), au moins ${BUDGET.shareOfSql * 100} % du débit du SQL seul (mêmes clés, même concurrence, sans HTTP ni cache).`,
  );
  console.log(allOk ? 'Tous les cas tiennent le budget.' : 'Des cas sont hors budget.');
}
