// Product photos for the recognition tests and benchmark: a packet (coloured box or bottle label
// with a big brand, the product's name, its size and sometimes a barcode) standing in a cluttered
// scene, turned a little, blurred and saved as JPEG, as a phone would take it. Drawn with sharp's
// SVG renderer and zxing-wasm's barcode writer; deterministic for a given seed.
import sharp, { type OverlayOptions } from 'sharp';
import { barcodePng, clutterSvg, type GeneratedFormat, seeded } from './barcodes';

export type PackLabel = {
  /** The brand as printed, biggest text on the packet (null: no brand). */
  brand: string | null;
  /** The product's name, one entry per printed line. */
  name: string[];
  /** Net content as printed ("2 L", "400 g"), or null. */
  size?: string | null;
  /** Small print: a slogan, "Qualité supérieure"… */
  extra?: string[];
};

export type PackshotScene = {
  label: PackLabel;
  /** A barcode printed on the packet. */
  barcode?: { text: string; format?: GeneratedFormat } | null;
  /** Frame size (default 1280×960). */
  width?: number;
  height?: number;
  /** Packet height as a share of the frame height (default 0.75). */
  share?: number;
  /** Turn of the packet, in degrees. */
  tilt?: number;
  /** Gaussian blur sigma (default 0.7; 0 for none). */
  blur?: number;
  /** JPEG quality (default 75). */
  quality?: number;
  /** Plain background instead of clutter (a studio packshot). */
  plain?: boolean;
  /** Packet colours and fonts; drawn from the seed when absent. */
  style?: Partial<PackStyle>;
  seed?: number;
};

export type PackStyle = { fill: string; band: string; brandColour: string; textColour: string; brandFont: string; textFont: string; italicBrand: boolean };

