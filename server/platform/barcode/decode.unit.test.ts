import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { barcodePhoto as photo, barcodePng, clutterSvg, type BarcodeScene as Scene } from '../../test/barcodes';
import { AppError } from '../errors';
import { decodeBarcodes } from './decode';

// The reader must never download its wasm: any fetch during these tests fails them.
const fetchSpy = vi.fn(() => Promise.reject(new Error('réseau interdit pendant les tests de codes-barres')));
beforeAll(() => vi.stubGlobal('fetch', fetchSpy));
afterAll(() => {
  vi.unstubAllGlobals();
  expect(fetchSpy).not.toHaveBeenCalled();
});

const gtins = (found: { gtin: string | null }[]) => found.map((b) => b.gtin);

describe('decodeBarcodes', () => {
  it.each<[string, Scene, string]>([
    ['an EAN-13 on a photo turned a quarter', { text: '5449000000996', turn: 90, seed: 2 }, '5449000000996'],
    ['an EAN-13 upside down', { text: '3017620422003', turn: 180, seed: 3 }, '3017620422003'],
    ['an EAN-13 tilted 15°', { text: '5449000000996', tilt: 15, seed: 4 }, '5449000000996'],
    ['an EAN-13 tilted -12° on a photo turned 270°', { text: '6111242100992', tilt: -12, turn: 270, seed: 5 }, '6111242100992'],
    ['an EAN-13 tilted 30° (read on the frame turned back)', { text: '3017620422003', tilt: 30, seed: 116 }, '3017620422003'],
    ['an EAN-13 in a 1280×720 camera frame', { text: '5449000000996', width: 1280, height: 720, seed: 13 }, '5449000000996'],
    ['an EAN-13 tilted 10° in a 1280×720 camera frame', { text: '5449000000996', width: 1280, height: 720, tilt: 10, seed: 14 }, '5449000000996'],
    ['a small EAN-13 found in an enlarged crop', { text: '3017620422003', share: 0.16, seed: 100 }, '3017620422003'],
    ['an EAN-8', { text: '96385074', format: 'EAN-8', seed: 6 }, '96385074'],
    ['a UPC-A', { text: '036000291452', format: 'UPC-A', seed: 7 }, '036000291452'],
    ['a UPC-E, expanded to its UPC-A', { text: '04252614', format: 'UPC-E', seed: 8 }, '042100005264'],
  ])('reads %s, small in a cluttered JPEG', async (_name, scene, expected) => {
    const found = await decodeBarcodes(await photo(scene));
    expect(gtins(found)).toContain(expected);
    expect(found[0]).toMatchObject({ text: expected, valid: true, gtin: expected, confirmed: true });
  });

  it('reads an upright EAN-13 (one view: read, not necessarily confirmed)', async () => {
    const found = await decodeBarcodes(await photo({ text: '3017620422003' }));
    expect(found[0]).toMatchObject({ text: '3017620422003', valid: true, gtin: '3017620422003' });
  });

  it('names the format it read (a UPC-A stays a UPC-A, a UPC-E says so)', async () => {
    expect((await decodeBarcodes(await photo({ text: '036000291452', format: 'UPC-A', share: 0.3 })))[0].format).toBe('UPC-A');
    expect((await decodeBarcodes(await photo({ text: '04252614', format: 'UPC-E', share: 0.3 })))[0].format).toBe('UPC-E');
    expect((await decodeBarcodes(await photo({ text: '3017620422003', share: 0.3 })))[0].format).toBe('EAN-13');
  });

  it('reads a QR code, and the GTIN of a GS1 Digital Link in it', async () => {
    const [plain] = await decodeBarcodes(await photo({ text: 'https://monpanier.ga/produit', format: 'QRCode', share: 0.2, seed: 9 }));
    expect(plain).toEqual({ format: 'QRCode', text: 'https://monpanier.ga/produit', valid: false, gtin: null, confirmed: true });
    const [link] = await decodeBarcodes(await photo({ text: 'https://id.gs1.org/01/03017620422003', format: 'QRCode', share: 0.2, seed: 10 }));
    expect(link).toMatchObject({ format: 'QRCode', valid: true, gtin: '3017620422003' });
  });

  it('reads PNG and WebP as well as JPEG', async () => {
    const png = await barcodePng('5449000000996', 'EAN-13');
    expect(gtins(await decodeBarcodes(png))).toEqual(['5449000000996']);
    const webp = await sharp(png).webp({ quality: 80 }).toBuffer();
    expect(gtins(await decodeBarcodes(webp))).toEqual(['5449000000996']);
  });

  it('finds nothing in a photo without a barcode, within its deadline', async () => {
    const started = performance.now();
    const bytes = await sharp(clutterSvg(1600, 1200, 42)).blur(0.6).jpeg({ quality: 70 }).toBuffer();
    expect(await decodeBarcodes(bytes)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses what is not a JPEG, PNG or WebP image', async () => {
    await expect(decodeBarcodes(Buffer.from('ceci nest pas une image'))).rejects.toMatchObject({ code: 'IMAGE_UNSUPPORTED' });
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).gif().toBuffer();
    await expect(decodeBarcodes(gif)).rejects.toBeInstanceOf(AppError);
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    await expect(decodeBarcodes(jpeg.subarray(0, 300))).rejects.toBeInstanceOf(AppError);
  });
});
