// Issue 27, findings 3 and 10: no document takes the server hostage. Limits by kind, before the
// expensive work: a text longer than the pasted-list limit (200 000 characters) is refused before
// it is parsed, a PDF image is refused by its declared size before pdf.js decodes it, and a broken
// multipart body is a French 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TEXT_MAX_CHARS } from '#contract/imports';
import { fr } from '#contract/messages';
import { deflateSync } from 'node:zlib';
import { flateContentPdf, flateImagePdf, textPdf } from '../../test/documents';
import { bearer, createTestContext, detailOf, registerUser, type SignedIn, type TestContext } from '../../test/harness';
import { documentUpload } from '../../test/multipart';

let ctx: TestContext;
let alice: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await registerUser(ctx.app);
});
afterAll(() => ctx.close());

const send = (payload: Buffer | string, contentType: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/extract-shopping-list', payload, headers: { ...bearer(alice.access_token), 'content-type': contentType } });
const sendUpload = (upload: { payload: Buffer; headers: Record<string, string> }) => send(upload.payload, upload.headers['content-type']);
const textTooLong = fr.lists.textTooLong(DOCUMENT_TEXT_MAX_CHARS.toLocaleString('fr-FR'));

describe('a text document', () => {
  it('of 9.4 MB on one line is refused with the limit said (it answered 500 after 24 s)', async () => {
    const res = await sendUpload(documentUpload('riz '.repeat(2_350_000), 'une-ligne.txt', 'text/plain'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(detailOf(res)).toBe(textTooLong);
    expect(textTooLong).toMatch(/200\s000 caractères/);
  });

  it('one character over the limit is refused, after decoding (accents take two bytes)', async () => {
    const text = 'é'.repeat(DOCUMENT_TEXT_MAX_CHARS - 9) + '\nriz x 2\n'.padEnd(10, 'x');
    expect(text.length).toBe(DOCUMENT_TEXT_MAX_CHARS + 1);
    const res = await sendUpload(documentUpload(text, 'liste.txt', 'text/plain'));
    expect(res.statusCode).toBe(413);
    expect(detailOf(res)).toBe(textTooLong);
  });

  it('a PDF whose text layer is longer than the limit is refused the same way', async () => {
    // 2-point type: 390 lines of 170 characters a page, 10 pages.
    const line = 'Sucre blanc granulé paquet 1 kg, deux paquets pour la semaine ; '.repeat(3).slice(0, 170);
    const pages = Array.from({ length: 10 }, () => Array.from({ length: 390 }, () => line));
    const res = await sendUpload(documentUpload(textPdf(pages, 2), 'livre.pdf'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(detailOf(res)).toBe(textTooLong);
  });
});

describe('a PDF image', () => {
  it('declared larger than 40 megapixels is refused before it is decoded', async () => {
    const bomb = flateImagePdf(8000, 6000); // 48 MP: a few kilobytes of file
    expect(bomb.length).toBeLessThan(200_000);
    const before = process.memoryUsage().rss;
    const res = await sendUpload(documentUpload(bomb, 'scan.pdf'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(detailOf(res)).toBe(fr.lists.pdfImageTooLarge(40));
    // Decoded, the image alone would be 48 MB of pixels, and more as PNG and for OCR.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
  });
});

describe('a PDF that inflates to far more than it weighs', () => {
  // 256 MB of spaces in a 250 kB file: pdf.js inflated 1 GB of them to 2.2 GB and held the event loop 9.6 s.
  const spaces = deflateSync(Buffer.alloc(256 * 1024 * 1024, 0x20), { level: 9 });

  it.each([
    ['its page content', () => flateContentPdf(spaces)],
    ['a small image carrying far more data than its size', () => flateImagePdf(400, 400, spaces)],
  ])('in %s is refused before pdf.js opens it', async (_name, pdf) => {
    const before = process.memoryUsage().rss;
    const res = await sendUpload(documentUpload(pdf(), 'liste.pdf'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(detailOf(res)).toBe(fr.lists.pdfInflatesTooMuch(32));
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a list whose content is compressed, as every PDF writer does, is read', async () => {
    const content = 'BT /F1 12 Tf 14 TL 56 790 Td (Riz parfume 5 kg) Tj T* (Huile de palme 1 L) Tj T* ET';
    const pdf = flateContentPdf(deflateSync(Buffer.from(content, 'latin1')));
    const res = await sendUpload(documentUpload(pdf, 'liste.pdf'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toMatch(/Riz parfum/i);
  });
});

describe('a broken multipart body', () => {
  const boundary = 'XyZ';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="liste.txt"\r\n\r\nRiz\r\n`;
  it.each([
    ['without its closing boundary', part, `multipart/form-data; boundary=${boundary}`],
    ['without a boundary in its type', `${part}--${boundary}--\r\n`, 'multipart/form-data'],
    ['of garbage', 'garbage \u0000\u0001\u0002 garbage', `multipart/form-data; boundary=${boundary}`],
  ])('%s is a French 400', async (_name, payload, contentType) => {
    const res = await send(payload, contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect([fr.lists.uploadMalformed, fr.lists.imageRequired]).toContain(detailOf(res));
  });

  it('still lets the next, well-formed upload through', async () => {
    const res = await sendUpload(documentUpload('Riz parfumé 5 kg\nSucre\n', 'liste.txt', 'text/plain'));
    expect(res.statusCode, res.body).toBe(200);
  });
});
