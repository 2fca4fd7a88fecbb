// Memory benchmark (issue 17): the resident memory (RSS) of the server that `npm start` runs — the
// built server, dist/server/main.js (scripts/build-server.ts) — read from /proc/<pid>/status
// (VmRSS: now; VmHWM: the highest so far), on a fresh embedded database (PGlite) and on a fresh
// PostgreSQL database:
//   - first start: PGlite's initdb, the migrations and the seed; the peak while starting, then the
//     RSS once idle;
//   - restart on the same data: the same two figures;
//   - catalogue load: searches and product pages drawn at random (the kind of traffic of
//     bench/catalogue.ts), autocannon 20 s × 20 connections; the peak during the load (VmHWM reset
//     just before it), its req/s and p95, then the RSS once idle again;
//   - the restart and the load again on PGlite holding the catalogue benchmark's 20,000 products,
//     150 stores and 500,000 observations (bench/catalogue-data.ts, generated once under the system's
//     temporary folder and kept): a catalogue of real size, where the database's working set shows.
// The processes the server starts, if any, count with it: the peak is the larger of its VmHWM and of
// the highest sum of its RSS and theirs (sampled every 100 ms).
// Budgets on the embedded database (the default): idle ≤ 300 MiB, peak ≤ 500 MiB — a 1 GiB VPS also
// runs the system, a reverse proxy and the backups. PostgreSQL's figures are the server process alone
// (the database server runs beside it), for comparison.
//   npm run bench -- memory     (BENCH_PG_URL: admin connection, default postgres@127.0.0.1;
//     BENCH_MEMORY_LARGE=0: without the 20,000-product database; BENCH_MEMORY_RUNTIME=tsx: the server
//     under tsx, as `npm run serve` and `npm run dev` run it, instead of the built one)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { fillBenchCatalogue } from './catalogue-data';
import { emptyBenchDatabase, type LoadResult, measureLoad, SERVER_NODE_FLAGS } from './http-load';
import { memoryOf, resetPeak } from './proc-memory';

const PORT = 3194;
const PG_DB_NAME = 'mp_memory_bench';
const LARGE_DIR = path.join(os.tmpdir(), 'mp-bench-memory-catalogue');
const BUILD_DIR = path.resolve('dist/bench-memory-server');
// Idle is read 30 s after the last request: V8 gives back the heap a busy phase grew (its memory
// reducer: compacting collections once the process has stopped allocating) about 15-20 s after the
// activity ends, and the server then stays at that level. The RSS at 10 s, before that, is shown too.
const EARLY_LOOK_S = 10;
const SETTLE_S = 30;
const LOAD_S = 20;
const CONNECTIONS = 20;
const BUDGET_MIB = { idle: 300, peak: 500 };

/** What people type in the catalogue search box, as in bench/catalogue.ts. */
const COMMON_SEARCHES = ['lait', 'creme fraiche', 'huile de palme', 'riz parfumé', 'savon', 'Sardines', 'café moulu', 'biere', 'poulet fumé', 'confiture'];

type Runtime = 'built' | 'tsx';
type Row = { database: string; phase: string; idleMiB?: number; peakMiB?: number; detail: string; budgeted: boolean };

// ---------------------------------------------------------------- reading /proc

