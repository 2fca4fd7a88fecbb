// The benchmark's documents, kind by kind, each with the list it shows (the ground truth). Drawn from
// seeded PRNGs: the same fonts give the same documents on every run.
import { seededRandom } from '../../server/platform/random';
import { scannedPdf, textPdf } from '../../server/test/documents';
import { drawWriter, generateList, type ListShape, type ShoppingList, type Writer } from './dataset';
import { availableFonts, drawPhotoOptions, type FontSet, type PageStyle, photograph, renderPage, scan } from './render';
import { tablePdf } from './table-pdf';
import { textFile } from './text-files';

export const KINDS = ['printed', 'photo', 'handwriting', 'text_pdf', 'scanned_pdf', 'text'] as const;
export type BenchKind = (typeof KINDS)[number];

export const KIND_LABELS: Record<BenchKind, string> = {
  printed: 'imprimée (image nette)',
  photo: 'photo de téléphone',
  handwriting: 'manuscrite',
  text_pdf: 'PDF texte',
  scanned_pdf: 'PDF scanné',
  text: 'texte / CSV',
};

export type BenchDocument = { id: string; kind: BenchKind; filename: string; bytes: Buffer; list: ShoppingList; description: string };

type Random = () => number;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const SHAPES: Record<BenchKind, ListShape> = {
  printed: { minItems: 6, maxItems: 13, headings: true, notes: true },
  photo: { minItems: 6, maxItems: 13, headings: true, notes: true },
  handwriting: { minItems: 5, maxItems: 11, headings: true, notes: true },
  text_pdf: { minItems: 8, maxItems: 24, headings: true, notes: true },
  scanned_pdf: { minItems: 6, maxItems: 16, headings: true, notes: true },
  text: { minItems: 6, maxItems: 20, headings: true, notes: true },
};

// Characters outside Windows-1252 cannot be in a Helvetica text layer: a PDF writer uses others.
const PDF_BULLETS: Record<string, string> = { '☐ ': '- ', '□ ': '• ', '☑ ': '- ', '✓ ': '- ', '→ ': '- ' };
const pdfSafe = (text: string) => text.replace(/^(☐ |□ |☑ |✓ |→ )/, (b) => PDF_BULLETS[b] ?? '- ');

function printedStyle(random: Random, fonts: FontSet, width: number, minAspect: number): PageStyle {
  return {
    font: pick(random, fonts.printed),
    fontSize: Math.round(between(random, 26, 44)),
    width,
    minAspect,
    paper: pick(random, ['#ffffff', '#fbfaf6', '#f6f3ea']),
    ink: pick(random, ['#111111', '#1d1d1f', '#2a2a2a', '#1a2b4c']),
    handwriting: false,
    italic: false,
    ruled: 'none',
    heading: -1,
    lineGap: between(random, 1.3, 1.9),
  };
}

function handStyle(random: Random, fonts: FontSet): PageStyle {
  return {
    font: pick(random, fonts.handwriting),
    fontSize: Math.round(between(random, 36, 54)),
    width: pick(random, [1000, 1100, 1240]),
    minAspect: between(random, 0.9, 1.4),
    paper: pick(random, ['#fdfdf8', '#ffffff', '#fbf7e9']),
    ink: pick(random, ['#1b3a8c', '#1b3a8c', '#111111', '#20254f']),
    handwriting: true,
    italic: fonts.handwritingFallback,
    ruled: pick(random, ['none', 'lines', 'seyes'] as const),
    heading: -1,
    lineGap: between(random, 1.5, 1.9),
  };
}

const withHeading = (style: PageStyle, list: ShoppingList): PageStyle => ({ ...style, heading: list.lines[0]?.truth.kind === 'none' ? 0 : -1 });

async function encode(png: Buffer, random: Random): Promise<{ bytes: Buffer; ext: string }> {
  const sharp = (await import('sharp')).default;
  const r = random();
  if (r < 0.6) return { bytes: png, ext: 'png' };
  if (r < 0.85) return { bytes: await sharp(png).jpeg({ quality: 90 }).toBuffer(), ext: 'jpg' };
  return { bytes: await sharp(png).webp({ quality: 85 }).toBuffer(), ext: 'webp' };
}

