// POST /api/extract-shopping-list through the app: who may call it, every kind of document
// (text, CSV, text PDF, scanned PDF, photo) generated here, the bad inputs, the progress stream
// and the per-account limit. Nothing of a user's lists changes on an import.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, ImportStreamEvent } from '#contract/imports';
import { fr } from '#contract/messages';
import { listImagePng, scannedPdf, textPdf } from '../../test/documents';
import { bearer, createTestContext, detailOf, loginDemo, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { documentUpload, multipartBody } from '../../test/multipart';

let ctx: TestContext;
let alice: SignedIn;

const LIST = ['Liste de courses', '- 2 x Djino 1,5L', '- Sardines à l’huile x3', '- Sucre blanc granulé'];

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

const send = (upload: { payload: Buffer; headers: Record<string, string> }, who: SignedIn | null = alice, accept?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/extract-shopping-list',
    payload: upload.payload,
    headers: { ...upload.headers, ...(who ? bearer(who.access_token) : {}), ...(accept ? { accept } : {}) },
  });

const productNames = (result: ImportResult) => result.enhanced_items.filter((i) => i.exists_in_db).map((i) => i.name);

describe('who may import', () => {
  it('asks strangers to sign in and refuses delivery agents', async () => {
    const upload = documentUpload('Riz\n', 'liste.txt');
    expect((await send(upload, null)).statusCode).toBe(401);
    const agent = await loginDemo(ctx.app, 'agent');
    expect((await send(upload, agent)).statusCode).toBe(403);
  });
});

describe('documents', () => {
  it('reads a text file, whatever its name says, in the spec shape', async () => {
    const res = await send(documentUpload(LIST.join('\n'), 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ success: true, document_kind: 'text', ocr_confidence: null });
    expect(result.item_count).toBe(result.enhanced_items.length);
    expect(result.extracted_text).toContain('Djino');
    expect(result.basic_items.length).toBeGreaterThanOrEqual(3);
    const djino = result.enhanced_items.find((i) => i.original_text.includes('Djino'));
    expect(djino).toMatchObject({ name: 'Djino, bouteille 1,5 L', quantity: 2, exists_in_db: true, source: 'text_import' });
    for (const item of result.enhanced_items) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining(['name', 'category', 'brand', 'description', 'original_text', 'exists_in_db', 'product_id', 'confidence', 'source', 'quantity', 'unit', 'candidates']),
      );
    }
  });

  it('reads a CSV with a header', async () => {
    const res = await send(documentUpload('Produit;Quantité\nDjino 1,5 L;2\nSucre blanc granulé;1\n', 'courses.csv', 'text/csv'));
    expect(res.statusCode).toBe(200);
    const result = res.json() as ImportResult;
    expect(result.document_kind).toBe('csv');
    expect(result.enhanced_items.map((i) => i.source)).toEqual(['csv_import', 'csv_import']);
  });

  it('reads the text layer of a PDF, line by line', async () => {
    const res = await send(documentUpload(textPdf([LIST]), 'liste.pdf', 'application/pdf'));
    expect(res.statusCode).toBe(200);
    const result = res.json() as ImportResult;
    expect(result.document_kind).toBe('pdf');
    expect(productNames(result)).toEqual(expect.arrayContaining(['Djino, bouteille 1,5 L', 'Sucre blanc granulé, paquet 1 kg']));
    expect(result.enhanced_items[0].source).toBe('pdf_text');
  });

  it('reads a photo of a printed list by OCR, and a scanned PDF page the same way', async () => {
    const png = await listImagePng(LIST);
    const photo = await send(documentUpload(png, 'IMG_2041', 'application/octet-stream'));
    expect(photo.statusCode).toBe(200);
    const fromPhoto = photo.json() as ImportResult;
    expect(fromPhoto.document_kind).toBe('photo');
    expect(fromPhoto.ocr_confidence).toBeGreaterThan(50);
    expect(productNames(fromPhoto)).toEqual(expect.arrayContaining(['Djino, bouteille 1,5 L', 'Sucre blanc granulé, paquet 1 kg']));
    expect(fromPhoto.enhanced_items.every((i) => i.source === 'ocr_suggestion')).toBe(true);

    const jpeg = await sharp(png).jpeg({ quality: 85 }).toBuffer();
    const { width, height } = await sharp(jpeg).metadata();
    const scan = await send(documentUpload(scannedPdf([{ bytes: jpeg, width: width!, height: height! }]), 'scan.pdf'));
    expect(scan.statusCode).toBe(200);
    const fromScan = scan.json() as ImportResult;
    expect(fromScan.document_kind).toBe('scanned_pdf');
    expect(productNames(fromScan)).toEqual(expect.arrayContaining(['Djino, bouteille 1,5 L']));
  });
});

