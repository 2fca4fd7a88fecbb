// Promo banner benchmark (issue 14), on PostgreSQL against the real server in a child process.
// 2,000 consumers with mixed audiences (30 % accounts younger than 30 days; 40 % with 3 to 5
// delivered orders, 20 % with 1 or 2; orders in Libreville, Port-Gentil or elsewhere) and 200 active
// ads spread over the five audiences and the five budgets. GET /api/ads/banner is loaded with
// autocannon for 20 s over 20 connections, each request signed by the next of the 2,000 users in turn
// and a third of them sending a device position, next to a trivial route of the same server
// (/api/health) measured the same way in the same run. A first pass over every user, before the
// warm-up, measures the banner with nothing cached for them (the per-user minute cache is cold).
// Budget: p95 under 30 ms and at least 40 % of the trivial route's throughput, zero errors.
//   npm run bench -- banner          (BENCH_PG_URL: admin connection, default postgres@127.0.0.1)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { AD_AUDIENCES, AD_DURATIONS } from '../contract/ads';
import type { BannerSlide } from '../contract/ads-banner';
import { openDatabase } from '../server/db/client';
import { createTokenService, loadSigningKey } from '../server/features/auth/tokens';
import { freshBenchDatabase, type LoadResult, measureLoad, percentile, startBenchServer } from './http-load';

const DB_NAME = 'mp_bench_banner';
const PORT = 3195;
const DURATION_S = 20;
const WARMUP_S = 2;
const CONNECTIONS = 20;
const USERS = 2000;
const ADS = 200;
const BUDGET = { p95Ms: 30, throughputShare: 0.4 };
const POSITIONS = ['', '?lat=0.39&lng=9.45', '?lat=-0.72&lng=8.78'];

/** Users with live sessions, their delivered orders, and the running ads. Returns one token per user. */
async function generate(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await q(`insert into users (email, password_hash, full_name, phone, country_region, user_type, preferences, created_at)
    select 'bench-banner-' || i || '@exemple.ga', 'x', 'Client ' || i, '+241 07 00 ' || lpad(i::text, 4, '0'), 'Gabon', 'consumer',
      '{"track_prices":true,"contribute_in_store":false,"notifications":true,"location_sharing":false}',
      case when i % 10 < 3 then now() - ((i % 29) || ' days')::interval else now() - ((60 + i % 300) || ' days')::interval end
    from generate_series(1, $1) i`, [USERS]);
  await q(`insert into sessions (user_id, expires_at) select id, now() + interval '1 day' from users where email like 'bench-banner-%'`);

  // Delivered orders: 0 for 40 % of the users, 1–2 for 20 %, 3–5 for 40 %; in Libreville (60 %),
  // Port-Gentil (30 %) or Franceville (10 %).
  await q(`create temp table bench_orders as
    select u.id as user_id, n, split_part(split_part(u.email, '@', 1), '-', 3)::int as i
    from users u, generate_series(1, 5) n where u.email like 'bench-banner-%'`);
  await q(`delete from bench_orders where n > (array[0,0,0,0,1,2,3,4,5,3])[i % 10 + 1]`);
  await q(`alter table bench_orders add column cart_id uuid`);
  await q(`update bench_orders set cart_id = gen_random_uuid()`);
  await q(`insert into carts (id, user_id, view_type, optimization, total_items_cost_xaf, delivery_fee_xaf, total_cost_xaf, status)
    select cart_id, user_id, 'best_prices', '{"items":[]}'::jsonb, 15000, 6000, 21000, 'booked' from bench_orders`);
  await q(`insert into orders (user_id, cart_id, origin, delivery_address, latitude, longitude, delivery_date, delivery_time_slot, payment_type, total_amount_xaf, status, delivered_at, created_at)
    select user_id, cart_id, 'delivery_request',
      case when (i / 10) % 10 < 6 then 'Quartier Louis, Libreville' when (i / 10) % 10 < 9 then 'Quartier Balise, Port-Gentil' else 'Potos, Franceville' end,
      case when (i / 10) % 10 < 6 then 0.39 when (i / 10) % 10 < 9 then -0.72 else -1.63 end,
      case when (i / 10) % 10 < 6 then 9.45 when (i / 10) % 10 < 9 then 8.78 else 13.58 end,
      current_date - n * 7, '10:00-12:00', 'cash', 21000, 'delivered', now() - (n * 7 || ' days')::interval, now() - (n * 7 + 1 || ' days')::interval
    from bench_orders`);

  // 200 running ads: each audience and each duration/budget in turn, from 50 advertisers.
  const audiences = `array[${AD_AUDIENCES.map((a) => `'${a}'`).join(',')}]`;
  const days = `array[${AD_DURATIONS.map((d) => d.days).join(',')}]`;
  const prices = `array[${AD_DURATIONS.map((d) => d.price).join(',')}]`;
  await q(`insert into ads (advertiser_id, title, subtitle, description, type, media_url, media_mime, bg_color, text_color, duration_days, target_audience, budget_xaf, payment_method, status, approved_at, starts_at, ends_at)
    select (select id from users where email = 'bench-banner-' || (1 + k % 50) || '@exemple.ga'),
      'Annonce ' || k, 'Offre de la semaine chez le magasin ' || k, case when k % 3 = 0 then 'Détails de l''offre ' || k end,
      case when k % 4 = 0 then 'image' else 'text' end,
      case when k % 4 = 0 then '/uploads/ads/bench-' || k || '.webp' end, case when k % 4 = 0 then 'image/webp' end,
      (array['blue','green','purple','orange','red','pink'])[k % 6 + 1], 'white',
      (${days})[(k / 5) % 5 + 1], (${audiences})[k % 5 + 1], (${prices})[(k / 5) % 5 + 1], 'mobile_money', 'active',
      now() - interval '1 day', now() - interval '1 day', now() + ((${days})[(k / 5) % 5 + 1] || ' days')::interval
    from generate_series(0, $1 - 1) k`, [ADS]);
  await q('analyze');

  const { rows } = await q(`select s.id as sid, s.user_id, s.expires_at from sessions s join users u on u.id = s.user_id where u.email like 'bench-banner-%' order by u.email`);
  await client.end();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const tokens = createTokenService(await loadSigningKey(database.db));
  await database.close();
  return Promise.all((rows as { sid: string; user_id: string; expires_at: Date }[]).map((r) => tokens.sign({ userId: r.user_id, sessionId: r.sid, expiresAt: r.expires_at })));
}

