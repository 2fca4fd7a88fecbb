// `npm run bench -- web` (issue 15): what a cheap phone gets from the built web app. The case builds
// the app, starts the real server on a fresh embedded database (first start seeds it), and runs
// Lighthouse (mobile profile: its default phone emulation, simulated slow 4G and 4× slower CPU) in
// Debian's Chromium on /login and /demo-optimization signed out, and on /dashboard and /products
// signed in as the demo consumer (the session is put in localStorage before the app starts, as a
// previous visit would have left it). For each page: the performance score, FCP, LCP, TBT, CLS and
// the JS the page transferred; then, in a fresh browser context, the page's initial JS: every script
// the page requests until it is usable (its heading is shown: the first frame where `main h1` is
// visible, timed in the page), gzipped as the server sends it. Scripts a page loads once it is shown
// (the ad button, the offline pill) are not counted; a service worker's own requests (its precache)
// are not the page's and are not counted either.
// Budget (issue 15): performance ≥ 90 on each page, initial JS ≤ 150 kB gzip (150,000 bytes,
// = 146.5 KiB); each page gets ✓ or ✗ for each of the two.
//
// Knobs (environment):
//   BENCH_WEB_RUNS=3      Lighthouse runs per page (the median run by score is reported)
//   BENCH_WEB_PAGES=/login,/products   only these pages
//   CHROMIUM_PATH         the browser (default /usr/bin/chromium)
//   BENCH_WEB_REPORTS=dir  keeps each run's Lighthouse report (JSON) there
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_ACCOUNTS } from '#contract/demo';
import type { LoginResponse } from '#contract/users';
import { STORAGE_KEYS } from '../web/lib/storage-keys';
import { startBenchServer } from './http-load';

const PORT = 3196;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BUDGET = { score: 90, initialJsBytes: 150_000 };
/** The flags of playwright.config.ts: no network beyond this machine, nothing running in the background. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
/** The page is usable once the page's own heading is on screen (the shell's loader has none). */
const USABLE_SELECTOR = 'main h1';

type BenchPage = { path: string; signedIn: boolean };
const PAGES: BenchPage[] = [
  { path: '/login', signedIn: false },
  { path: '/demo-optimization', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/products', signedIn: true },
];

type LighthouseFigures = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; jsTransferredBytes: number; jsRequests: number };
type InitialJs = { files: { url: string; gzipBytes: number }[]; gzipBytes: number };

const kib = (bytes: number) => bytes / 1024;
const kB = (bytes: number) => bytes / 1000;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Builds the web app into outDir, as `npm run build` does. */
function buildWebApp(outDir: string): void {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
}

async function signInDemoConsumer(): Promise<LoginResponse> {
  const { email, password } = DEMO_ACCOUNTS.consumer;
  const res = await fetch(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`connexion du compte de démonstration : ${res.status} ${await res.text()}`);
  return (await res.json()) as LoginResponse;
}

/** The localStorage items a previous visit leaves (web/lib/session.ts reads them at start). */
function sessionItems(session: LoginResponse): Record<string, string> {
  const now = new Date().toISOString();
  return {
    [STORAGE_KEYS.token]: session.access_token,
    [STORAGE_KEYS.brandToken]: session.access_token,
    [STORAGE_KEYS.user]: JSON.stringify(session.user),
    [STORAGE_KEYS.brandUser]: JSON.stringify(session.user),
    [STORAGE_KEYS.sessionActive]: 'true',
    [STORAGE_KEYS.sessionExpires]: session.expires_at,
    [STORAGE_KEYS.lastActivity]: now,
    [STORAGE_KEYS.lastSessionRefresh]: now,
  };
}

/**
 * Seeds the session in every document of the app's origin before its scripts run. Lighthouse clears
 * the origin's storage before it navigates, so the items are written again in the page it measures.
 */
async function seedSession(page: Page, items: Record<string, string> | null): Promise<void> {
  if (!items) return;
  await page.evaluateOnNewDocument(
    (origin, entries) => {
      if (location.origin !== origin) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    ORIGIN,
    items,
  );
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; sessionTargetType?: string };

const launchBrowser = () => puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, defaultViewport: null });

/** One Lighthouse run of the mobile profile, in a browser of its own (Lighthouse keeps sessions on the tab it measures). */
async function lighthouseRun(url: string, items: Record<string, string> | null): Promise<LighthouseFigures> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await seedSession(page, items);
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse, ${url} : ${lhr.runtimeError.message}`);
    if (process.env.BENCH_WEB_REPORTS) {
      await mkdir(process.env.BENCH_WEB_REPORTS, { recursive: true });
      await writeFile(path.join(process.env.BENCH_WEB_REPORTS, `${new URL(url).pathname.slice(1).replace(/\W+/g, '-')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
      (r) => r.resourceType === 'Script' && r.sessionTargetType === 'page',
    );
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsTransferredBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      jsRequests: requests.length,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART) and asks to run again: once. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.log(`Nouvel essai après : ${error instanceof Error ? error.message : String(error)}`);
    return run();
  }
}

/**
 * Run in the page before its scripts: the time (performance.now()) of the first frame where the
 * page's heading is visible, as `window.__usableAt`. (Source text: tsx would add helpers to a
 * function that the page does not have.)
 */
