// The benchmark's tickets as documents: a thermal-printer ticket (narrow paper, monospace, the
// print sometimes faded or streaked), the same photographed with a phone (busy table, tilt,
// perspective, shadow, blur, JPEG: bench/import/render.ts's photograph), and an e-receipt PDF with a
// text layer (server/test/documents.ts). A market receipt is written in a receipt book by hand.
import sharp from 'sharp';
import { textPdf } from '../../server/test/documents';
import { availableFonts, drawPhotoOptions, photograph, renderPage, type PhotoOptions } from '../import/render';
import type { Ticket } from './tickets';

type Random = () => number;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export type ThermalStyle = { font: string; fontSize: number; ink: string; faded: boolean; streaks: boolean };

export function drawThermalStyle(random: Random): ThermalStyle {
  const monospace = availableFonts().printed.filter((f) => /mono/i.test(f));
  const faded = random() < 0.3;
  return {
    font: monospace.length ? pick(random, monospace) : 'monospace',
    fontSize: Math.round(between(random, 20, 28)),
    ink: faded ? pick(random, ['#6d6d6d', '#7a7570', '#858585']) : pick(random, ['#111111', '#222222', '#2b2b33', '#3a3a3a']),
    faded,
    streaks: random() < 0.25,
  };
}

/** A thermal ticket as a PNG: 80 mm paper, one text line per entry, columns kept (monospace, spaces preserved). */
export async function thermalPng(ticket: Ticket, style: ThermalStyle, random: Random): Promise<Buffer> {
  const charWidth = style.fontSize * 0.602;
  const columns = Math.max(...ticket.text.map((l) => l.length), 24);
  const margin = Math.round(style.fontSize * 1.2);
  const width = Math.round(columns * charWidth + margin * 2);
  const lineHeight = Math.round(style.fontSize * 1.35);
  const height = margin * 2 + lineHeight * (ticket.text.length + 1);
  const texts = ticket.text
    .map((line, i) => `<text x="${margin}" y="${margin + lineHeight * (i + 1)}">${escapeXml(line)}</text>`)
    .join('');
  // Thermal paper: faded print loses ink in vertical bands where the head wore out.
  const streaks = style.streaks
    ? Array.from({ length: 3 }, () => `<rect x="${Math.round(between(random, 0, width))}" y="0" width="${Math.round(between(random, 4, 18))}" height="${height}" fill="#f7f6f2" opacity="${between(random, 0.35, 0.7).toFixed(2)}"/>`).join('')
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#f7f6f2"/>
<g font-family="${escapeXml(style.font)}" font-size="${style.fontSize}" fill="${style.ink}">${texts}</g>${streaks}
</svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: '#f7f6f2' });
  if (style.faded) image = sharp(await image.png().toBuffer()).blur(0.6);
  return image.png().toBuffer();
}

/** A market seller's receipt: handwriting style (bench/import/render.ts) on a small receipt-book page. */
export async function handwrittenPng(ticket: Ticket, random: Random): Promise<Buffer> {
  const fonts = availableFonts();
  return renderPage(
    ticket.text,
    {
      font: pick(random, fonts.handwriting),
      fontSize: Math.round(between(random, 34, 44)),
      width: 900,
      minAspect: 0.8,
      paper: pick(random, ['#fdfdf8', '#f8f4e4']),
      ink: pick(random, ['#1b3a8c', '#111111']),
      handwriting: true,
      italic: fonts.handwritingFallback,
      ruled: pick(random, ['none', 'lines'] as const),
      heading: -1,
      lineGap: between(random, 1.5, 1.8),
    },
    random,
  );
}

/** A phone photo of the printed ticket; phones send receipts at 1 600–3 000 px on the long side. */
export async function photoJpeg(page: Buffer, random: Random): Promise<{ bytes: Buffer; options: PhotoOptions }> {
  const options = { ...drawPhotoOptions(random), longSide: pick(random, [1600, 2048, 2048, 3024]) };
  return { bytes: await photograph(page, options, random), options };
}

/** An e-receipt: the ticket's lines in a PDF text layer (Helvetica), 50 lines a page. */
export function receiptPdf(ticket: Ticket): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < ticket.text.length; i += 50) pages.push(ticket.text.slice(i, i + 50));
  return textPdf(pages, 10);
}
