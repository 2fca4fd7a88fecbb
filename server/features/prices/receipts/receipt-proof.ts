// A receipt's proof (issue 29, item 1): the ticket as it was read, kept with its personal data
// masked — card numbers, loyalty cards, the customer's name, a mobile-money payer's number — so
// moderators can check its prices without seeing who paid. Photos and scanned pages keep the image
// the OCR read (upright, cleaned) with those lines painted over; a PDF's text is drawn as it reads.
// Stored under private/ (never served by /uploads), shown to its contributor and moderators only.
import sharp from 'sharp';
import type { DocumentText } from '../../../platform/ocr/read-document';
import type { OcrLine } from '../../../platform/ocr/ocr-pool';
import { keepPrivateImage } from '../../../platform/private-files';
import type { FileStorage } from '../../../platform/storage';

export const PROOF_FOLDER = 'private/receipts' as const;
const PROOF_WIDTH = 900;
const PAGES_MAX = 3;
const PAD = 6;

// What on a ticket says who paid: card and loyalty numbers, the customer, a payer's phone number.
const PERSONAL: RegExp[] = [
  /\b(?:CB|CARTE|VISA|MASTER ?CARD|MAESTRO|CARD|AUTORISATION|AUTH)\b/i,
  /(?:\d[ .-]?){12,19}/,
  /[*xX#•]{4,}\s*\d{2,4}/,
  /FID[EÉ]LIT[EÉ]|\bPOINTS?\b|\bMEMBRE\b|CARTE\s+(?:CLIENT|PLUS|AVANTAGE)/i,
  /^\s*(?:N°?\s*)?CLIENTE?\b|\bCLIENT\s*(?:N°?|:)|^\s*NOM\s*:|^\s*(?:M\.|MR|MME|MLLE)\s+\p{L}/iu,
  /\b0?[1-7]\d(?:[ .]?\d{2}){3}\b|\+241\s*\d/,
];
const MOBILE_MONEY = /(?:AIRTEL|MOOV|MOBILE)\s*MONEY/i;

/** A line that says who paid; a mobile-money line with a number long enough to be the payer's. */
export const isPersonalLine = (text: string): boolean =>
  PERSONAL.some((pattern) => pattern.test(text)) || (MOBILE_MONEY.test(text) && (text.match(/\d/g)?.length ?? 0) >= 8);

/** Masks a text line as the drawn proof shows it. */
const maskedText = (text: string): string => (isPersonalLine(text) ? '█'.repeat(Math.min(32, Math.max(8, text.trim().length))) : text);

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Grey = { data: Buffer; width: number; height: number };

/** The prepared page (binary PGM, P5 with maxval 255) as raw grey pixels. */
function fromPgm(pgm: Buffer): Grey | null {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) return null;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const data = pgm.subarray(header[0].length);
  return data.length >= width * height ? { data: data.subarray(0, width * height), width, height } : null;
}

/** One page with its personal lines painted over; null when one cannot be located (no word boxes): then no image is kept. */
async function maskedPage(image: Buffer, lines: OcrLine[]): Promise<Buffer | null> {
  const grey = fromPgm(image);
  if (!grey) return null;
  const boxes: string[] = [];
  for (const line of lines) {
    if (!isPersonalLine(line.text)) continue;
    const words = line.words ?? [];
    if (words.length === 0) return null;
    const x0 = Math.max(0, Math.min(...words.map((w) => w.bbox.x0)) - PAD);
    const y0 = Math.max(0, Math.min(...words.map((w) => w.bbox.y0)) - PAD);
    const x1 = Math.min(grey.width, Math.max(...words.map((w) => w.bbox.x1)) + PAD);
    const y1 = Math.min(grey.height, Math.max(...words.map((w) => w.bbox.y1)) + PAD);
    boxes.push(`<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="#000"/>`);
  }
  const page = sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${grey.width}" height="${grey.height}">${boxes.join('')}</svg>`);
  return page
    .composite(boxes.length > 0 ? [{ input: overlay }] : [])
    .png()
    .toBuffer()
    .then((png) => sharp(png).resize({ width: PROOF_WIDTH, withoutEnlargement: true }).toColourspace('b-w').png().toBuffer());
}

/** A text document (a PDF's text layer) drawn as a ticket, its personal lines masked. */
async function drawnText(text: string): Promise<Buffer> {
  const lines = text.split('\n').slice(0, 200).map(maskedText);
  const lineHeight = 26;
  const height = 30 + lines.length * lineHeight;
  const rows = lines.map((line, i) => `<text x="20" y="${36 + i * lineHeight}" xml:space="preserve">${escapeXml(line)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PROOF_WIDTH}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans Mono, monospace" font-size="18" fill="#000">${rows}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The masked proof of a read document (a WebP), or null when it cannot be made safely. Several
 * scanned pages are stacked, up to PAGES_MAX.
 */
export async function maskedProof(document: DocumentText): Promise<Buffer | null> {
  if (!document.pages || document.pages.length === 0) return sharp(await drawnText(document.text)).webp({ quality: 80 }).toBuffer();
  const pages: Buffer[] = [];
  for (const page of document.pages.slice(0, PAGES_MAX)) {
    const masked = await maskedPage(page.image, page.lines);
    if (!masked) return null;
    pages.push(masked);
  }
  if (pages.length === 1) return sharp(pages[0]).webp({ quality: 70 }).toBuffer();
  const sizes = await Promise.all(pages.map((p) => sharp(p).metadata()));
  const width = Math.max(...sizes.map((s) => s.width ?? 0));
  const height = sizes.reduce((sum, s) => sum + (s.height ?? 0), 0);
  let top = 0;
  const layers = pages.map((input, i) => {
    const layer = { input, top, left: 0 };
    top += sizes[i].height ?? 0;
    return layer;
  });
  return sharp({ create: { width, height, channels: 3, background: '#fff' } }).composite(layers).webp({ quality: 70 }).toBuffer();
}

/** Stores the proof under a key nobody can guess (private/, never served by /uploads) and returns that key. */
export const keepProof = (storage: FileStorage, receiptId: string, proof: Buffer) => keepPrivateImage(storage, PROOF_FOLDER, receiptId, proof);