/** Every process below `pid` (children, their children…). */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(ppid, [...(parentOf.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while listed
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of parentOf.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time the process has used, in ms (user + system, /proc/<pid>/stat). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

// ---------------------------------------------------------------- the server process

type Server = {
  child: ChildProcess;
  pid: number;
  readyS: number;
  /** The highest sum of the server's RSS and its descendants' seen since the last reset, and their own highest VmHWM. */
  sampled: { total: number; descendantsPeak: number };
  stop: () => Promise<void>;
};

/** Node's arguments for the server: as `npm start` runs it, or as `npm run serve` does. */
function serverCommand(runtime: Runtime): string[] {
  return [...SERVER_NODE_FLAGS, ...(runtime === 'built' ? [path.join(BUILD_DIR, 'main.js')] : ['--import', 'tsx', 'server/main.ts'])];
}

async function startServer(runtime: Runtime, env: Record<string, string>, label: string): Promise<Server> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const started = Date.now();
  const child = spawn(process.execPath, serverCommand(runtime), {
    env: { ...inherited, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'fatal', WEB_DIST_DIR: path.join(os.tmpdir(), 'mp-bench-memory-no-web') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const sampled = { total: 0, descendantsPeak: 0 };
  const sampler = setInterval(() => {
    const own = memoryOf(pid);
    if (!own) return;
    let total = own.rss;
    for (const descendant of descendantsOf(pid)) {
      const usage = memoryOf(descendant);
      if (!usage) continue;
      total += usage.rss;
      sampled.descendantsPeak = Math.max(sampled.descendantsPeak, usage.hwm);
    }
    sampled.total = Math.max(sampled.total, total);
  }, 100);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    clearInterval(sampler);
  };
  const deadline = started + 300_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return { child, pid, readyS: (Date.now() - started) / 1000, sampled, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`le serveur ne démarre pas (${label})`);
}

/** The server's memory now and its peak so far (its own VmHWM, or more with the processes it started). */
function usageOf(server: Server): { idle: number; peak: number; descendantsPeak: number } {
  const own = memoryOf(server.pid);
  if (!own) throw new Error('le serveur s’est arrêté');
  return { idle: own.rss, peak: Math.max(own.hwm, server.sampled.total), descendantsPeak: server.sampled.descendantsPeak };
}

function resetPeaks(server: Server): void {
  if (!resetPeak(server.pid)) console.log('(clear_refs refusé : le pic de la charge est le plus haut RSS échantillonné)');
  server.sampled.total = 0;
  server.sampled.descendantsPeak = 0;
}

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

/** Waits until the server is idle: its memory then (and its peak so far), with the RSS it had EARLY_LOOK_S after the last request. */
async function settledUsage(server: Server): Promise<ReturnType<typeof usageOf> & { early: number }> {
  await sleep(EARLY_LOOK_S);
  const early = usageOf(server).idle;
  await sleep(SETTLE_S - EARLY_LOOK_S);
  return { ...usageOf(server), early };
}

const earlyNote = (early: number) => `à ${EARLY_LOOK_S} s : ${early.toFixed(0)} Mio`;

// ---------------------------------------------------------------- the catalogue load

/** Searches and product pages of the catalogue the server holds, read through its API (any database). */
async function catalogueTraffic(maxPages = 50): Promise<{ searches: string[]; products: string[] }> {
  const searches = new Set(COMMON_SEARCHES.map((s) => `/api/products?search=${encodeURIComponent(s)}&limit=6&page=1`));
  const products: string[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/products?limit=100&page=${page}`);
    const rows = (await response.json()) as { id: string; name: string; brand: string | null }[];
    for (const row of rows) {
      products.push(`/api/products/${row.id}`);
      // As bench/catalogue.ts: a word of the name with the brand and the size, or two words and the size.
      const words = row.name.split(/[\s,]+/).filter(Boolean);
      const size = words.find((w) => /^\d+$/.test(w)) ?? '';
      for (const search of [[words[0], row.brand?.split(' ')[0] ?? '', size], [words[0], words[1] ?? '', size]]) {
        searches.add(`/api/products?search=${encodeURIComponent(search.join(' ').replace(/\s+/g, ' ').trim())}&limit=6&page=1`);
      }
    }
    if (rows.length < 100) break;
  }
  return { searches: [...searches], products };
}

function catalogueLoad(traffic: { searches: string[]; products: string[] }): Promise<LoadResult> {
  const pick = (paths: string[]) => paths[Math.floor(Math.random() * paths.length)];
  return measureLoad({
    name: 'catalogue',
    port: PORT,
    connections: CONNECTIONS,
    durationS: LOAD_S,
    // Half searches, half product pages, each request drawn at random so connections do not walk in step.
    requests: [{ method: 'GET', setupRequest: (request: autocannon.Request) => ({ ...request, path: pick(Math.random() < 0.5 ? traffic.searches : traffic.products) }) }],
  });
}

// ---------------------------------------------------------------- the phases

type Target = { database: string; budgeted: boolean; env: Record<string, string> };

/** First start (unless the data exists already), restart and load: the rows of one database. */
async function measureDatabase(target: Target, options: { firstStart: boolean; runtime: Runtime }): Promise<Row[]> {
  const rows: Row[] = [];
  const row = (phase: string, figures: { idle?: number; peak?: number }, detail: string) =>
    rows.push({ database: target.database, phase, idleMiB: figures.idle, peakMiB: figures.peak, detail, budgeted: target.budgeted });
  const childrenNote = (peak: number) => (peak > 0 ? ` ; processus enfants : pic ${peak.toFixed(0)} Mio` : '');

  if (options.firstStart) {
    const first = await startServer(options.runtime, target.env, `${target.database}, premier démarrage`);
    const usage = await settledUsage(first);
    await first.stop();
    row('premier démarrage (migrations, remplissage)', usage, `prêt en ${first.readyS.toFixed(1)} s ; ${earlyNote(usage.early)}${childrenNote(usage.descendantsPeak)}`);
  }

  const server = await startServer(options.runtime, target.env, `${target.database}, redémarrage`);
  try {
    const restart = await settledUsage(server);
    row('redémarrage', restart, `prêt en ${server.readyS.toFixed(1)} s ; ${earlyNote(restart.early)}${childrenNote(restart.descendantsPeak)}`);

    const traffic = await catalogueTraffic();
    resetPeaks(server);
    const cpuBefore = cpuMsOf(server.pid);
    const load = await catalogueLoad(traffic);
    // CPU per request varies less than req/s on a machine shared with other work.
    const cpuPerRequest = (cpuMsOf(server.pid) - cpuBefore) / load.requests;
    const during = usageOf(server);
    row(
      `charge catalogue (${LOAD_S} s × ${CONNECTIONS} connexions)`,
      { peak: during.peak },
      `${load.rps.toFixed(0)} req/s, p95 ${load.p95.toFixed(0)} ms, CPU ${cpuPerRequest.toFixed(3)} ms/req, ${load.errors} erreurs ; ${traffic.searches.length} recherches, ${traffic.products.length} fiches`,
    );
    const after = await settledUsage(server);
    row('au repos après la charge', { idle: after.idle }, earlyNote(after.early));
  } finally {
    await server.stop();
  }
  return rows;
}


/** PGlite holding the catalogue benchmark's data, generated on the first run and kept. */
async function largePgliteDataDir(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(LARGE_DIR, 'db') });
  try {
    await fillBenchCatalogue(database, LARGE_DIR);
  } finally {
    await database.close();
  }
  return LARGE_DIR;
}

function buildServer(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', BUILD_DIR], { stdio: 'inherit' });
}

// ---------------------------------------------------------------- report

const mib = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(0)).padStart(8);

function verdict(row: Row): string {
  if (!row.budgeted) return '—';
  const idleOk = row.idleMiB === undefined || row.idleMiB <= BUDGET_MIB.idle;
  const peakOk = row.peakMiB === undefined || row.peakMiB <= BUDGET_MIB.peak;
  return idleOk && peakOk ? 'OK' : 'HORS BUDGET';
}

function printReport(rows: Row[]): void {
  console.log(`\nMémoire résidente du serveur (Mio = 1 048 576 octets) ; repos : ${SETTLE_S} s après la dernière requête (et, dans le détail, à ${EARLY_LOOK_S} s)\n`);
  console.log(`${'base'.padEnd(34)} ${'phase'.padEnd(46)} ${'repos'.padStart(8)} ${'pic'.padStart(8)}  budget       détail`);
  for (const row of rows) {
    console.log(`${row.database.padEnd(34)} ${row.phase.padEnd(46)} ${mib(row.idleMiB)} ${mib(row.peakMiB)}  ${verdict(row).padEnd(12)} ${row.detail}`);
  }
  console.log(`\nBudget de la base embarquée : repos ≤ ${BUDGET_MIB.idle} Mio, pic ≤ ${BUDGET_MIB.peak} Mio. PostgreSQL : le processus du serveur seul, pour comparaison.`);
  console.log(`Charge de la machine (load average) : ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} ; ${os.cpus().length} cœurs`);
}

export async function run(): Promise<void> {
  if (!existsSync('/proc/self/status')) throw new Error('ce benchmark lit /proc (Linux)');
  const runtime: Runtime = process.env.BENCH_MEMORY_RUNTIME === 'tsx' ? 'tsx' : 'built';
  if (runtime === 'built') buildServer();
  else console.log('Serveur lancé par tsx (BENCH_MEMORY_RUNTIME=tsx), comme npm run serve.');
  const rows: Row[] = [];
  const work = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-memory-'));
  try {
    rows.push(...(await measureDatabase({ database: 'PGlite (catalogue de départ)', budgeted: true, env: { DATA_DIR: path.join(work, 'pglite') } }, { firstStart: true, runtime })));
    const databaseUrl = await emptyBenchDatabase(PG_DB_NAME);
    rows.push(
      ...(await measureDatabase(
        { database: 'PostgreSQL (catalogue de départ)', budgeted: false, env: { DATA_DIR: path.join(work, 'postgres'), DATABASE_URL: databaseUrl } },
        { firstStart: true, runtime },
      )),
    );
    if (process.env.BENCH_MEMORY_LARGE !== '0') {
      const dataDir = await largePgliteDataDir();
      rows.push(...(await measureDatabase({ database: 'PGlite (20 000 produits)', budgeted: true, env: { DATA_DIR: dataDir } }, { firstStart: false, runtime })));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  printReport(rows);
}
