// `npm run bench -- search` (issue 28, item 3): the catalogue's search against the labelled
// searches of server/features/products/search-cases.fixture.ts — sizes, packages, brands, typing
// slips, local names — on the seed catalogue plus the local staples it lacks, on PGlite (and on
// PostgreSQL when BENCH_PG_URL's server answers). Reports precision@1, recall@5, the searches that
// answer nothing although products of that kind exist (and the reverse), and the time per search
// as a ratio to browsing the catalogue's first page in the same run. Budgets: precision@1 ≥ 90 %,
// recall@5 ≥ 97 %, no empty answer where products exist.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Database, openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed/seed';
import { addSearchCatalogue, searchNames } from '../server/features/products/search-catalogue.fixture';
import { HELD_OUT_CASES, SEARCH_CASES } from '../server/features/products/search-cases.fixture';
import { describeEvaluation, evaluateSearches } from '../server/features/products/search-evaluation';
import { readPageIds } from '../server/features/products/catalogue-reads';
import { BENCH_ADMIN_URL } from './http-load';
import { percentile } from './http-load';

const BUDGET = { precisionAt1: 0.9, recallAt5: 0.97 };

async function timePerCall(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

async function measure(label: string, database: Database): Promise<boolean> {
  await migrateDatabase(database);
  await seedIfEmpty(database.db);
  await addSearchCatalogue(database.db);
  const search = (query: string) => searchNames(database.db, query);
  const evaluation = await evaluateSearches(SEARCH_CASES, search);
  console.log(`--- ${label}\n${describeEvaluation(evaluation)}`);
  const heldOut = await evaluateSearches(HELD_OUT_CASES, search);
  console.log(`--- ${label}, recherches jamais utilisées pour régler le classement\n${describeEvaluation(heldOut)}`);
  // Time: every labelled search once more (warm), against browsing the first page.
  const browse = () => readPageIds(database.db, { has_prices: false, sort: 'relevance', page: 1, limit: 20 }, null);
  const baseline = await timePerCall(browse, 200);
  const searches: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const c of SEARCH_CASES) searches.push(...(await timePerCall(() => search(c.query), 1)));
  }
  const p50 = percentile(searches, 50) / percentile(baseline, 50);
  const p95 = percentile(searches, 95) / percentile(baseline, 95);
  console.log(`temps d'une recherche face à la première page du catalogue : médiane ×${p50.toFixed(2)}, p95 ×${p95.toFixed(2)}`);
  const ok = evaluation.precisionAt1 >= BUDGET.precisionAt1 && evaluation.recallAt5 >= BUDGET.recallAt5 && evaluation.emptyWhenFound.length === 0;
  console.log(ok ? 'budgets tenus' : `BUDGET DÉPASSÉ (précision@1 ≥ ${BUDGET.precisionAt1 * 100} %, rappel@5 ≥ ${BUDGET.recallAt5 * 100} %, aucune recherche vide)`);
  return ok;
}

async function postgresUrl(): Promise<string | null> {
  const name = `mp_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    return BENCH_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

export async function run(): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-search-'));
  const results: boolean[] = [];
  try {
    const embedded = await openDatabase({ kind: 'pglite', dataDir: path.join(tmp, 'db') });
    try {
      results.push(await measure('PGlite', embedded));
    } finally {
      await embedded.close();
    }
    const url = await postgresUrl();
    if (url) {
      const server = await openDatabase({ kind: 'postgres', url });
      try {
        results.push(await measure('PostgreSQL', server));
      } finally {
        await server.close();
        await dropDatabase(url);
      }
    } else {
      console.log('--- PostgreSQL : serveur injoignable, mesuré sur PGlite seulement');
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  if (results.includes(false)) process.exitCode = 1;
}
