// Images are accepted by what they contain, never by their name or declared type: sharp must decode
// them as JPEG, PNG, WebP, GIF, AVIF or HEIF. They are re-encoded (which drops metadata such as GPS
// position) into WebP variants.
import sharp, { type Metadata } from 'sharp';
import { IMAGE_DATA_URL_MAX_CHARS } from '#contract/constants';
import { IMAGE_FORMATS, IMAGE_MAX_PIXELS as MAX_PIXELS } from '#contract/images';
import { AppError, type ErrorCode } from './errors';
import { contentHash, type FileStorage } from './storage';

// The browser checks a picked file against the same formats and pixel limit (contract/images.ts).
const ACCEPTED_FORMATS = new Set<string>(IMAGE_FORMATS);
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/;

export type ImageVariant = { suffix: string; width: number; height?: number; fit: 'cover' | 'inside'; quality?: number };

export const AVATAR_VARIANTS: ImageVariant[] = [{ suffix: '.webp', width: 256, height: 256, fit: 'cover' }];

/** Decodes a data URL (or bare base64) and enforces the byte limit on the decoded size. */
export function decodeBase64Image(value: string, maxBytes: number, tooLarge: ErrorCode): Buffer {
  const base64 = value.replace(DATA_URL, '');
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64)) throw new AppError('IMAGE_UNREADABLE');
  // Check the size before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 3) throw new AppError(tooLarge);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes) throw new AppError(tooLarge);
  if (bytes.length === 0) throw new AppError('IMAGE_UNREADABLE');
  return bytes;
}

export function isDataUrl(value: string): boolean {
  return value.startsWith('data:');
}

/**
 * Checks the content and writes every variant as <folder>/<hash of the original><suffix>, so the
 * variants of one image share a name ("ab12.webp", "ab12-thumb.webp"). Returns the URLs in order.
 */
export async function storeImage(storage: FileStorage, folder: string, bytes: Buffer, variants: ImageVariant[]): Promise<string[]> {
  await assertImage(bytes);
  const hash = contentHash(bytes);
  const urls: string[] = [];
  for (const variant of variants) urls.push(await storage.put(`${folder}/${hash}${variant.suffix}`, await webpVariant(bytes, variant)));
  return urls;
}

/** The image is one of `formats` (by its content) and within the pixel limit; otherwise a 415. */
export async function assertImage(bytes: Buffer, formats: ReadonlySet<string> = ACCEPTED_FORMATS): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError('IMAGE_UNSUPPORTED');
  }
  if (!metadata.format || !formats.has(metadata.format)) throw new AppError('IMAGE_UNSUPPORTED');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) throw new AppError('IMAGE_UNSUPPORTED');
}

/** Re-encoded upright as WebP at the variant's size, without the original's metadata. */
export async function webpVariant(bytes: Buffer, variant: Omit<ImageVariant, 'suffix'>): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: variant.width, height: variant.height, fit: variant.fit, withoutEnlargement: true })
      .webp({ quality: variant.quality ?? 80 })
      .toBuffer();
  } catch {
    throw new AppError('IMAGE_UNREADABLE');
  }
}

/**
 * Body limit of a JSON route carrying one image as a data URL: room for twice the 5 MB image limit,
 * so an oversized image gets the image's own French message rather than a generic one.
 */
export const IMAGE_BODY_LIMIT = IMAGE_DATA_URL_MAX_CHARS + 64 * 1024;
