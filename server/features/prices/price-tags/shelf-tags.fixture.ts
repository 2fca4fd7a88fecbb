// Shelf-label photos for the price-tag tests, with their ground truth: a white or yellow label with
// the product's name, the price big, the price per kilo or litre smaller, sometimes an EAN-13 under
// it, on a cluttered shelf, turned a little, saved as JPEG. Drawn with sharp's SVG renderer and
// zxing-wasm's barcode writer (server/test/barcodes.ts); deterministic for a given seed. Small on
// purpose (800×600): OCR is the slow part of these tests.
import sharp, { type OverlayOptions } from 'sharp';
import { barcodePng, clutterSvg, seeded } from '../../../test/barcodes';

export type ShelfTag = {
  /** The product's name as printed, one entry per line. */
  name: string[];
  /** The big number as printed (« 1 350 », « 1.350 F », « Prix : 2 500 »), or null for a label without a price. */
  price: string | null;
  /** The smaller price per measure as printed (« 850 F/kg », « Prix au kilo : 2 700 F »), or null. */
  perMeasure?: string | null;
  /** An EAN-13 printed on the label. */
  barcode?: string | null;
  yellow?: boolean;
  /** Turn of the label, in degrees. */
  tilt?: number;
  seed?: number;
};

const TAG_WIDTH = 520;
const TAG_HEIGHT = 330;
const FRAME = { width: 800, height: 600 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');

async function labelPng(tag: ShelfTag): Promise<Buffer> {
  const fill = tag.yellow ? '#ffe14d' : '#ffffff';
  const texts: string[] = [];
  tag.name.forEach((line, i) => texts.push(`<text x="24" y="${48 + i * 34}" font-family="DejaVu Sans" font-weight="bold" font-size="28" fill="#111">${escape(line)}</text>`));
  // As big as the label's width allows (DejaVu Sans Bold's figures are about 0.7 em wide).
  const priceSize = tag.price ? Math.min(84, Math.floor((TAG_WIDTH - 48) / (0.7 * tag.price.length))) : 0;
  if (tag.price) texts.push(`<text x="${TAG_WIDTH - 24}" y="190" text-anchor="end" font-family="DejaVu Sans" font-weight="bold" font-size="${priceSize}" fill="#c00000">${escape(tag.price)}</text>`);
  if (tag.perMeasure) texts.push(`<text x="${TAG_WIDTH - 24}" y="232" text-anchor="end" font-family="DejaVu Sans" font-size="20" fill="#222">${escape(tag.perMeasure)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TAG_WIDTH}" height="${TAG_HEIGHT}"><rect width="100%" height="100%" fill="${fill}" stroke="#555" stroke-width="3"/>${texts.join('')}</svg>`;
  const layers: OverlayOptions[] = [];
  if (tag.barcode) {
    const code = await sharp(await barcodePng(tag.barcode, 'EAN-13', { scale: 2, withText: true })).resize({ height: 80, width: 220, fit: 'fill' }).png().toBuffer();
    layers.push({ input: code, left: 20, top: TAG_HEIGHT - 92 });
  }
  return sharp(Buffer.from(svg)).composite(layers).png().toBuffer();
}

/** A JPEG photo of the label on a shelf. */
export async function shelfTagPhoto(tag: ShelfTag): Promise<Buffer> {
  const seed = tag.seed ?? 1;
  let label = await labelPng(tag);
  if (tag.tilt) label = await sharp(label).rotate(tag.tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const { width: lw = 0, height: lh = 0 } = await sharp(label).metadata();
  const random = seeded(seed * 104729);
  const left = Math.round(random() * Math.max(0, FRAME.width - lw));
  const top = Math.round(random() * Math.max(0, FRAME.height - lh));
  return sharp(await sharp(clutterSvg(FRAME.width, FRAME.height, seed)).composite([{ input: label, left, top }]).png().toBuffer())
    .blur(0.5)
    .jpeg({ quality: 80 })
    .toBuffer();
}