const TIME_USABLE = `(() => {
  const check = () => {
    const heading = document.querySelector(${JSON.stringify(USABLE_SELECTOR)});
    if (heading && heading.checkVisibility()) window.__usableAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** The scripts a first visit requests until the page is usable, each gzipped from the build. */
async function initialJs(browser: Browser, url: string, items: Record<string, string> | null, distDir: string): Promise<InitialJs> {
  // A context of its own: empty cache, no service worker from an earlier visit.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await seedSession(page, items);
    await page.evaluateOnNewDocument(TIME_USABLE);
    await page.goto(url);
    await page.waitForFunction(() => typeof (window as unknown as { __usableAt?: number }).__usableAt === 'number', { timeout: 30_000 });
    // The page's own requests (resource timing): a service worker's precache is not among them.
    const scriptUrls = await page.evaluate(() => {
      const usableAt = (window as unknown as { __usableAt: number }).__usableAt;
      return performance
        .getEntriesByType('resource')
        .filter((r) => r.startTime <= usableAt && new URL(r.name).origin === location.origin && new URL(r.name).pathname.endsWith('.js'))
        .map((r) => r.name);
    });
    const files = [...new Set(scriptUrls)].map((scriptUrl) => {
      const code = readFileSync(path.join(distDir, new URL(scriptUrl).pathname));
      return { url: new URL(scriptUrl).pathname, gzipBytes: gzipSync(code).length };
    });
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}

function selectedPages(): BenchPage[] {
  const wanted = (process.env.BENCH_WEB_PAGES ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const unknown = wanted.filter((p) => !PAGES.some((page) => page.path === p));
  if (unknown.length) throw new Error(`BENCH_WEB_PAGES : page inconnue ${unknown.join(', ')} (pages : ${PAGES.map((p) => p.path).join(', ')})`);
  return wanted.length ? PAGES.filter((p) => wanted.includes(p.path)) : PAGES;
}

const pad = (value: string, width: number) => value.padStart(width);

export async function run(): Promise<void> {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
  const pages = selectedPages();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-web-'));
  const distDir = path.join(workDir, 'web');
  console.log(`Construction de l'application (vite build)… (charge moyenne de la machine, 1, 5, 15 min : ${os.loadavg().map((l) => l.toFixed(1)).join(', ')})`);
  buildWebApp(distDir);
  console.log('Démarrage du serveur sur une base embarquée neuve (le premier démarrage la remplit)…');
  const server = await startBenchServer(PORT, undefined, path.join(workDir, 'data'), { webDistDir: distDir, startTimeoutS: 240 });
  const browser = await launchBrowser();
  try {
    const items = sessionItems(await signInDemoConsumer());
    const rows: { page: BenchPage; lighthouse: LighthouseFigures; initial: InitialJs }[] = [];
    for (const page of pages) {
      const url = `${ORIGIN}${page.path}`;
      const pageItems = page.signedIn ? items : null;
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) results.push(await withRetry(() => lighthouseRun(url, pageItems)));
      // The median run by score (Lighthouse's own advice for noisy machines).
      results.sort((a, b) => a.score - b.score);
      const median = results[Math.floor((results.length - 1) / 2)];
      const initial = await initialJs(browser, url, pageItems, distDir);
      console.log(`${page.path} : scores ${results.map((r) => r.score).join(', ')} ; JS initial ${initial.files.map((f) => `${path.basename(f.url)} ${kib(f.gzipBytes).toFixed(1)}`).join(', ')} (Kio gzip)`);
      rows.push({ page, lighthouse: median, initial });
    }

    console.log(`\nLighthouse ${runs} fois par page, profil mobile (émulation d'un téléphone, 4G lente simulée, processeur ralenti 4×), médiane par score ; JS initial = scripts demandés jusqu'à l'affichage du titre de la page (gzip, entre parenthèses : le nombre de fichiers)\n`);
    console.log(
      `${'page'.padEnd(22)} ${pad('score', 5)} ${pad('FCP s', 6)} ${pad('LCP s', 6)} ${pad('TBT ms', 6)} ${pad('CLS', 6)} ${pad('JS transféré Kio', 16)} ${pad('JS initial Kio', 15)} ${pad('kB', 6)}  budget : score, JS`,
    );
    let failures = 0;
    for (const { page, lighthouse: l, initial } of rows) {
      const scoreOk = l.score >= BUDGET.score;
      const jsOk = initial.gzipBytes <= BUDGET.initialJsBytes;
      if (!scoreOk || !jsOk) failures += 1;
      console.log(
        `${`${page.path}${page.signedIn ? ' (connecté)' : ''}`.padEnd(22)} ${pad(String(l.score), 5)} ${pad((l.fcpMs / 1000).toFixed(2), 6)} ${pad((l.lcpMs / 1000).toFixed(2), 6)} ` +
          `${pad(l.tbtMs.toFixed(0), 6)} ${pad(l.cls.toFixed(3), 6)} ${pad(`${kib(l.jsTransferredBytes).toFixed(1)} (${l.jsRequests})`, 16)} ${pad(`${kib(initial.gzipBytes).toFixed(1)} (${initial.files.length})`, 15)} ${pad(kB(initial.gzipBytes).toFixed(1), 6)}  ${mark(scoreOk)} ${mark(jsOk)}`,
      );
    }
    console.log(
      `\nBudget : performance ≥ ${BUDGET.score} sur chaque page, JS initial ≤ ${kB(BUDGET.initialJsBytes)} kB gzip (${BUDGET.initialJsBytes.toLocaleString('fr-FR')} octets = ${kib(BUDGET.initialJsBytes).toFixed(1)} Kio) : ` +
        `${failures === 0 ? '✓ tenu' : `✗ dépassé sur ${failures} page(s)`}`,
    );
    console.log(`Charge moyenne de la machine (1, 5, 15 min) à la fin : ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} pour ${os.cpus().length} cœurs.`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(workDir, { recursive: true, force: true });
  }
}
