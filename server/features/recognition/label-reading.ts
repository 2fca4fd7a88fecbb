// Reading the text of a product photo: the packet's brand, name and size. A packet is not a page:
// big text on coloured backgrounds, a tilted box, and a cluttered shelf around it. Measured on the
// benchmark's packshots (bench/recognition):
//   - tesseract reads them best as sparse text (PSM 11), not as the list import's single column;
//   - at a small size (700 px long side): the brand's big letters then have the stroke sizes
//     tesseract's recogniser is trained on, and reading is twice as fast as at 1400 px;
//   - with tesseract's local (Sauvola) threshold rather than its global Otsu, which merges dark
//     letters with a mid-dark packet standing on a light table;
//   - three views together: the luminance, the inverted brightest channel of each pixel (white or
//     light letters on a saturated or dark packet become black on light) and the darkest channel
//     (blue or red letters on white, dark letters on yellow become black on white). Together they
//     read ~85 % of brand and name words where one view reads ~65 %.
// They go to the shared OCR pool at once (its workers read them side by side). When they name no
// catalogue product, a closer look (the luminance at 1050 px) reads the smaller print as well.
import sharp from 'sharp';
import { PSM } from 'tesseract.js';
import { AppError } from '../../platform/errors';
import type { OcrLine, OcrPool } from '../../platform/ocr/ocr-pool';
import { isNoise } from '../../platform/ocr/read-document';
import { sniffDocument } from '../../platform/ocr/sniff';

// Decompression bombs are refused: 40 megapixels is far above any phone photo (as platform/images.ts).
const MAX_PIXELS = 40_000_000;
/** tesseract's local threshold (see the header). */
const SAUVOLA = '2';
/** Long side of the views read (see the header). */
const VIEW_SIDE = 700;
/** Long side of the closer look, read only when the first views matched nothing: smaller print. */
const CLOSER_SIDE = 1050;

type Pixels = { rgb: Buffer; width: number; height: number };
/** The photo upright, RGB, at the views' size and at the closer look's. */
export type LabelPicture = Pixels & { closer: Pixels };

/**
 * The photo upright (EXIF) at the views' sizes. Throws a French 415 for what is not a JPEG,
 * PNG or WebP image (a text file, a PDF) and a 422 for an image that cannot be decoded.
 */
export async function loadPicture(bytes: Buffer): Promise<LabelPicture> {
  const type = sniffDocument(bytes);
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp') throw new AppError('RECOGNITION_NOT_AN_IMAGE');
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) throw new AppError('RECOGNITION_IMAGE_UNREADABLE');
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: CLOSER_SIDE, height: CLOSER_SIDE, fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const closer = { rgb: data, width: info.width, height: info.height };
    const small = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .resize({ width: VIEW_SIDE, height: VIEW_SIDE, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { rgb: small.data, width: small.info.width, height: small.info.height, closer };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('RECOGNITION_IMAGE_UNREADABLE');
  }
}

/** Portable grey map: tesseract's leptonica reads it with no decoding work. */
function toPgm(data: Buffer, width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), data]);
}

async function stretchedPgm(grey: Buffer, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(grey, { raw: { width, height, channels: 1 } }).normalise().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return toPgm(data, info.width, info.height);
}

function channelView({ rgb, width, height }: Pixels, pick: (r: number, g: number, b: number) => number): Promise<Buffer> {
  const grey = Buffer.alloc(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = pick(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
  return stretchedPgm(grey, width, height);
}

const darkestChannel = (p: Pixels) => channelView(p, (r, g, b) => Math.min(r, g, b));
const luminance = (p: Pixels) => channelView(p, (r, g, b) => (306 * r + 601 * g + 117 * b + 512) >> 10);
const brightestInverted = (p: Pixels) => channelView(p, (r, g, b) => 255 - Math.max(r, g, b));

/** Views of the photo given to OCR first. */
export const LABEL_VIEWS = { luminance, brightestInverted, darkestChannel } as const;

/**
 * The lines read on the packet, from the three views (a line read in several is kept once, with its
 * best confidence). OCR failures are French 503s.
 */
export async function readLabelText(ocr: OcrPool, picture: LabelPicture): Promise<OcrLine[]> {
  return readViews(ocr, await Promise.all(Object.values(LABEL_VIEWS).map((view) => view(picture))));
}

/** A closer look (larger, in grey) for the smaller print, when the first views named no catalogue product. */
export async function readLabelCloser(ocr: OcrPool, picture: LabelPicture): Promise<OcrLine[]> {
  return readViews(ocr, [await luminance(picture.closer)]);
}

/** Lines read in either reading, each once. */
export function mergeLines(...readings: OcrLine[][]): OcrLine[] {
  const kept = new Map<string, OcrLine>();
  for (const line of readings.flat()) {
    const key = line.text.toLowerCase();
    const known = kept.get(key);
    if (!known || known.confidence < line.confidence) kept.set(key, line);
  }
  return [...kept.values()];
}

async function readViews(ocr: OcrPool, views: Buffer[]): Promise<OcrLine[]> {
  let readings;
  try {
    readings = await Promise.all(views.map((image) => ocr.recognise(image, undefined, { pageSegMode: PSM.SPARSE_TEXT, thresholdingMethod: SAUVOLA })));
  } catch (error) {
    if (error instanceof AppError && error.code === 'DOCUMENT_QUEUE_FULL') throw new AppError('RECOGNITION_BUSY');
    throw new AppError('RECOGNITION_FAILED');
  }
  const lines = readings.flatMap((r) => r.lines).filter((line) => !isNoise(line));
  return mergeLines(lines.map((line) => ({ text: line.text.trim().replace(/\s+/g, ' '), confidence: line.confidence })));
}
