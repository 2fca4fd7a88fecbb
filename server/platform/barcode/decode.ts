// Barcodes in a photo (EAN-13, EAN-8, UPC-A, UPC-E, QR) with zxing-wasm. Its .wasm is read from
// node_modules, never fetched: the library's default would download it from a CDN.
//
// A photo is tried several ways, cheapest first, until one gives a trusted valid GTIN: the whole
// frame (zxing itself tries the quarter turns and a downscaled copy), the frame turned ±30° (a tilted
// product), a grey, contrast-stretched and sharpened copy, then overlapping crops enlarged so a small
// barcode fills more of what is read. A deadline bounds the work on a photo with no barcode.
// More angles (±15°, ±45°) were measured: a few more codes read, but the same misreading then
// showed up in two views and passed for trusted, so they are not tried.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import sharp, { type Sharp } from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader';
import { gtinFromScan, type ScannedFormat } from '#contract/barcodes';
import { AppError } from '../errors';

export type BarcodeFormat = 'EAN-13' | 'EAN-8' | 'UPC-A' | 'UPC-E' | 'QRCode';

export type DecodedBarcode = {
  format: BarcodeFormat;
  /** A GTIN in its canonical form (a UPC-E expanded to its UPC-A); a QR code's text as read. */
  text: string;
  /** It is (or, for a QR code, carries) a GTIN whose check digit is right. */
  valid: boolean;
  /** The canonical GTIN to look up in the catalogue, or null. */
  gtin: string | null;
  /** Many scan lines agreed on it, or two views of the photo read it (see CONFIRMING_LINES). */
  confirmed: boolean;
};

export type DecodeOptions = {
  /** Stop trying new views of the photo after this long (the view under way finishes). */
  deadlineMs?: number;
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// Decompression bombs are refused; 40 megapixels is far above any phone photo (as platform/images.ts).
const MAX_PIXELS = 40_000_000;
// The longest side read at full size: a 4000 px photo loses nothing a barcode needs at 2000 px.
const FULL_SIDE = 2000;
// Crops are enlarged to about this long side so that a barcode of ~15 % of the frame has modules of
// several pixels.
const CROP_SIDE = 1400;
const DEFAULT_DEADLINE_MS = 2500;

const READER_OPTIONS: ReaderOptions = {
  formats: ['EAN-13', 'EAN-8', 'UPC-A', 'UPC-E', 'QRCode'],
  tryHarder: true,
  tryRotate: true,
  // Light-on-dark codes are rare on packets and double the cost of a read: only the first view looks for them.
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 8,
};

// ---------------------------------------------------------------- the wasm module, from node_modules

const require = createRequire(import.meta.url);
const WASM_PATH = require.resolve('zxing-wasm/reader/zxing_reader.wasm');

let moduleReady: Promise<unknown> | null = null;

/** Loads the reader's wasm from disk once; `locateFile` also points at node_modules so nothing is ever fetched. */
export function prepareBarcodeReader(): Promise<unknown> {
  moduleReady ??= readFile(WASM_PATH).then((bytes) =>
    prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        locateFile: (file: string) => path.join(path.dirname(WASM_PATH), file),
      },
      fireImmediately: true,
    }),
  );
  return moduleReady;
}

// ---------------------------------------------------------------- results

const FORMAT_NAMES: Record<string, BarcodeFormat> = { EAN13: 'EAN-13', EAN8: 'EAN-8', UPCA: 'UPC-A', UPCE: 'UPC-E', QRCode: 'QRCode' };
const SCANNED_FORMAT: Record<BarcodeFormat, ScannedFormat> = { 'EAN-13': 'ean_13', 'EAN-8': 'ean_8', 'UPC-A': 'upc_a', 'UPC-E': 'upc_e', QRCode: 'qr_code' };

function toDecoded(result: ReadResult): Omit<DecodedBarcode, 'confirmed'> | null {
  const format = FORMAT_NAMES[result.format];
  if (!format || !result.isValid) return null;
  // zxing gives a UPC-E expanded or as its 8 printed digits, depending on the text mode: both are read.
  const gtin = gtinFromScan({ text: result.text, format: SCANNED_FORMAT[format] });
  if (format === 'QRCode') return { format, text: result.text, valid: gtin !== null, gtin };
  if (!gtin) return { format, text: result.text.replace(/\D/g, ''), valid: false, gtin: null };
  // A 13-digit EAN starting with 0 is a UPC-A (zxing reads UPC-A as EAN-13 when both are asked).
  const shown: BarcodeFormat = format === 'EAN-13' && gtin.length === 12 ? 'UPC-A' : format;
  return { format: shown, text: gtin, valid: true, gtin };
}

// ---------------------------------------------------------------- views of the photo

/** RGBA pixels: what zxing-wasm reads as ImageData (Node has no ImageData class; the shape is enough). */
type Pixels = { data: Uint8ClampedArray; width: number; height: number };
const asImageData = (pixels: Pixels) => pixels as unknown as ImageData;