const PALETTES: Omit<PackStyle, 'brandFont' | 'textFont' | 'italicBrand'>[] = [
  { fill: '#c8102e', band: '#ffd100', brandColour: '#ffffff', textColour: '#ffffff' },
  { fill: '#ffd100', band: '#c8102e', brandColour: '#7a0019', textColour: '#222222' },
  { fill: '#0b5d1e', band: '#f2c500', brandColour: '#ffffff', textColour: '#ffffff' },
  { fill: '#ffffff', band: '#0057b8', brandColour: '#0057b8', textColour: '#1a1a1a' },
  { fill: '#1d2a5b', band: '#e4002b', brandColour: '#ffffff', textColour: '#f0f0f0' },
  { fill: '#f7f1e1', band: '#8b5a2b', brandColour: '#8b1a1a', textColour: '#3b2a1a' },
  { fill: '#e87722', band: '#ffffff', brandColour: '#ffffff', textColour: '#1a1a1a' },
  { fill: '#6cc24a', band: '#ffffff', brandColour: '#0b3d0b', textColour: '#0b2a0b' },
];
const BRAND_FONTS = ['Open Sans', 'DejaVu Sans', 'Liberation Sans', 'Cantarell', 'DejaVu Serif', 'FreeSans'];
const TEXT_FONTS = ['DejaVu Sans', 'Liberation Sans', 'Open Sans', 'FreeSans'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;');

export function drawStyle(random: () => number): PackStyle {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  return { ...pick(PALETTES), brandFont: pick(BRAND_FONTS), textFont: pick(TEXT_FONTS), italicBrand: random() < 0.25 };
}

/** Font size that fits `text` in `width` (a rough 0.6 em per character), capped at `max`. */
const fitSize = (text: string, width: number, max: number, em = 0.62) => Math.min(max, Math.floor(width / Math.max(1, text.length * em)));

/** The packet alone, as a PNG with transparent surroundings. */
export async function packetPng(label: PackLabel, style: PackStyle, height: number, barcode?: PackshotScene['barcode']): Promise<Buffer> {
  const width = Math.round(height * 0.72);
  const margin = Math.round(width * 0.07);
  const inner = width - 2 * margin;
  const parts: string[] = [];
  parts.push(`<rect x="0" y="0" width="${width}" height="${height}" rx="${Math.round(width * 0.05)}" fill="${style.fill}"/>`);
  parts.push(`<rect x="0" y="${Math.round(height * 0.06)}" width="${width}" height="${Math.round(height * 0.03)}" fill="${style.band}"/>`);
  let y = Math.round(height * 0.14);
  if (label.brand) {
    const size = fitSize(label.brand, inner, Math.round(height * 0.13), 0.68);
    y += size;
    parts.push(
      `<text x="${width / 2}" y="${y}" font-family="${style.brandFont}" font-weight="bold"${style.italicBrand ? ' font-style="italic"' : ''} font-size="${size}" fill="${style.brandColour}" text-anchor="middle">${escapeXml(label.brand)}</text>`,
    );
    y += Math.round(size * 0.45);
  }
  const nameSize = Math.min(Math.round(height * 0.065), ...label.name.map((line) => fitSize(line, inner, Math.round(height * 0.065))));
  for (const line of label.name) {
    y += Math.round(nameSize * 1.2);
    parts.push(`<text x="${width / 2}" y="${y}" font-family="${style.textFont}" font-weight="bold" font-size="${nameSize}" fill="${style.textColour}" text-anchor="middle">${escapeXml(line)}</text>`);
  }
  const smallSize = Math.round(nameSize * 0.55);
  for (const line of label.extra ?? []) {
    y += Math.round(smallSize * 1.5);
    parts.push(`<text x="${width / 2}" y="${y}" font-family="${style.textFont}" font-size="${smallSize}" fill="${style.textColour}" text-anchor="middle">${escapeXml(line)}</text>`);
  }
  if (label.size) {
    const size = Math.round(nameSize * 0.9);
    parts.push(
      `<text x="${margin}" y="${height - margin}" font-family="${style.textFont}" font-weight="bold" font-size="${size}" fill="${style.textColour}">${escapeXml(label.size)}</text>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  const composites: OverlayOptions[] = [];
  if (barcode) {
    // A white patch with quiet zones on both sides, as printed packets have.
    const codeWidth = Math.round(width * (barcode.format === 'QRCode' ? 0.3 : 0.5));
    const quiet = Math.round(codeWidth * 0.08);
    const code = await sharp(await barcodePng(barcode.text, barcode.format ?? 'EAN-13', { scale: 4, withText: true }))
      .resize({ width: codeWidth })
      .extend({ top: quiet, bottom: quiet, left: quiet, right: quiet, background: '#ffffff' })
      .png()
      .toBuffer();
    const { height: codeHeight = 0 } = await sharp(code).metadata();
    composites.push({ input: code, left: width - Math.round(margin / 2) - codeWidth - 2 * quiet, top: height - Math.round(margin / 2) - codeHeight });
  }
  return sharp(Buffer.from(svg)).composite(composites).png().toBuffer();
}

/** A JPEG photo of a packet in a scene. */
export async function packshotPhoto(scene: PackshotScene): Promise<Buffer> {
  const { label, barcode, width = 1280, height = 960, share = 0.75, tilt = 0, blur = 0.7, quality = 75, plain = false, seed = 1 } = scene;
  const random = seeded(seed * 104729 + 17);
  const style = { ...drawStyle(random), ...scene.style };
  let packet = await packetPng(label, style, Math.round(height * share), barcode);
  if (tilt) packet = await sharp(packet).rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const meta = await sharp(packet).metadata();
  // A tilted packet can outgrow the frame: shrink it back inside.
  const fit = Math.min(1, (width * 0.95) / (meta.width ?? width), (height * 0.95) / (meta.height ?? height));
  if (fit < 1) packet = await sharp(packet).resize({ width: Math.floor((meta.width ?? 0) * fit) }).png().toBuffer();
  const { width: pw = 0, height: ph = 0 } = await sharp(packet).metadata();
  // Someone photographing a product centres it, more or less.
  const left = Math.round((0.5 + (random() - 0.5) * 0.6) * Math.max(0, width - pw));
  const top = Math.round((0.5 + (random() - 0.5) * 0.6) * Math.max(0, height - ph));
  const background = plain
    ? await sharp({ create: { width, height, channels: 3, background: '#eeeeee' } }).png().toBuffer()
    : await sharp(clutterSvg(width, height, seed)).png().toBuffer();
  let photo = sharp(await sharp(background).composite([{ input: packet, left, top }]).png().toBuffer());
  if (blur) photo = photo.blur(blur);
  return photo.jpeg({ quality }).toBuffer();
}