function load(name: string, paths: string[], tokens: string[]): Promise<LoadResult> {
  let next = 0;
  // Each request: the next user, and a path (position or not) of its own.
  const setupRequest = (request: autocannon.Request) => {
    const n = next++;
    const headers = tokens.length ? { ...(request.headers ?? {}), authorization: `Bearer ${tokens[n % tokens.length]}` } : request.headers;
    return { ...request, path: paths[n % paths.length], headers };
  };
  return measureLoad({
    name,
    port: PORT,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    requests: [{ method: 'GET', path: paths[0], setupRequest: setupRequest as never }],
  });
}

/** Every user's banner once, 20 at a time, with nothing cached for them yet. */
async function coldPass(tokens: string[]): Promise<{ p50: number; p95: number; p99: number; adSlides: number; errors: number }> {
  const latencies: number[] = [];
  let adSlides = 0;
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const n = next++;
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/api/ads/banner${POSITIONS[n % POSITIONS.length]}`, { headers: { authorization: `Bearer ${tokens[n]}` } });
      const body = (await res.json()) as BannerSlide[];
      latencies.push(performance.now() - started);
      if (!res.ok || body.length !== 5) errors += 1;
      else adSlides += body.filter((s) => s.kind === 'ad').length;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), adSlides, errors };
}

const fmt = (n: number) => n.toFixed(1).padStart(8);

export async function run(): Promise<void> {
  console.log(`Préparation : base PostgreSQL, ${USERS} clients (audiences mélangées), ${ADS} annonces actives… (charge de la machine : ${os.loadavg()[0].toFixed(1)})`);
  const databaseUrl = await freshBenchDatabase(DB_NAME);
  const tokens = await generate(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-banner-'));
  const server = await startBenchServer(PORT, databaseUrl, dataDir);
  try {
    const cold = await coldPass(tokens);
    console.log(
      `Premier passage (${USERS} utilisateurs, cache par utilisateur vide) : p50 ${cold.p50.toFixed(1)} ms, p95 ${cold.p95.toFixed(1)} ms, p99 ${cold.p99.toFixed(1)} ms ; ` +
        `${(cold.adSlides / USERS).toFixed(2)} annonces par bandeau en moyenne ; ${cold.errors} erreur(s).`,
    );

    const bannerPaths = POSITIONS.map((p) => `/api/ads/banner${p}`);
    const baseline = await load('route triviale GET /api/health (base)', ['/api/health'], []);
    const banner = await load(`GET /api/ads/banner, ${USERS} utilisateurs tour à tour, 1/3 avec position`, bannerPaths, tokens);

    console.log(`\n${DURATION_S} s × ${CONNECTIONS} connexions par cas (après ${WARMUP_S} s de chauffe), serveur et autocannon sur la même machine (${os.cpus().length} cœurs)\n`);
    console.log(`${'cas'.padEnd(66)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'part'.padStart(7)} erreurs  budget`);
    for (const r of [baseline, banner]) {
      const share = r.rps / baseline.rps;
      const ok = r.p95 < BUDGET.p95Ms && share >= BUDGET.throughputShare && r.errors === 0;
      console.log(
        `${r.name.padEnd(66)} ${fmt(r.rps)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)} ${`${(share * 100).toFixed(0)} %`.padStart(7)} ${String(r.errors).padStart(7)}  ${r === baseline ? '—' : ok ? 'PASS' : 'FAIL'}`,
      );
    }
    const share = banner.rps / baseline.rps;
    console.log(`\np95 ${banner.p95.toFixed(1)} ms (budget < ${BUDGET.p95Ms} ms) : ${banner.p95 < BUDGET.p95Ms ? 'PASS' : 'FAIL'}`);
    console.log(`débit ${(share * 100).toFixed(0)} % de la route triviale (budget ≥ ${BUDGET.throughputShare * 100} %) : ${share >= BUDGET.throughputShare ? 'PASS' : 'FAIL'}`);
    console.log(`erreurs : ${banner.errors} : ${banner.errors === 0 ? 'PASS' : 'FAIL'}`);
    console.log(`Charge moyenne de la machine (1, 5, 15 min) à la fin : ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} pour ${os.cpus().length} cœurs.`);
  } finally {
    await new Promise((r) => setTimeout(r, 1000));
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}
