// What the HTTP benchmarks share: the PostgreSQL server they build their databases on, starting the
// real server process on one of them, and one autocannon run measured into latency percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed/seed';
import { applyDemoMode } from '../server/db/seed/demo-accounts';

/** Where benchmark databases are created (BENCH_PG_URL, a database of a PostgreSQL server). */
export const BENCH_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new, empty PostgreSQL database of that name (dropped first if left by an earlier run); answers its URL. */
export async function emptyBenchDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new PostgreSQL database of that name (dropped first if left by an earlier run), migrated and seeded; answers its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const databaseUrl = await emptyBenchDatabase(name);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  await migrateDatabase(database);
  await seedIfEmpty(database.db);
  await applyDemoMode(database.db, true);
  await database.close();
  return databaseUrl;
}

export type LoadResult = { name: string; requests: number; rps: number; p50: number; p95: number; p99: number; errors: number };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

type BenchServerOptions = {
  /** The built web app to serve (by default none: the API alone). */
  webDistDir?: string;
  /** How long to wait for /api/health: a first start on an embedded database seeds it (1–2 min). */
  startTimeoutS?: number;
};

/**
 * Node's flags for the server, as `npm start` passes them (package.json):
 * - a young generation of 2 MiB semi-spaces. With V8's default (16 MiB) the buffers PGlite hands
 *   back for each query live until a scavenge and pile up in malloc's heap, which the process then
 *   keeps: 472 MiB idle after the catalogue load on PGlite instead of ~320;
 * - an old generation allowed to grow 20 % above what the last full collection kept. Small
 *   semi-spaces promote short-lived objects, and with V8's own growing factor (up to ×4) the heap
 *   grew to ~160 MiB under load for ~65 MiB of live data, then kept those pages: ~300 MiB idle after
 *   the load instead of ~360–410, at the same throughput (README, « Performances »).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/**
 * Starts `server/main.ts` and waits until it answers /api/health: on PostgreSQL when a database URL
 * is given, else on a fresh embedded database (PGlite) under dataDir.
 */
export async function startBenchServer(port: number, databaseUrl: string | undefined, dataDir: string, options: BenchServerOptions = {}): Promise<ChildProcess> {
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < (options.startTimeoutS ?? 60) * 2; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('le serveur ne démarre pas');
}

type LoadOptions = {
  name: string;
  port: number;
  /** Several instances: autocannon spreads its connections over them in turn (instead of `port`). */
  ports?: number[];
  connections: number;
  durationS: number;
  /** Seconds run first and not counted. */
  warmupS?: number;
  requests: autocannon.Request[];
};

/** One autocannon run; answers of 400 and above, socket errors and time-outs count as errors. */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const warmupS = options.warmupS ?? 0;
  const countFrom = Date.now() + warmupS * 1000;
  // The tracker is an event emitter that is also thenable (the types only describe the promise).
  const instance = autocannon({
    url: (options.ports ?? [options.port]).map((port) => `http://127.0.0.1:${port}`) as unknown as string,
    connections: options.connections,
    duration: options.durationS + warmupS,
    timeout: 10,
    requests: options.requests,
  }) as unknown as EventEmitter & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 400) errors += 1;
    if (Date.now() >= countFrom) latencies.push(responseTime);
  });
  const summary = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name: options.name,
    requests: latencies.length,
    rps: latencies.length / options.durationS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + summary.errors + summary.timeouts,
  };
}
