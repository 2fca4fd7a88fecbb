// A PDF's pages as text lines when it has a text layer, or as images to OCR when it is a scan.
// pdf.js (through unpdf) runs without canvas, fonts or network: the text layer needs no glyphs,
// and a scan's images are decoded by pdf.js itself and handed to sharp as raw pixels.
import sharp from 'sharp';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { PDF_IMAGE_MAX_PIXELS, PDF_INFLATED_MAX_BYTES, PDF_MAX_PAGES } from '#contract/imports';
import { AppError } from '../errors';
import { largestDeclaredImagePixels } from './pdf-declared-images';
import { inflatesBeyond } from './pdf-inflated-streams';

export type PdfPage = {
  /** Text layer, one entry per visual line, top to bottom. Empty for a scanned page. */
  lines: string[];
  /** For pages without meaningful text: their images (PNG), largest first. */
  images: Buffer[];
};
export type PdfContent = { pages: PdfPage[]; totalPages: number };

// A page whose text layer has fewer letters than this is treated as a scan (a page number, a stamp).
const MIN_LETTERS = 6;
// Images smaller than this are logos or ornaments, not a scanned page.
const MIN_IMAGE_PIXELS = 150 * 150;
const MAX_IMAGES_PER_PAGE = 4;
/** What pdf.js throws for an image above maxImageSize. */
const PDFJS_IMAGE_TOO_LARGE = 'exceeded maximum allowed size';
// pdf.js image kinds (ImageKind in pdf.js).
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

type TextItem = { str: string; transform: number[]; width: number; height: number };
type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPageProxy = Awaited<ReturnType<PdfDocument['getPage']>>;
type DecodedImage = { data: Uint8Array | Uint8ClampedArray; width: number; height: number; kind?: number };

export async function readPdf(bytes: Buffer, onPage?: (page: number, pages: number) => void): Promise<PdfContent> {
  if (largestDeclaredImagePixels(bytes) > PDF_IMAGE_MAX_PIXELS) throw new AppError('DOCUMENT_IMAGE_TOO_LARGE');
  if (inflatesBeyond(bytes, PDF_INFLATED_MAX_BYTES)) throw new AppError('DOCUMENT_INFLATES_TOO_MUCH');
  let pdf: PdfDocument;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      // Nothing may be fetched: no standard font data, no CMaps, no wasm decoders from a URL.
      standardFontDataUrl: undefined,
      cMapUrl: undefined,
      useSystemFonts: false,
      disableFontFace: true,
      isEvalSupported: false,
      verbosity: 0,
      // The second guard (pdf-declared-images.ts is the first): pdf.js compares each image's
      // declared size with this before decoding it, and drops a larger one.
      maxImageSize: PDF_IMAGE_MAX_PIXELS,
    });
  } catch {
    // Not a PDF, truncated, or encrypted with a password we do not have.
    throw new AppError('DOCUMENT_UNREADABLE');
  }
  try {
    const count = Math.min(pdf.numPages, PDF_MAX_PAGES);
    const pages: PdfPage[] = [];
    for (let n = 1; n <= count; n++) {
      onPage?.(n, count);
      const page = await pdf.getPage(n);
      const lines = textLines((await page.getTextContent()).items as TextItem[]);
      const letters = lines.join('').match(/\p{L}/gu)?.length ?? 0;
      if (letters >= MIN_LETTERS) pages.push({ lines, images: [] });
      else pages.push({ lines: [], images: await pageImages(page) });
      page.cleanup();
    }
    return { pages, totalPages: pdf.numPages };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && error.message.includes(PDFJS_IMAGE_TOO_LARGE)) throw new AppError('DOCUMENT_IMAGE_TOO_LARGE');
    throw new AppError('DOCUMENT_UNREADABLE');
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

/**
 * Rebuilds visual lines from positioned text items: items whose baselines are within half a
 * font height belong to one line, read left to right; lines go from the top of the page down.
 */
export function textLines(items: TextItem[]): string[] {
  const placed = items
    .filter((item) => typeof item.str === 'string' && item.str.length > 0)
    .map((item) => ({
      text: item.str,
      x: item.transform[4],
      y: item.transform[5],
      width: item.width,
      size: Math.abs(item.transform[3]) || Math.abs(item.transform[0]) || item.height || 10,
    }))
    .sort((a, b) => b.y - a.y || a.x - b.x);

  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    const row = rows.find((r) => Math.abs(r[0].y - item.y) <= Math.max(r[0].size, item.size) * 0.5);
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows
    .sort((a, b) => b[0].y - a[0].y)
    .map((row) => {
      row.sort((a, b) => a.x - b.x);
      let line = '';
      let end = -Infinity;
      for (const item of row) {
        // A visible gap between two items is a space the PDF did not write out.
        const gap = item.x - end;
        if (line && gap > item.size * 0.2 && !/\s$/.test(line) && !/^\s/.test(item.text)) line += ' ';
        line += item.text;
        end = item.x + item.width;
      }
      return line.replace(/\s+/g, ' ').trim();
    })
    .filter((line) => line.length > 0);
}

async function pageImages(page: PdfPageProxy): Promise<Buffer[]> {
  const { OPS } = await getResolvedPDFJS();
  const operators = await page.getOperatorList();
  const found: DecodedImage[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < operators.fnArray.length; i++) {
    if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
    const key = operators.argsArray[i][0] as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const objects = key.startsWith('g_') ? page.commonObjs : page.objs;
    const image = (await new Promise((resolve) => objects.get(key, resolve))) as DecodedImage | null;
    if (!image?.data || !image.width || !image.height) continue;
    if (image.width * image.height < MIN_IMAGE_PIXELS || image.width * image.height > PDF_IMAGE_MAX_PIXELS) continue;
    found.push(image);
  }
  found.sort((a, b) => b.width * b.height - a.width * a.height);
  const images: Buffer[] = [];
  for (const image of found.slice(0, MAX_IMAGES_PER_PAGE)) {
    const png = await toPng(image);
    if (png) images.push(png);
  }
  return images;
}

async function toPng(image: DecodedImage): Promise<Buffer | null> {
  const { width, height } = image;
  let pixels: Uint8Array;
  let channels: 1 | 3 | 4;
  if (image.kind === GRAYSCALE_1BPP || image.data.length === Math.ceil(width / 8) * height) {
    pixels = unpackBits(image.data, width, height);
    channels = 1;
  } else {
    const perPixel = image.data.length / (width * height);
    if (perPixel !== 1 && perPixel !== 3 && perPixel !== 4) return null;
    if (image.kind !== undefined && image.kind !== RGB_24BPP && image.kind !== RGBA_32BPP && perPixel !== 1) return null;
    pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
    channels = perPixel;
  }
  return sharp(pixels, { raw: { width, height, channels } }).png({ compressionLevel: 1 }).toBuffer();
}

/** 1 bit per pixel, rows padded to a byte, 1 = white (pdf.js has applied /Decode already). */
function unpackBits(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
      out[y * width + x] = bit ? 255 : 0;
    }
  }
  return out;
}
