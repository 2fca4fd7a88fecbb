// An ad's media, checked by what the bytes are, never by a name or declared type (spec part 2
// section 5 "Ad": ≤ 10 MB; images JPEG, PNG, GIF, WebP; videos MP4, WebM, OGG). Images are decoded
// and re-encoded with sharp (platform/images.ts: metadata dropped, WebP); videos are kept as
// uploaded once their container's signature is found. Stored under content-addressed keys.
import sharp from 'sharp';
import { AD_MEDIA_MAX_BYTES, type AdType } from '#contract/ads';
import { AppError } from '../../platform/errors';
import { decodeBase64Image, type ImageVariant, storeImage } from '../../platform/images';
import { contentHash, type FileStorage } from '../../platform/storage';

export type StoredMedia = { url: string; mime: string };

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** The banner is 128 px high: a wide WebP of at most 1600 × 800 serves every screen. */
const AD_IMAGE_VARIANTS: ImageVariant[] = [{ suffix: '.webp', width: 1600, height: 800, fit: 'inside', quality: 82 }];

/**
 * Body limit of a route carrying the media as a data URL: room for 1.5 times the 10 MB limit, so an
 * oversized file gets the spec's own message ("Le fichier est trop volumineux. Maximum 10MB.").
 */
export const AD_BODY_LIMIT = Math.ceil((AD_MEDIA_MAX_BYTES * 1.5 * 4) / 3) + 64 * 1024;

/** The container a video's first bytes announce, or null. */
export function videoContainer(bytes: Buffer): { mime: string; extension: string } | null {
  // ISO base media (MP4): a first box of type 'ftyp' whose size covers its major brand and version.
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const size = bytes.readUInt32BE(0);
    const brand = bytes.toString('latin1', 8, 12);
    if (size >= 16 && size <= bytes.length && size % 4 === 0 && /^[\x20-\x7e]{4}$/.test(brand) && brand !== 'qt  ') return { mime: 'video/mp4', extension: '.mp4' };
    return null;
  }
  // WebM: an EBML header whose DocType is 'webm' (Matroska files say 'matroska').
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return bytes.subarray(0, 64).includes('webm', 0, 'latin1') ? { mime: 'video/webm', extension: '.webm' } : null;
  }
  // Ogg: every page starts with 'OggS' and stream-structure version 0.
  if (bytes.length >= 27 && bytes.toString('latin1', 0, 4) === 'OggS' && bytes[4] === 0) return { mime: 'video/ogg', extension: '.ogv' };
  return null;
}

function decode(value: string, type: 'image' | 'video'): Buffer {
  try {
    return decodeBase64Image(value, AD_MEDIA_MAX_BYTES, 'AD_MEDIA_TOO_LARGE');
  } catch (error) {
    if (error instanceof AppError && error.code === 'IMAGE_UNREADABLE') throw new AppError(type === 'image' ? 'AD_IMAGE_FORMAT' : 'AD_VIDEO_FORMAT');
    throw error;
  }
}

async function storeAdImage(storage: FileStorage, bytes: Buffer): Promise<StoredMedia> {
  const format = await sharp(bytes)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (!format || !IMAGE_FORMATS.has(format)) throw new AppError('AD_IMAGE_FORMAT');
  try {
    const [url] = await storeImage(storage, 'ads', bytes, AD_IMAGE_VARIANTS);
    return { url, mime: 'image/webp' };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'IMAGE_UNSUPPORTED' || error.code === 'IMAGE_UNREADABLE')) throw new AppError('AD_IMAGE_FORMAT');
    throw error;
  }
}

async function storeAdVideo(storage: FileStorage, bytes: Buffer): Promise<StoredMedia> {
  const container = videoContainer(bytes);
  if (!container) throw new AppError('AD_VIDEO_FORMAT');
  const url = await storage.put(`ads/${contentHash(bytes)}${container.extension}`, bytes);
  return { url, mime: container.mime };
}

/** Checks and stores a data URL (or bare base64) as the media of an ad of this type. */
export async function storeAdMedia(storage: FileStorage, type: Exclude<AdType, 'text'>, value: string): Promise<StoredMedia> {
  const bytes = decode(value, type);
  return type === 'image' ? storeAdImage(storage, bytes) : storeAdVideo(storage, bytes);
}

/** Whether stored media fits an ad type (an image kept when the ad becomes a video does not). */
export function mediaFits(type: AdType, mime: string | null): boolean {
  if (type === 'text') return true;
  return mime !== null && mime.startsWith(`${type}/`);
}