describe('bad documents get a French 4xx and change nothing', () => {
  it('refuses a missing, empty or misplaced file', async () => {
    const empty = await send(documentUpload(Buffer.alloc(0), 'vide.jpg', 'image/jpeg'));
    expect(empty.statusCode).toBe(400);
    expect(detailOf(empty)).toBe(fr.lists.imageRequired);
    const otherField = await send(multipartBody([{ field: 'document', filename: 'a.txt', bytes: 'Riz' }]));
    expect(otherField.statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/extract-shopping-list', payload: { file: 'Riz' }, headers: bearer(alice.access_token) });
    expect(json.statusCode).toBe(400);
    expect(detailOf(json)).toBe(fr.lists.imageRequired);
  });

  it('refuses more than 10 MB with the spec message', async () => {
    const res = await send(documentUpload(Buffer.alloc(12 * 1024 * 1024, 0x41), 'grosse.txt', 'text/plain'));
    expect(res.statusCode).toBe(413);
    expect(detailOf(res)).toBe(fr.lists.fileTooLarge);
  });

  it('refuses a program renamed .jpg (415) and corrupt PDFs or photos (422)', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 0)]);
    const program = await send(documentUpload(exe, 'liste.jpg', 'image/jpeg'));
    expect(program.statusCode).toBe(415);
    expect(detailOf(program)).toBe(fr.lists.imageRequired);

    const brokenPdf = await send(documentUpload(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'), 'liste.pdf'));
    expect(brokenPdf.statusCode).toBe(422);
    expect(detailOf(brokenPdf)).toBe(fr.lists.importFailed);

    const brokenJpeg = await send(documentUpload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), 'photo.jpg'));
    expect(brokenJpeg.statusCode).toBe(422);
  });

  it('says when nothing could be read, and leaves the lists as they were', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: bearer(alice.access_token) })).json();
    const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const res = await send(documentUpload(blank, 'blanc.png'));
    expect(res.statusCode).toBe(422);
    expect(detailOf(res)).toBe(fr.lists.importFailed);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/shopping-lists', headers: bearer(alice.access_token) })).json();
    expect(after).toEqual(before);
  });
});

describe('progress stream', () => {
  const events = (body: string) => body.trim().split('\n').map((line) => JSON.parse(line) as ImportStreamEvent);

  it('streams the stages, then the result', async () => {
    const res = await send(documentUpload(await listImagePng(LIST), 'liste.png'), alice, 'application/x-ndjson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const sent = events(res.body);
    const stages = sent.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.stage : ''));
    expect(stages).toEqual(expect.arrayContaining(['reading', 'recognising', 'matching']));
    const last = sent.at(-1)!;
    expect(last.type).toBe('result');
    expect(last.type === 'result' && last.result.enhanced_items.length).toBeGreaterThan(0);
  });

  it('ends with the error the plain answer would have given', async () => {
    const res = await send(documentUpload(Buffer.from('%PDF-1.4\nnot really'), 'x.pdf'), alice, 'application/x-ndjson');
    const last = events(res.body).at(-1)!;
    expect(last).toMatchObject({ type: 'error', status: 422, detail: fr.lists.importFailed });
  });
});

describe('limits per account', () => {
  it('refuses more documents per hour than allowed, for that account only', async () => {
    const limited = await createTestContext({ imports: { ocrWorkers: 1, perUserPerHour: 2, receiptWaitMs: 8000 } });
    try {
      const [carol, dan] = await Promise.all([registerUser(limited.app), registerUser(limited.app)]);
      const post = (who: SignedIn) =>
        limited.app.inject({ method: 'POST', url: '/api/extract-shopping-list', ...withAuth(documentUpload('Riz\nSucre\n', 'l.txt'), who) });
      expect((await post(carol)).statusCode).toBe(200);
      expect((await post(carol)).statusCode).toBe(200);
      const third = await post(carol);
      expect(third.statusCode).toBe(429);
      expect(detailOf(third)).toBe(fr.lists.tooManyImports);
      expect((await post(dan)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

function withAuth(upload: { payload: Buffer; headers: Record<string, string> }, who: SignedIn) {
  return { payload: upload.payload, headers: { ...upload.headers, ...bearer(who.access_token) } };
}
