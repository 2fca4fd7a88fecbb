// Regression found by this benchmark: grey views were handed to zxing with one or two channels where
// it reads four bytes a pixel; it then read past their end into pixels left in its heap by earlier
// photos and "found" the previous photo's barcode, confirmed, in a packet that has none (a
// recognition answered another product at 0.98). This exact sequence of benchmark photos showed it.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { decodeBarcodes } from '../../server/platform/barcode/decode';
import { packshotPhoto } from '../../server/test/packshots';
import { benchGtin, buildCases } from './dataset';

it("never reads an earlier photo's barcode in a photo without one", async () => {
  const seed = JSON.parse(readFileSync(new URL('../../server/db/seed/products.json', import.meta.url), 'utf8')) as { name: string; brand: string }[];
  const rows = seed.map((r, i) => ({ id: `p${i}`, name: r.name, brand: r.brand || null }));
  const coded = rows.slice(0, 8).map((product, i) => ({ product, format: 'EAN-13' as const, gtin: benchGtin(i, 'EAN-13') }));
  const cases = buildCases(coded, rows.filter((r) => r.brand).slice(0, 1), 0);
  for (const c of cases) {
    const found = (await decodeBarcodes(await packshotPhoto(c.scene))).map((b) => b.gtin);
    if (c.scene.barcode) expect(found.filter((g) => g !== c.scene.barcode!.text), c.id).toEqual([]);
    else expect(found, c.id).toEqual([]);
  }
});
