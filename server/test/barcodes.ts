// Barcode images for tests and benchmarks, drawn by zxing-wasm's writer (its .wasm from node_modules).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode, type WriterOptions } from 'zxing-wasm/writer';

export type GeneratedFormat = 'EAN-13' | 'EAN-8' | 'UPC-A' | 'UPC-E' | 'QRCode';

const WRITER_FORMATS: Record<GeneratedFormat, NonNullable<WriterOptions['format']>> = {
  'EAN-13': 'EAN13',
  'EAN-8': 'EAN8',
  'UPC-A': 'UPCA',
  'UPC-E': 'UPCE',
  QRCode: 'QRCode',
};

const require = createRequire(import.meta.url);
let writerReady: Promise<unknown> | null = null;

function prepareWriter(): Promise<unknown> {
  writerReady ??= readFile(require.resolve('zxing-wasm/writer/zxing_writer.wasm')).then((bytes) =>
    prepareZXingModule({
      overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
      fireImmediately: true,
    }),
  );
  return writerReady;
}

export type BarcodePngOptions = {
  /** Pixels per module (bar width unit). */
  scale?: number;
  /** Human-readable digits under the bars, as on a packet. */
  withText?: boolean;
};

/** A PNG of `text` as a barcode (black on white, with its quiet zones). */
export async function barcodePng(text: string, format: GeneratedFormat = 'EAN-13', options: BarcodePngOptions = {}): Promise<Buffer> {
  await prepareWriter();
  const result = await writeBarcode(text, { format: WRITER_FORMATS[format], scale: options.scale ?? 3, addHRT: options.withText ?? false });
  if (!result.image) throw new Error(`code-barres ${format} « ${text} » impossible : ${result.error}`);
  // The writer's PNG is one grey channel; re-encode it as ordinary RGB so sharp composes it anywhere.
  return sharp(Buffer.from(await result.image.arrayBuffer())).toColourspace('srgb').png().toBuffer();
}

// ---------------------------------------------------------------- photos of barcodes

/** A deterministic pseudo-random sequence, so each picture is the same on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A busy scene as SVG: coloured blocks, lines, discs and words, the kind of shelf a packet stands on. */
export function clutterSvg(width: number, height: number, seed: number): Buffer {
  const random = seeded(seed);
  const colour = () => `rgb(${Math.floor(random() * 255)},${Math.floor(random() * 255)},${Math.floor(random() * 255)})`;
  const shapes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = random() * width;
    const y = random() * height;
    shapes.push(`<rect x="${x}" y="${y}" width="${40 + random() * 300}" height="${30 + random() * 200}" fill="${colour()}" opacity="0.8"/>`);
    shapes.push(`<line x1="${x}" y1="${y}" x2="${random() * width}" y2="${random() * height}" stroke="${colour()}" stroke-width="${1 + random() * 6}"/>`);
    shapes.push(`<circle cx="${random() * width}" cy="${random() * height}" r="${10 + random() * 80}" fill="${colour()}" opacity="0.7"/>`);
    shapes.push(`<text x="${random() * width}" y="${random() * height}" font-size="${18 + random() * 40}" fill="${colour()}">PROMO 1200 FCFA</text>`);
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes.join('')}</svg>`,
  );
}

export type BarcodeScene = {
  text: string;
  format?: GeneratedFormat;
  /** Frame size (default 1600×1200). */
  width?: number;
  height?: number;
  /** Barcode width as a share of the frame width (default 0.15). */
  share?: number;
  /** Turn of the barcode on the packet, in degrees (any angle). */
  tilt?: number;
  /** Turn of the whole photo. */
  turn?: 0 | 90 | 180 | 270;
  /** Gaussian blur sigma (default 0.6; 0 for none). */
  blur?: number;
  /** JPEG quality (default 70). */
  quality?: number;
  seed?: number;
};

/** A JPEG photo of a barcode on a white label, somewhere in a cluttered frame. */
export async function barcodePhoto(scene: BarcodeScene): Promise<Buffer> {
  const { text, format = 'EAN-13', width = 1600, height = 1200, share = 0.15, tilt = 0, turn = 0, blur = 0.6, quality = 70, seed = 1 } = scene;
  const code = await barcodePng(text, format, { scale: 4, withText: true });
  let label = await sharp(code)
    .resize({ width: Math.round(width * share) })
    .extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#ffffff' })
    .png()
    .toBuffer();
  if (tilt) label = await sharp(label).rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const { width: lw = 0, height: lh = 0 } = await sharp(label).metadata();
  const random = seeded(seed * 7919);
  const left = Math.round(random() * Math.max(0, width - lw));
  const top = Math.round(random() * Math.max(0, height - lh));
  let photo = sharp(await sharp(clutterSvg(width, height, seed)).composite([{ input: label, left, top }]).png().toBuffer());
  if (turn) photo = sharp(await photo.rotate(turn).png().toBuffer());
  if (blur) photo = photo.blur(blur);
  return photo.jpeg({ quality }).toBuffer();
}
