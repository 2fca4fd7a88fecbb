// Catalogue benchmark (issue 3): on PostgreSQL with 20,000 products, 150 stores and 500,000 price
// observations, GET /api/products?search=… and GET /api/products/{id} are loaded with autocannon
// (20 s, 20 connections each) against the real server in a child process, next to a trivial Fastify
// route of the same server (/api/health) measured in the same run.
// Budget: p95 under 50 ms and at least 30 % of the trivial route's throughput.
//   npm run bench -- catalogue          (BENCH_PG_URL: admin connection, default postgres@127.0.0.1)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { seededRandom } from '../server/platform/random';
import { prepareBenchDatabase } from './catalogue-data';
import { BENCH_ADMIN_URL, type LoadResult, measureLoad, startBenchServer } from './http-load';

const DB_NAME = 'mp_cat_bench';
const PORT = 3197;
const DURATION_S = 20;
const CONNECTIONS = 20;
const BUDGET = { p95Ms: 50, throughputShare: 0.3 };

/** What people type in the catalogue search box: single words, several words, accents or not. */
const SEARCHES = ['lait', 'creme fraiche', 'huile de palme', 'riz parfumé', 'savon', 'Sardines', 'café moulu', 'biere', 'poulet fumé', 'confiture'];
const TYPOS = ['crme', 'huille', 'sardnes', 'chocolt'];

type Result = LoadResult;


function load(name: string, paths: string[]): Promise<Result> {
  return measureLoad({
    name,
    port: PORT,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    // Each request picks its path at random, so the connections do not walk the list in step.
    requests: [{ method: 'GET', path: paths[0], setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)] }) }],
  });
}


/**
 * Product ids, and distinct searches that each find a few products: a word of the name, the brand
 * and the size ("Crème Président 120"), or two words of the name and the size.
 */
async function sampleProducts(databaseUrl: string): Promise<{ ids: string[]; searches: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string; name: string; brand: string | null }>('select id, name, brand from products order by md5(id::text)');
  await client.end();
  const searches = new Set<string>();
  for (const r of rows) {
    const words = r.name.split(/[\s,]+/).filter(Boolean);
    const size = words.find((w) => /^\d+$/.test(w)) ?? '';
    searches.add([words[0], r.brand?.split(' ')[0] ?? '', size].join(' ').trim());
    searches.add([words[0], words[1], size].join(' ').trim());
  }
  return { ids: rows.map((r) => r.id), searches: [...searches] };
}

const fmt = (n: number) => n.toFixed(1).padStart(8);

/**
 * 100,000 draws from `items` where the item of rank k (its place in the list) comes with
 * probability ∝ 1/k (Zipf's law, s = 1): the usual shape of search and product-page popularity.
 * Seeded, so every run replays the same traffic.
 */
function zipfDraws<T>(items: T[], draws = 100_000): T[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= items.length; k++) cumulative.push((total += 1 / k));
  const random = seededRandom(42);
  return Array.from({ length: draws }, () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  });
}

export async function run(): Promise<void> {
  const databaseUrl = await prepareBenchDatabase(BENCH_ADMIN_URL, DB_NAME);
  const { ids, searches } = await sampleProducts(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-catalogue-'));
  const server = await startBenchServer(PORT, databaseUrl, dataDir);
  try {
    const searchPath = (s: string) => `/api/products?search=${encodeURIComponent(s)}&limit=6&page=1`;
    // Warm up the routes (connection pool, unaccent dictionary of each connection) before measuring.
    for (const p of [...SEARCHES.map(searchPath), `/api/products/${ids[0]}`, '/api/health']) await fetch(`http://127.0.0.1:${PORT}${p}`);

    // "hot": the same few requests again and again, mostly answered by the 5 s read cache;
    // "cold": tens of thousands of distinct requests, so the database answers nearly all of them
    // (random picks among so many rarely repeat within the cache's 5 s);
    // "Zipf": the same tens of thousands, but drawn as real traffic is, a few popular and a long tail.
    const results: Result[] = [];
    results.push(await load('trivial route GET /api/health (baseline)', ['/api/health']));
    results.push(await load('search, hot: 10 common searches', SEARCHES.map(searchPath)));
    results.push(await load(`search, cold: ${searches.length} distinct searches`, searches.map(searchPath)));
    results.push(await load(`search, Zipf: ${searches.length} searches, popularity ∝ 1/rank`, zipfDraws(searches.map(searchPath))));
    results.push(await load('GET /api/products/{id}, hot: 200 products', ids.slice(0, 200).map((id) => `/api/products/${id}`)));
    results.push(await load(`GET /api/products/{id}, cold: ${ids.length} products`, ids.map((id) => `/api/products/${id}`)));
    results.push(await load(`GET /api/products/{id}, Zipf: ${ids.length} products, popularity ∝ 1/rank`, zipfDraws(ids.map((id) => `/api/products/${id}`))));
    results.push(await load('search, typos (fuzzy fallback), hot', TYPOS.map(searchPath)));
    results.push(await load('catalogue without search, page 40', ['/api/products?limit=6&page=40', '/api/products?limit=6&page=40&sort=recent']));

    const baseline = results[0].rps;
    console.log(`\n${DURATION_S} s × ${CONNECTIONS} connexions par cas, serveur et autocannon sur la même machine (${os.cpus().length} cœurs)\n`);
    console.log(`${'cas'.padEnd(62)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'part'.padStart(7)} erreurs  budget`);
    for (const r of results) {
      const share = r.rps / baseline;
      const isBaseline = r === results[0];
      const ok = r.p95 < BUDGET.p95Ms && share >= BUDGET.throughputShare && r.errors === 0;
      console.log(
        `${r.name.padEnd(62)} ${fmt(r.rps)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)} ${`${(share * 100).toFixed(0)} %`.padStart(7)} ${String(r.errors).padStart(7)}  ${isBaseline ? '—' : ok ? 'OK' : 'HORS BUDGET'}`,
      );
    }
    console.log(`\nBudget : p95 < ${BUDGET.p95Ms} ms et au moins ${BUDGET.throughputShare * 100} % du débit de la route triviale.`);
    console.log(`Charge de la machine pendant la mesure (load average) : ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    // Let the last in-flight requests finish before stopping the server.
    await new Promise((r) => setTimeout(r, 1000));
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}