async function buildOne(kind: BenchKind, index: number, fonts: FontSet): Promise<BenchDocument> {
  const seed = 10_000 * (KINDS.indexOf(kind) + 1) + index;
  const random = seededRandom(seed);
  const writer: Writer = drawWriter(random);
  const list = generateList(seed, random, writer, SHAPES[kind]);
  const lines = list.lines.map((l) => l.text);
  const id = `${kind}-${String(index + 1).padStart(2, '0')}`;
  switch (kind) {
    case 'printed': {
      if (index % 10 === 3) {
        // A screenshot of a notes app in dark mode.
        const style: PageStyle = { ...printedStyle(random, fonts, 1080, 2.0), font: pick(random, fonts.screen), fontSize: 46, paper: '#1c1c1e', ink: '#f2f2f7' };
        const png = await renderPage(lines, withHeading(style, list), random);
        return { id, kind, filename: `Screenshot_${seed}.png`, bytes: png, list, description: `capture d'écran sombre, ${style.font}` };
      }
      const style = withHeading(printedStyle(random, fonts, pick(random, [900, 1000, 1240, 1400]), between(random, 0.7, 1.41)), list);
      const { bytes, ext } = await encode(await renderPage(lines, style, random), random);
      return { id, kind, filename: `liste-${index + 1}.${ext}`, bytes, list, description: `${style.font} ${style.fontSize}px, ${ext}` };
    }
    case 'photo': {
      const style = withHeading(printedStyle(random, fonts, pick(random, [1000, 1240]), between(random, 0.9, 1.41)), list);
      const page = await renderPage(lines, style, random);
      const options = drawPhotoOptions(random);
      const bytes = await photograph(page, options, random);
      const how = [
        `${options.longSide}px`,
        `incl. ${options.tilt.toFixed(1)}°`,
        options.turn ? `tournée ${options.turn}°` : '',
        options.exifSideways ? 'EXIF 6' : '',
        `persp. ${(options.perspective * 100).toFixed(1)} %`,
        options.shadow !== 'none' ? `ombre ${options.shadow}` : '',
        options.blur ? `flou ${options.blur.toFixed(1)}` : '',
        `bruit ${options.noise.toFixed(0)}`,
        `JPEG q${options.jpegQuality}`,
      ].filter(Boolean);
      return { id, kind, filename: `IMG_${20260000 + seed}.jpg`, bytes, list, description: `${style.font} ${style.fontSize}px, ${how.join(', ')}` };
    }
    case 'handwriting': {
      const style = withHeading(handStyle(random, fonts), list);
      const page = await renderPage(lines, style, random);
      if (index % 2 === 0) return { id, kind, filename: `note-${index + 1}.png`, bytes: page, list, description: `${style.font}${style.italic ? ' (italique, police manuscrite absente)' : ''}, ${style.ruled}, scan net` };
      const options = { ...drawPhotoOptions(random, 0.6), turn: 0 as const };
      const bytes = await photograph(page, options, random);
      return { id, kind, filename: `IMG_${20260000 + seed}.jpg`, bytes, list, description: `${style.font}, ${style.ruled}, photo ${options.longSide}px incl. ${options.tilt.toFixed(1)}° JPEG q${options.jpegQuality}` };
    }
    case 'text_pdf': {
      if (index % 3 === 2) {
        const title = list.lines[0]?.truth.kind === 'none' ? list.lines[0].text : 'Liste de courses';
        const rows = list.lines.filter((l) => l.truth.kind !== 'none').map((l): [string, string] => [pdfSafe(l.name ?? l.text), l.amount ? `${l.amount}${l.unit ? ` ${l.unit}` : ''}` : '1']);
        const tableList = { ...list, lines: list.lines.filter((l) => l.truth.kind !== 'none') };
        return { id, kind, filename: `liste-${index + 1}.pdf`, bytes: tablePdf(pdfSafe(title), rows), list: tableList, description: 'tableau (article | quantité)' };
      }
      const safe = lines.map(pdfSafe);
      const pages = safe.length > 16 && random() < 0.6 ? [safe.slice(0, Math.ceil(safe.length / 2)), safe.slice(Math.ceil(safe.length / 2))] : [safe];
      return { id, kind, filename: `courses-${index + 1}.pdf`, bytes: textPdf(pages), list, description: `${pages.length} page(s), ${safe.length} lignes` };
    }
    case 'scanned_pdf': {
      // Printed pages only: handwriting is measured (best effort) in its own kind.
      const style = withHeading(printedStyle(random, fonts, 1240, 1.414), list);
      const split = lines.length > 12 && random() < 0.5;
      const chunks = split ? [lines.slice(0, Math.ceil(lines.length / 2)), lines.slice(Math.ceil(lines.length / 2))] : [lines];
      const pages = [];
      for (const chunk of chunks) pages.push(await scan(await renderPage(chunk, style, random), random));
      return { id, kind, filename: `scan-${index + 1}.pdf`, bytes: scannedPdf(pages), list, description: `${style.font} ${style.fontSize}px, ${pages.length} page(s) JPEG` };
    }
    case 'text': {
      const file = textFile(list, random, index);
      return { id, kind, filename: file.filename, bytes: file.bytes, list: file.list, description: file.format };
    }
  }
}

export type CorpusOptions = { kinds: readonly BenchKind[]; perKind: Record<BenchKind, number> };

export async function buildCorpus(options: CorpusOptions): Promise<{ documents: BenchDocument[]; fonts: FontSet }> {
  const fonts = availableFonts();
  const documents: BenchDocument[] = [];
  for (const kind of options.kinds) {
    for (let i = 0; i < options.perKind[kind]; i++) documents.push(await buildOne(kind, i, fonts));
  }
  return { documents, fonts };
}
