// `npm run bench -- receipts` (issue 29, item 1): till receipts read end to end on a generated set
// whose truth is known — tickets of several chains' layouts (bench/receipts/tickets.ts) printed as a
// thermal ticket (PNG), photographed with a phone (JPEG) and sent as an e-receipt (PDF). Each goes
// through the app's own reading (readDocument: type sniffing, OCR pool, PDF text layer) and the
// receipt reader (readReceiptText), one at a time. Reported per kind: store (chain) found, date,
// total, line recall (label read and exact price), price precision, 'high' lines' precision, and
// time per receipt (median, p95). Two shopping-list photos check that a list is not taken for a ticket.
// Then the photos again through the HTTP API of a fresh server: reading time per photo, and the
// API's p95 while 4 receipts are read at once against idle (receipts-load.ts).
//
// Knobs (environment):
//   BENCH_RECEIPTS_DOCS=8    tickets per kind (default 8)
//   BENCH_RECEIPTS_SEED=1    another set of tickets (default 0, the set the reader was checked on):
//                            tickets the reader has never been looked at with
//   BENCH_VERBOSE=1          every miss, ticket by ticket (2: also the text read)
//   BENCH_KEEP=1             keep the generated documents (the path is printed)
//   BENCH_RECEIPTS_LOAD=0    skip the speed and load part through the API (receipts-load.ts)
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { looksLikeReceipt, type ReadReceipt, readReceiptText } from '../../server/features/prices/receipts/receipt-text';
import { createOcrPool, type OcrPool } from '../../server/platform/ocr/ocr-pool';
import { readDocument } from '../../server/platform/ocr/read-document';
import { seededRandom } from '../../server/platform/random';
import { listImagePng } from '../../server/test/documents';
import { percentile } from '../http-load';
import { measureReceiptsLoad } from './receipts-load';
import { drawThermalStyle, handwrittenPng, photoJpeg, receiptPdf, thermalPng } from './render';
import { addReceiptCounts, emptyReceiptCounts, type LineFailure, type ReceiptCounts, scoreReceipt } from './score';
import { generateTicket, LAYOUTS, type LayoutName, type Ticket } from './tickets';

export const KINDS = ['thermal', 'photo', 'pdf'] as const;
export type Kind = (typeof KINDS)[number];
const KIND_LABELS: Record<Kind, string> = { thermal: 'ticket thermique (PNG)', photo: 'photo de téléphone', pdf: 'e-ticket PDF' };

export type Document = { id: string; kind: Kind; ticket: Ticket; bytes: Buffer; ext: string; description: string };
type Outcome = { document: Document; ms: number; text: string; read: ReadReceipt | null; looks: boolean; error?: string; counts: ReceiptCounts; failures: LineFailure[] };

const verbose = Number(process.env.BENCH_VERBOSE ?? 0);
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const secs = (ms: number) => (Number.isNaN(ms) ? '—' : (ms / 1000).toFixed(2));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The same tickets printed and photographed (market receipts included); PDFs are the chains' own e-receipts. */
export async function buildCorpus(perKind: number, set: number): Promise<Document[]> {
  const documents: Document[] = [];
  const base = 29_000 + set * 1_000_000;
  const chains = LAYOUTS.filter((l) => l !== 'market');
  for (let i = 0; i < perKind; i++) {
    const layout: LayoutName = LAYOUTS[i % LAYOUTS.length];
    const ticket = generateTicket(layout, base + i, `ticket-${String(i + 1).padStart(2, '0')}`);
    const random = seededRandom(base + 500 + i);
    const style = drawThermalStyle(random);
    const page = ticket.handwritten ? await handwrittenPng(ticket, random) : await thermalPng(ticket, style, random);
    const how = ticket.handwritten ? 'reçu manuscrit' : `${style.font} ${style.fontSize}px${style.faded ? ', impression pâlie' : ''}${style.streaks ? ', traînées' : ''}`;
    documents.push({ id: `${ticket.id}-thermal`, kind: 'thermal', ticket, bytes: page, ext: 'png', description: `${layout}, ${ticket.lines.length} articles, ${how}` });
    const photo = await photoJpeg(page, random);
    const o = photo.options;
    const shot = [`${o.longSide}px`, `incl. ${o.tilt.toFixed(1)}°`, o.turn ? `tournée ${o.turn}°` : '', o.exifSideways ? 'EXIF 6' : '', o.shadow !== 'none' ? `ombre ${o.shadow}` : '', o.blur ? `flou ${o.blur.toFixed(1)}` : '', `JPEG q${o.jpegQuality}`].filter(Boolean).join(', ');
    documents.push({ id: `${ticket.id}-photo`, kind: 'photo', ticket, bytes: photo.bytes, ext: 'jpg', description: `${layout}, ${ticket.lines.length} articles, ${how}; ${shot}` });
    const eTicket = generateTicket(chains[i % chains.length], base + 900 + i, `eticket-${String(i + 1).padStart(2, '0')}`);
    documents.push({ id: `${eTicket.id}-pdf`, kind: 'pdf', ticket: eTicket, bytes: receiptPdf(eTicket), ext: 'pdf', description: `${eTicket.layout}, ${eTicket.lines.length} articles` });
  }
  return documents;
}

