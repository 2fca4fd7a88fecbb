// Pictures in the browser: checking a picked file the way the server will (by its content, its size
// and its pixel count) before it is shown or sent, and fitting a photo into a size limit.
import { IMAGE_MAX_PIXELS, sniffImageFormat, type ImageFormat } from '#contract/images';
import { fr } from '#contract/messages';
import { readAsDataUrl } from './files';

const SHRINK_QUALITY = 0.85;

/** The decoded size of a base64 data URL. */
export const dataUrlBytes = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

type Size = { width: number; height: number };
/** A picker's byte limit and the message it shows beyond it (avatars and product images word it differently). */
export type ImageLimit = { maxBytes: number; tooLarge: string };
/** What is known of a picked file: `decoded` is undefined until the browser has tried, null when it could not. */
export type ImageFacts = { size: number; format: ImageFormat | null; decoded?: Size | null };

/** The French reason a picked file cannot be sent as an image, or null while nothing is wrong yet. */
export function imageProblem({ size, format, decoded }: ImageFacts, limit: ImageLimit): string | null {
  if (size > limit.maxBytes) return limit.tooLarge;
  if (!format) return fr.forms.image.notAnImage;
  if (decoded === undefined) return null;
  // Chromium cannot draw HEIC photos: say so rather than "corrupt", the photo itself is fine.
  if (decoded === null) return format === 'heif' ? fr.forms.image.notShownHere : fr.image.unreadable;
  if (decoded.width * decoded.height > IMAGE_MAX_PIXELS) return fr.image.tooManyPixels;
  return null;
}

/** The size of the picture a data URL holds, or null when the browser cannot draw it. */
export async function decodedSize(dataUrl: string): Promise<Size | null> {
  // An <img> rather than fetch(): the CSP lets images, not connections, read data: URLs.
  const image = new Image();
  image.src = dataUrl;
  try {
    await image.decode();
  } catch {
    return null;
  }
  return image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null;
}

export type PickedImage = { dataUrl: string; error: null } | { dataUrl: null; error: string };

/**
 * Reads a picked file as a data URL once it is known to be an image the server will take: within
 * the size limit, a format the server decodes (by its first bytes, never its name or type), and a
 * picture the browser can draw — so a text file named photo.jpg is refused at once, at the field.
 */
export async function readImageFile(file: File, limit: ImageLimit): Promise<PickedImage> {
  const facts: ImageFacts = { size: file.size, format: null };
  if (file.size <= limit.maxBytes) facts.format = sniffImageFormat(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  const early = imageProblem(facts, limit);
  if (early) return { dataUrl: null, error: early };
  const dataUrl = await readAsDataUrl(file);
  const problem = imageProblem({ ...facts, decoded: await decodedSize(dataUrl) }, limit);
  return problem ? { dataUrl: null, error: problem } : { dataUrl, error: null };
}

/**
 * Fits a photo into a size limit: a picture whose bytes exceed `maxBytes` is re-encoded as JPEG with
 * its longest side at most `maxSide` (a 10 MB phone photo becomes a product image under 5 MB).
 */
export async function fitImage(dataUrl: string, maxBytes: number, maxSide = 2000): Promise<string> {
  if (dataUrlBytes(dataUrl) <= maxBytes) return dataUrl;
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.naturalWidth * scale);
  canvas.height = Math.round(image.naturalHeight * scale);
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', SHRINK_QUALITY);
}
