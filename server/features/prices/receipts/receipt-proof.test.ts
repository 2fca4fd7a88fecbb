// Issue 29, item 1: the receipt image is its prices' proof, kept with personal data masked (card and
// loyalty numbers, the customer's name) and shown only to its contributor and to moderators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '#contract/receipts';
import { createOcrPool } from '../../../platform/ocr/ocr-pool';
import { readDocument } from '../../../platform/ocr/read-document';
import { listImagePng, textPdf } from '../../../test/documents';
import { bearer, createTestContext, realModerator, registerUser, type SignedIn, type TestContext } from '../../../test/harness';
import { documentUpload } from '../../../test/multipart';
import { isPersonalLine } from './receipt-proof';

describe('which ticket lines are personal', () => {
  it.each(['CARTE FIDELITE 4521 8879 9012', 'VISA **** **** **** 4821', 'CB 4970 1234 5678 9012', 'CLIENT : MBOUMBA Jean', 'Mme NZIENGUI Clarisse', 'AIRTEL MONEY 074 12 34 56', 'POINTS CUMULES 125'])('%s is masked', (line) => {
    expect(isPersonalLine(line)).toBe(true);
  });
  it.each(['RIZ PARF ELEPHANT 5KG        6 500', 'TOTAL                        9 550', 'ESPECES                     10 000', '03/12/2026 14:05   CAISSE 02', "HUILE PALME CUISIN'OR 90CL", 'REMISE -200', 'MERCI DE VOTRE VISITE'])('%s is kept', (line) => {
    expect(isPersonalLine(line)).toBe(false);
  });
});

describe('GET /api/prices/receipts/{id}/proof', () => {
  let ctx: TestContext;
  let alice: SignedIn;
  let bob: SignedIn;
  let moderator: SignedIn;
  const pool = createOcrPool({ size: 1 });

  beforeAll(async () => {
    ctx = await createTestContext();
    [alice, bob, moderator] = [await registerUser(ctx.app), await registerUser(ctx.app), await realModerator(ctx)];
  });
  afterAll(async () => {
    await ctx.close();
    await pool.close();
  });

  const upload = async (file: Buffer, name: string) => {
    const form = documentUpload(file, name);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/prices/receipts', payload: form.payload, headers: { ...form.headers, ...bearer(alice.access_token) } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Receipt;
  };
  const proof = (who: SignedIn | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who.access_token) : {} });

  it('a photo keeps its prices readable and its loyalty card and customer masked; its sender and moderators only', async () => {
    const photo = await listImagePng(
      ['SANGEL', '03/12/2026 09:12', 'RIZ PARF ELEPHANT 5KG   6 500', 'SEL FIN 1KG   300', 'TOTAL   6 800', 'ESPECES   7 000', 'CARTE FIDELITE 4521 8879 9012', 'CLIENT : MBOUMBA'],
      { font: 'DejaVu Sans Mono', fontSize: 30, width: 760 },
    );
    const receipt = await upload(photo, 'ticket.png');
    expect(receipt.proof_url).toBe(`/api/prices/receipts/${receipt.receipt_id}/proof`);
    const mine = await proof(alice, receipt.proof_url!);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toMatch(/no-store/);
    const text = (await readDocument(mine.rawPayload, pool)).text;
    expect(text).toMatch(/RIZ/);
    expect(text).toMatch(/6 ?500/);
    expect(text).not.toMatch(/4521|8879|9012|MBOUMBA|FIDELITE/);

    expect((await proof(moderator, receipt.proof_url!)).statusCode).toBe(200);
    const other = await proof(bob, receipt.proof_url!);
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe('Ticket introuvable');
    expect((await proof(null, receipt.proof_url!)).statusCode).toBe(401);
  }, 120_000);

  it('the stored file is never served by /uploads', async () => {
    const { uploadsDir } = ctx;
    const { readdir } = await import('node:fs/promises');
    const [file] = await readdir(`${uploadsDir}/private/receipts`);
    expect(file).toMatch(/\.webp$/);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/private/receipts/${file}` })).statusCode).toBe(404);
  });

  it('a PDF e-receipt is drawn from its text, the card number masked', async () => {
    const receipt = await upload(textPdf([['GEANT CKDO', 'Bd Bessieux - Libreville', '02/12/2026 10:30', 'RIZ PARF ELEPHANT 5KG   6 500', 'TOTAL   6 500', 'VISA **** **** **** 4821', 'CB 6 500']]), 'ticket.pdf');
    const res = await proof(alice, receipt.proof_url!);
    expect(res.statusCode).toBe(200);
    const text = (await readDocument(res.rawPayload, pool)).text;
    expect(text).toMatch(/RIZ PARF/);
    expect(text).not.toMatch(/4821|VISA/);
  }, 120_000);
});
