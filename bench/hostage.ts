// Hostage benchmark (issue 27, findings 3 and 10): can one upload freeze the server? A fresh server
// (`server/main.ts`, embedded database) is polled on /api/health every 20 ms, first alone (the
// baseline), then while two accounts send what froze it before: a 10 MB text file, 9.4 MB of text on
// one line, four 0.9 MB PDFs each declaring a 30 000 × 30 000 Flate image, and broken multipart
// bodies, from five accounts, in five rounds. Reported: /api/health p50 / p99 / max against the baseline, the server's peak RSS
// (/proc VmHWM), and what each attack was answered.
// Budgets: /api/health p99 ≤ 250 ms during the attacks, peak RSS ≤ 1 GiB.
//   npm run bench -- hostage
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeflate } from 'node:zlib';
import { flateContentPdf, flateImagePdf } from '../server/test/documents';
import { documentUpload } from '../server/test/multipart';
import { percentile, startBenchServer } from './http-load';
import { memoryOf, resetPeak } from './proc-memory';

const PORT = 3197;
const BASE = `http://127.0.0.1:${PORT}`;
const POLL_MS = 20;
const BASELINE_MS = 5000;
/** The attacks are sent this many times over, one round after the other. */
const ROUNDS = 5;
/** Accounts sending them: an account may have 2 documents in analysis at once. */
const ACCOUNTS = 5;
const BUDGET = { p99Ms: 250, rssMiB: 1024 };

type Upload = { payload: Buffer; headers: Record<string, string> };
type Attack = { name: string; token: string; upload: Upload };

/** 900 MB of blank grey pixels, deflated a megabyte at a time (never held uncompressed). */
async function hugeBlankImage(width: number, height: number): Promise<Buffer<ArrayBuffer>> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024, 0xff);
  let left = width * height;
  while (left > 0) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= part.length;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

async function signedInAccount(n: number): Promise<string> {
  const payload = {
    email: `otage-${Date.now()}-${n}@exemple.ga`,
    password: 'Okoume-Mayumba-42',
    full_name: `Compte Otage ${n}`,
    phone: `+241 66 ${String(10 + n)} 20 30`,
    country_region: 'Gabon',
    user_type: 'consumer',
  };
  const res = await fetch(`${BASE}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  if (res.status !== 201) throw new Error(`inscription refusée : ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Polls /api/health until `until` resolves; answers the latencies in ms. */
async function pollHealth(until: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void until.finally(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const start = performance.now();
    await fetch(`${BASE}/api/health`).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return latencies;
}

const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
};

async function send(attack: Attack): Promise<string> {
  const start = performance.now();
  const res = await fetch(`${BASE}/api/extract-shopping-list`, {
    method: 'POST',
    headers: { ...attack.upload.headers, authorization: `Bearer ${attack.token}` },
    body: new Uint8Array(attack.upload.payload),
  });
  const body = (await res.text()).slice(0, 90);
  return `${attack.name.padEnd(44)} ${res.status}  ${String(Math.round(performance.now() - start)).padStart(6)} ms  ${body}`;
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mp-bench-hostage-'));
  console.log('Préparation des documents (une image de 30 000 × 30 000 compressée)…');
  const bombPixels = await hugeBlankImage(30_000, 30_000);
  const bomb = flateImagePdf(30_000, 30_000, bombPixels);
  const server = await startBenchServer(PORT, undefined, dataDir);
  try {
    const tokens: string[] = [];
    for (let n = 1; n <= ACCOUNTS; n++) tokens.push(await signedInAccount(n));
    const by = (i: number) => tokens[i % ACCOUNTS];
    const boundary = 'otage';
    const broken = (payload: string, contentType: string): Upload => ({ payload: Buffer.from(payload), headers: { 'content-type': contentType } });
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="liste.txt"\r\n\r\nRiz\r\n`;
    const documents: { name: string; upload: Upload }[] = [
      { name: 'texte de 10 Mo (lignes)', upload: documentUpload('Riz parfume 5 kg x 2\n'.repeat(500_000).slice(0, 10 * 1024 * 1024 - 1), 'liste.txt', 'text/plain') },
      { name: 'texte de 9,4 Mo sur une ligne', upload: documentUpload('riz '.repeat(2_350_000), 'ligne.txt', 'text/plain') },
      ...[1, 2, 3, 4].map((i) => ({ name: `PDF de ${(bomb.length / 1e6).toFixed(1)} Mo, image 30 000 × 30 000 (${i})`, upload: documentUpload(bomb, 'scan.pdf') })),
      // The same 900 MB of compressed blank bytes as a page's content, then as the data of a small image.
      { name: 'PDF, contenu de page de 900 Mo compressé', upload: documentUpload(flateContentPdf(bombPixels), 'contenu.pdf') },
      { name: 'PDF, image 400 × 400 portant 900 Mo', upload: documentUpload(flateImagePdf(400, 400, bombPixels), 'petite-image.pdf') },
      { name: 'multipart sans fin', upload: broken(part, `multipart/form-data; boundary=${boundary}`) },
      { name: 'multipart sans boundary', upload: broken(`${part}--${boundary}--\r\n`, 'multipart/form-data') },
      { name: 'multipart illisible', upload: broken('\u0000\u0001 garbage', `multipart/form-data; boundary=${boundary}`) },
    ];
    const attacks: Attack[] = documents.map((d, i) => ({ ...d, token: by(i) }));

    const baseline = summary(await pollHealth(new Promise((resolve) => setTimeout(resolve, BASELINE_MS))));
    const idle = memoryOf(server.pid!)!.rss;
    const peakReset = resetPeak(server.pid!);
    const answers = (async () => {
      let last: string[] = [];
      for (let round = 0; round < ROUNDS; round++) last = await Promise.all(attacks.map(send));
      return last;
    })();
    const during = summary(await pollHealth(answers));
    const peak = memoryOf(server.pid!)!.hwm;

    console.log(`\nRéponses aux attaques (dernière des ${ROUNDS} séries) :`);
    for (const line of await answers) console.log(`  ${line}`);
    const row = (label: string, s: ReturnType<typeof summary>) =>
      `  ${label.padEnd(22)} ${String(s.n).padStart(5)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(1).padStart(8)}`;
    console.log('\n/api/health (ms)            appels      p50      p99      max');
    console.log(row('seul (référence)', baseline));
    console.log(row('pendant les attaques', during));
    console.log(`\n  p99 pendant / référence : ×${(during.p99 / Math.max(baseline.p99, 0.1)).toFixed(1)}`);
    console.log(`  p99 pendant les attaques : ${during.p99.toFixed(0)} ms (budget ≤ ${BUDGET.p99Ms} ms) — ${during.p99 <= BUDGET.p99Ms ? 'OK' : 'HORS BUDGET'}`);
    console.log(`  RSS du serveur : ${idle.toFixed(0)} Mio au repos, ${peak.toFixed(0)} Mio au plus haut pendant les attaques${peakReset ? '' : ' (depuis son démarrage : clear_refs refusé)'} (budget ≤ ${BUDGET.rssMiB} Mio) — ${peak <= BUDGET.rssMiB ? 'OK' : 'HORS BUDGET'}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}