async function toPixels(image: Sharp): Promise<Pixels> {
  // Grey views come out of sharp with one channel (two with alpha): zxing reads 4 bytes a pixel, and
  // would read past their end into the previous photo's pixels left in its heap. Back to sRGB first.
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (data.length !== info.width * info.height * 4) throw new Error('barcode view is not RGBA');
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The photo upright (EXIF) and no longer than FULL_SIDE, as an RGB raw buffer every view starts from. */
async function baseImage(bytes: Buffer): Promise<{ raw: Buffer; width: number; height: number }> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata());
  } catch {
    throw new AppError('IMAGE_UNSUPPORTED');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('IMAGE_UNSUPPORTED');
  if (width * height > MAX_PIXELS) throw new AppError('IMAGE_TOO_LARGE');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: FULL_SIDE, height: FULL_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { raw: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('IMAGE_UNREADABLE');
  }
}

type View = { pixels: () => Promise<Pixels>; invert?: boolean; crop?: boolean };

/** The ways a photo is looked at, cheapest and likeliest first. */
function viewsOf(base: { raw: Buffer; width: number; height: number }): View[] {
  const { width, height } = base;
  const image = () => sharp(base.raw, { raw: { width, height, channels: 3 } });
  const longSide = Math.max(width, height);
  const views: View[] = [
    { pixels: () => toPixels(image()), invert: true },
    // Tilted products: zxing's own rotations are quarter turns only.
    ...[30, -30].map((angle) => ({
      pixels: () => toPixels(image().rotate(angle, { background: '#ffffff' })),
    })),
    // Dull or slightly blurred photos.
    { pixels: () => toPixels(image().greyscale().normalise().sharpen()) },
  ];
  // Overlapping crops (a 2×2 grid, each 60 % of a side, and the centre), enlarged: a small barcode
  // becomes a large one.
  const cropW = Math.round(width * 0.6);
  const cropH = Math.round(height * 0.6);
  const scale = Math.min(3, CROP_SIDE / Math.max(cropW, cropH));
  const origins: [number, number][] = [
    [0, 0],
    [width - cropW, 0],
    [0, height - cropH],
    [width - cropW, height - cropH],
    [Math.round((width - cropW) / 2), Math.round((height - cropH) / 2)],
  ];
  if (longSide >= 200) {
    for (const [left, top] of origins) {
      views.push({
        crop: true,
        pixels: () =>
          toPixels(
            image()
              .extract({ left, top, width: cropW, height: cropH })
              .greyscale()
              .resize({ width: Math.round(cropW * scale), height: Math.round(cropH * scale), kernel: 'cubic' })
              .normalise()
              .sharpen(),
          ),
      });
    }
  }
  return views;
}

/**
 * A blurred or tilted linear code is sometimes misread as another code whose check digit happens to
 * be right (1 in 10 of misreads). A reading is trusted when many scan lines agree on it, or when two
 * different views of the photo give it; QR codes carry their own error correction.
 */
const CONFIRMING_LINES = 4;

type Sighting = { barcode: Omit<DecodedBarcode, 'confirmed'>; views: Set<number>; lines: number };

function record(found: Map<string, Sighting>, results: ReadResult[], viewIndex: number): void {
  for (const result of results) {
    const decoded = toDecoded(result);
    if (!decoded) continue;
    const key = decoded.gtin ?? `${decoded.format}:${decoded.text}`;
    const known = found.get(key);
    if (!known) {
      found.set(key, { barcode: decoded, views: new Set([viewIndex]), lines: result.lineCount });
      continue;
    }
    known.views.add(viewIndex);
    known.lines = Math.max(known.lines, result.lineCount);
  }
}

const isConfirmed = (s: Sighting) => s.barcode.format === 'QRCode' || s.lines >= CONFIRMING_LINES || s.views.size >= 2;

/**
 * The barcodes in a JPEG, PNG or WebP photo, trusted valid GTINs first; [] when there is none.
 * Throws AppError IMAGE_UNSUPPORTED / IMAGE_TOO_LARGE / IMAGE_UNREADABLE for what is not such an image.
 */
export async function decodeBarcodes(bytes: Buffer, options: DecodeOptions = {}): Promise<DecodedBarcode[]> {
  const started = performance.now();
  const deadline = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const [base] = await Promise.all([baseImage(bytes), prepareBarcodeReader()]);
  const found = new Map<string, Sighting>();
  const views = viewsOf(base);
  for (const [index, view] of views.entries()) {
    // Crops look for a code too small to be seen whole; once something was read, they are not needed.
    if (view.crop && found.size > 0) break;
    const pixels = await view.pixels().catch(() => null);
    // A view sharp cannot make (an extreme aspect ratio) is skipped; the photo itself was decoded already.
    if (pixels) record(found, await readBarcodes(asImageData(pixels), { ...READER_OPTIONS, tryInvert: view.invert ?? false }), index);
    if ([...found.values()].some((s) => s.barcode.valid && isConfirmed(s))) break;
    if (performance.now() - started > deadline) break;
    // Each read holds the thread; let other requests through between views.
    await yieldToEventLoop();
  }
  const rank = (s: Sighting) => (s.barcode.valid ? 2 : 0) + (isConfirmed(s) ? 1 : 0);
  return [...found.values()].sort((a, b) => rank(b) - rank(a)).map((s) => ({ ...s.barcode, confirmed: isConfirmed(s) }));
}