async function readOne(document: Document, pool: OcrPool): Promise<Omit<Outcome, 'counts' | 'failures'>> {
  const start = performance.now();
  try {
    const read = await readDocument(document.bytes, pool);
    const receipt = readReceiptText(read.text);
    const looks = looksLikeReceipt(read.text, receipt);
    return { document, ms: performance.now() - start, text: read.text, read: receipt, looks };
  } catch (error) {
    return { document, ms: performance.now() - start, text: '', read: null, looks: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

function printOutcome(outcome: Outcome): void {
  const { document, counts, read } = outcome;
  console.log(`\n— ${document.id} (${document.description}) : ${counts.recalled}/${counts.truthLines} lignes, ${secs(outcome.ms)} s`);
  if (outcome.error) console.log(`    ERREUR ${outcome.error}`);
  if (read) {
    const t = document.ticket;
    if (!counts.store) console.log(`    MAGASIN  attendu ${t.chain}, lu ${read.store.chain ?? '—'}`);
    if (!counts.date) console.log(`    DATE     attendue ${t.purchased_at}, lue ${read.purchased_at ?? '—'}`);
    if (!counts.total) console.log(`    TOTAL    attendu ${t.total_xaf}, lu ${read.total_xaf ?? '—'} (lignes ${read.checks.lines_total_xaf})`);
  }
  for (const f of outcome.failures) console.log(`    LIGNE    attendu : ${f.expected}\n             obtenu  : ${f.got}`);
  if (verbose >= 2) console.log(`    texte lu :\n${outcome.text.split('\n').map((l) => `      | ${l}`).join('\n')}`);
}

function row(label: string, counts: ReceiptCounts, ms: number[], errors: number): string {
  const d = counts.documents;
  return `${label.padEnd(26)} ${String(d).padStart(4)} ${String(counts.truthLines).padStart(6)} ${pct(counts.store, d).padStart(8)} ${pct(counts.date, d).padStart(8)} ${pct(counts.total, d).padStart(8)} ${pct(counts.matchesTotal, d).padStart(8)} ${pct(counts.recalled, counts.truthLines).padStart(8)} ${pct(counts.pricedRight, counts.priced).padStart(9)} ${pct(counts.highRight, counts.high).padStart(9)} ${String(counts.high).padStart(6)} ${secs(percentile(sorted(ms), 50)).padStart(7)} ${secs(percentile(sorted(ms), 95)).padStart(7)} ${String(errors).padStart(3)}`;
}

export async function run(): Promise<void> {
  const perKind = Math.max(1, Number(process.env.BENCH_RECEIPTS_DOCS ?? 8));
  const buildStart = performance.now();
  const set = Number(process.env.BENCH_RECEIPTS_SEED ?? 0);
  const documents = await buildCorpus(perKind, set);
  console.log(`${documents.length} documents générés en ${secs(performance.now() - buildStart)} s (jeu ${set}, ${perKind} par type, mises en page : ${LAYOUTS.join(', ')})`);
  if (process.env.BENCH_KEEP) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'receipts-bench-'));
    await mkdir(dir, { recursive: true });
    for (const d of documents) {
      await writeFile(path.join(dir, `${d.id}.${d.ext}`), d.bytes);
      await writeFile(path.join(dir, `${d.id}.txt`), d.ticket.text.join('\n'));
    }
    console.log(`documents gardés dans ${dir}`);
  }

  const pool = createOcrPool();
  const outcomes: Outcome[] = [];
  try {
    // Warm the OCR worker: its start is not a receipt's reading time.
    await readDocument(await listImagePng(['Riz 5 kg', 'Huile']), pool).catch(() => {});
    for (const document of documents) {
      const outcome = await readOne(document, pool);
      const { counts, failures } = scoreReceipt(document.ticket, outcome.read, outcome.looks);
      outcomes.push({ ...outcome, counts, failures });
      if (verbose >= 1 && (failures.length > 0 || !counts.store || !counts.date || !counts.total || outcome.error)) printOutcome(outcomes[outcomes.length - 1]);
    }

    // A photo of a shopping list must not read as a ticket.
    const lists = [
      ['Liste de courses', 'Riz parfumé 5 kg', "Huile Cuisin'Or 1 L", '3 boîtes de sardines', 'Oignons 2 kg', 'Pain x4', 'Lait Nido'],
      ['Courses samedi 05/12', '- tomates 3 tas', '- poisson fumé', '- piment', '- savon 2', '- eau Andza x6', '- sucre 1 kg 900 F'],
    ];
    let listsRefused = 0;
    for (const lines of lists) {
      const read = await readDocument(await listImagePng(lines), pool).catch(() => null);
      if (read && !looksLikeReceipt(read.text)) listsRefused++;
    }

    console.log('\nRésultats par type de document (un document à la fois ; temps = lecture OCR ou PDF + lecture du ticket)\n');
    const header = `${'type'.padEnd(26)} ${'docs'.padStart(4)} ${'lignes'.padStart(6)} ${'magasin'.padStart(8)} ${'date'.padStart(8)} ${'total'.padStart(8)} ${'somme ok'.padStart(8)} ${'rappel'.padStart(8)} ${'précision'.padStart(9)} ${'préc.high'.padStart(9)} ${'n high'.padStart(6)} ${'méd. s'.padStart(7)} ${'p95 s'.padStart(7)} err`;
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const kind of KINDS) {
      const mine = outcomes.filter((o) => o.document.kind === kind);
      const counts = mine.reduce((sum, o) => addReceiptCounts(sum, o.counts), emptyReceiptCounts());
      console.log(row(KIND_LABELS[kind], counts, mine.map((o) => o.ms), mine.filter((o) => o.error).length));
    }
    const all = outcomes.reduce((sum, o) => addReceiptCounts(sum, o.counts), emptyReceiptCounts());
    console.log('-'.repeat(header.length));
    console.log(row('ensemble', all, outcomes.map((o) => o.ms), outcomes.filter((o) => o.error).length));

    console.log('\nPar mise en page (tous types confondus)\n');
    for (const layout of LAYOUTS) {
      const mine = outcomes.filter((o) => o.document.ticket.layout === layout);
      if (mine.length === 0) continue;
      const counts = mine.reduce((sum, o) => addReceiptCounts(sum, o.counts), emptyReceiptCounts());
      console.log(row(`  ${layout}`, counts, mine.map((o) => o.ms), mine.filter((o) => o.error).length));
    }
    const looks = all.looksLikeReceipt;
    console.log(`\nReconnus comme tickets : ${looks}/${all.documents} ; listes de courses refusées : ${listsRefused}/${lists.length}`);
    console.log("Rappel : libellé lu (similarité ≥ 0,75) avec quantité, prix unitaire et total de ligne exacts. Précision : lignes à prix lues dont le prix est exact. « somme ok » : les lignes, remises et consignes retombent sur le total.");
  } finally {
    await pool.close();
  }
  // Speed and load through the API, on the same photos (receipts-load.ts).
  if (process.env.BENCH_RECEIPTS_LOAD !== '0') await measureReceiptsLoad(documents.filter((d) => d.kind === 'photo').map((d) => ({ id: d.id, bytes: d.bytes })));
}
