// Scale-out benchmark (issue 16): the catalogue and the optimiser under load, served by one API
// process and then by two (`server/main.ts` twice, on one PostgreSQL database, each with its own
// DATA_DIR, as behind a load balancer), side by side with the ratio. autocannon spreads its
// connections over the instances in turn (its URL list: the round robin of a load balancer).
// Database: the catalogue benchmark's (20,000 products, 150 stores, 500,000 prices; bench/catalogue-
// data.ts, generated once then reused). Both instances run throughout (the idle one costs nothing
// measurable); each case is measured on one, on two, on two, on one (ABBA, so that a machine getting
// busier or calmer during the run weighs on both alike), BENCH_SCALE_SECONDS each (10 s) after 2 s
// of warm-up, and each side is the mean of its two runs.
//   - GET /api/health: the trivial route, the ceiling of the HTTP stack on this machine;
//   - catalogue: searches and product pages drawn as real traffic is (Zipf: a few popular, a long
//     tail), the hot path of the 5 s read cache and of the database;
//   - optimiser: POST /api/shopping/optimize of 12-item lists (products priced in many stores) from
//     Libreville, signed in as the demo consumer: the exact solver, then a cart written.
// Everything — PostgreSQL, the instances and autocannon — shares this machine's cores: the ratio
// says how much a second process gains when the cores are the limit, not what a second machine
// would.
//   npm run bench -- scale          (BENCH_PG_URL: admin connection, default postgres@127.0.0.1)
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../contract/demo';
import { seededRandom } from '../server/platform/random';
import { zipfDraws } from './zipf';
import { prepareBenchDatabase } from './catalogue-data';
import { BENCH_ADMIN_URL, type LoadResult, measureLoad, startBenchServer } from './http-load';

const DB_NAME = 'mp_cat_bench';
const PORTS = [3198, 3199];
const DURATION_S = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
/** Instances per run, in this order (ABBA). */
const ROUNDS = [1, 2, 2, 1];
const WARMUP_S = 2;
const CONNECTIONS = 20;
const LIST_ITEMS = 12;
const LISTS = 60;
const LIBREVILLE = { user_latitude: 0.41, user_longitude: 9.46 };

type Case = { name: string; connections: number; requests: () => autocannon.Request[] };


/** A request that takes its path (and body) from `pick`, one draw per request. */
function drawn(method: 'GET' | 'POST', pick: () => { path: string; body?: string }, headers: Record<string, string> = {}): autocannon.Request[] {
  const first = pick();
  return [
    {
      method,
      path: first.path,
      headers,
      setupRequest: ((request: autocannon.Request) => ({ ...request, ...pick() })) as never,
    },
  ];
}

/** Searches and product ids from the bench database; products priced in many stores for the lists. */
async function sample(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const products = (await client.query<{ id: string; name: string }>('select id, name from products order by md5(id::text)')).rows;
  const wellPriced = (
    await client.query<{ product_id: string }>(
      'select product_id from current_prices group by product_id having count(*) >= 10 order by md5(product_id::text) limit 400',
    )
  ).rows.map((r) => r.product_id);
  await client.end();
  const searches = [...new Set(products.map((p) => p.name.split(/\s+/).slice(0, 2).join(' ')))];
  const random = seededRandom(7);
  const lists = Array.from({ length: LISTS }, () =>
    JSON.stringify({
      items: Array.from({ length: LIST_ITEMS }, () => ({ product_id: wellPriced[Math.floor(random() * wellPriced.length)], quantity: 1 + Math.floor(random() * 3) })).filter(
        (item, i, all) => all.findIndex((other) => other.product_id === item.product_id) === i,
      ),
      ...LIBREVILLE,
    }),
  );
  return { ids: products.map((p) => p.id), searches, lists };
}

async function signIn(port: number): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.consumer;
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`connexion du compte de démonstration refusée (${res.status})`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function stop(servers: ChildProcess[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }),
  );
}

const fmt = (n: number, width = 8) => n.toFixed(1).padStart(width);

type Mean = { rps: number; p50: number; p95: number; errors: number };
/** The mean of a side's runs (errors: their sum). */
function mean(results: LoadResult[]): Mean {
  const average = (pick: (r: LoadResult) => number) => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  return { rps: average((r) => r.rps), p50: average((r) => r.p50), p95: average((r) => r.p95), errors: results.reduce((sum, r) => sum + r.errors, 0) };
}

