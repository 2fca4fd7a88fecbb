// Issue 29, item 1, second step: a read ticket's store and products, on the seed catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { findReceiptStore, matchReceiptLines } from './receipt-matching';
import { readReceiptText } from './receipt-text';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const TICKET = `GEANT CKDO
Bd Bessieux - Libreville
03/12/2026 14:05   CAISSE 02
RIZ PARF ELEPHANT 5KG        6 500
HUILE PALME CUISIN'OR 90CL
   2 X 1 100                 2 200
SUCRE BLANC GRANULE 1KG        850
XQZW ARTICLE DIVERS            300
TOTAL                        9 850
ESPECES                     10 000
RENDU                          150`;

describe('the store of a ticket', () => {
  it('the header names one store: Géant CKdo', async () => {
    const found = await findReceiptStore(ctx.db, readReceiptText(TICKET).store, null);
    expect(found.name).toBe('Géant CKdo');
    expect(found.candidates[0]).toMatchObject({ name: 'Géant CKdo' });
  });

  it('a chain with several stores and no district: the one where the shopper stands, else only candidates', async () => {
    const hints = readReceiptText('SANGEL\n03/12/2026\nRIZ PARF 5KG   6 500\nTOTAL   6 500').store;
    const [oloumi] = await ctx.db.query.stores.findMany({ where: (s, { eq }) => eq(s.name, 'SANgel Oloumi') });
    const standing = await findReceiptStore(ctx.db, hints, { latitude: oloumi.latitude + 0.001, longitude: oloumi.longitude });
    expect(standing.name).toBe('SANgel Oloumi');
    const unsure = await findReceiptStore(ctx.db, hints, null);
    expect(unsure.store_id).toBeNull();
    expect(unsure.candidates.length).toBeGreaterThan(1);
    expect(unsure.candidates.every((c) => c.name.startsWith('SANgel'))).toBe(true);
  });

  it('no chain and no position: no store, no guess', async () => {
    const found = await findReceiptStore(ctx.db, readReceiptText('BOUTIQUE\n03/12/2026\nPAIN   150\nTOTAL   150').store, null);
    expect(found).toEqual({ store_id: null, name: null, candidates: [], chain_key: null });
  });
});

describe('the products of a ticket', () => {
  it('labels with chain abbreviations find their product; an unknown one stays unmatched and low', async () => {
    const lines = await matchReceiptLines(ctx.db, readReceiptText(TICKET));
    const byLabel = Object.fromEntries(lines.map((l) => [l.label, l]));
    expect(byLabel['RIZ PARF ELEPHANT 5KG']).toMatchObject({ product_name: 'Riz parfumé, sac 5 kg', line_total_xaf: 6500 });
    expect(byLabel["HUILE PALME CUISIN'OR 90CL"]).toMatchObject({ product_name: "Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", quantity: 2, unit_price_xaf: 1100 });
    expect(byLabel['SUCRE BLANC GRANULE 1KG'].product_name).toBe('Sucre blanc granulé, paquet 1 kg');
    const unknown = lines.find((l) => l.label.startsWith('XQZW'))!;
    expect(unknown.product_id).toBeNull();
    expect(unknown.confidence).toBe('low');
  });

  it('a line is never surer than its arithmetic', async () => {
    const wrong = readReceiptText(`GEANT CKDO\n03/12/2026\nHUILE PALME CUISIN'OR 90CL\n   2 X 1 100     2 900\nTOTAL   2 900`);
    const [line] = await matchReceiptLines(ctx.db, wrong);
    expect(line.product_name).toBe("Huile de palme raffinée Cuisin'Or, bouteille 0,9 L");
    expect(line.confidence).not.toBe('high');
  });
});