export async function run(): Promise<void> {
  const loadAtStart = os.loadavg()[0].toFixed(1);
  const databaseUrl = await prepareBenchDatabase(BENCH_ADMIN_URL, DB_NAME);
  const { ids, searches, lists } = await sample(databaseUrl);
  const dataDirs = await Promise.all(PORTS.map((port) => mkdtemp(path.join(os.tmpdir(), `mp-bench-scale-${port}-`))));
  const searchPaths = zipfDraws(searches, 100_000, 1).map((s) => `/api/products?search=${encodeURIComponent(s)}&limit=6&page=1`);
  const detailPaths = zipfDraws(ids, 100_000, 2).map((id) => `/api/products/${id}`);
  let token = '';
  let next = 0;
  const cycle = <T>(items: T[]) => () => items[next++ % items.length];
  const cases: Case[] = [
    { name: 'GET /api/health (route triviale)', connections: CONNECTIONS, requests: () => drawn('GET', () => ({ path: '/api/health' })) },
    {
      name: `catalogue : recherche, ${searches.length} recherches (Zipf)`,
      connections: CONNECTIONS,
      requests: () => drawn('GET', () => ({ path: cycle(searchPaths)() })),
    },
    { name: `catalogue : fiche produit, ${ids.length} produits (Zipf)`, connections: CONNECTIONS, requests: () => drawn('GET', () => ({ path: cycle(detailPaths)() })) },
    {
      name: `optimiseur : listes de ${LIST_ITEMS} articles, 150 magasins`,
      connections: CONNECTIONS,
      requests: () => drawn('POST', () => ({ path: '/api/shopping/optimize', body: cycle(lists)() }), { 'content-type': 'application/json', authorization: `Bearer ${token}` }),
    },
  ];

  const runs = new Map<string, Map<number, LoadResult[]>>();
  const servers = await Promise.all(PORTS.map((port, i) => startBenchServer(port, databaseUrl, dataDirs[i])));
  try {
    token = await signIn(PORTS[0]);
    for (const port of PORTS) for (const p of ['/api/health', searchPaths[0], detailPaths[0]]) await fetch(`http://127.0.0.1:${port}${p}`);
    for (const benchCase of cases) {
      const byCount = new Map<number, LoadResult[]>();
      runs.set(benchCase.name, byCount);
      for (const count of ROUNDS) {
        const result = await measureLoad({
          name: benchCase.name,
          port: PORTS[0],
          ports: PORTS.slice(0, count),
          connections: benchCase.connections,
          durationS: DURATION_S,
          warmupS: WARMUP_S,
          requests: benchCase.requests(),
        });
        byCount.set(count, [...(byCount.get(count) ?? []), result]);
        console.log(`${count} instance(s) · ${benchCase.name} : ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, ${result.errors} erreur(s)`);
      }
    }
  } finally {
    await stop(servers);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }

  console.log(
    `\n${DURATION_S} s × ${CONNECTIONS} connexions par mesure (après ${WARMUP_S} s de chauffe), deux mesures par côté (ordre 1, 2, 2, 1), moyenne ; ` +
      `PostgreSQL, les instances et autocannon sur la même machine (${os.cpus().length} cœurs ; charge au départ ${loadAtStart})\n`,
  );
  console.log(`${'cas'.padEnd(52)} ${'1 instance'.padStart(26)} ${'2 instances'.padStart(26)}   ${'rapport'.padStart(7)}`);
  console.log(`${''.padEnd(52)} ${'req/s   p50 ms   p95 ms'.padStart(26)} ${'req/s   p50 ms   p95 ms'.padStart(26)}   ${'débit'.padStart(7)}`);
  for (const [name, byCount] of runs) {
    const [one, two] = [mean(byCount.get(1)!), mean(byCount.get(2)!)];
    const cells = (r: Mean) => `${fmt(r.rps)} ${fmt(r.p50)} ${fmt(r.p95)}${r.errors ? ` (${r.errors} err.)` : ''}`;
    console.log(`${name.padEnd(52)} ${cells(one).padStart(26)} ${cells(two).padStart(26)}   ${`× ${(two.rps / one.rps).toFixed(2)}`.padStart(7)}`);
  }
  console.log(`\nCharge moyenne de la machine (1, 5, 15 min) à la fin : ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} pour ${os.cpus().length} cœurs.`);
}
