// A product's pictures: one main image, up to 3 gallery images and a barcode image. Each is a data URL
// to upload (at most 5 MB, checked by content, stored as a display size and a thumbnail), or the URL
// of an image the product already has. Every new image is stored before anything is written to the
// database, so a refused image leaves the product as it was.
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { CATALOGUE } from '#contract/products';
import type { AppDeps } from '../../deps';
import { AppError } from '../../platform/errors';
import { decodeBase64Image, type ImageVariant, isDataUrl, storeImage } from '../../platform/images';

const FOLDER = 'products';
const DISPLAY_SUFFIX = '.webp';
const THUMB_SUFFIX = '-thumb.webp';

export const PRODUCT_IMAGE_VARIANTS: ImageVariant[] = [
  { suffix: DISPLAY_SUFFIX, width: 1024, height: 1024, fit: 'inside', quality: 82 },
  { suffix: THUMB_SUFFIX, width: 320, height: 320, fit: 'cover', quality: 75 },
];

/** The thumbnail stored next to a product image ("…/ab12.webp" → "…/ab12-thumb.webp"). */
export function thumbnailOf(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith(`/uploads/${FOLDER}/`) && url.endsWith(DISPLAY_SUFFIX) && !url.endsWith(THUMB_SUFFIX)
    ? `${url.slice(0, -DISPLAY_SUFFIX.length)}${THUMB_SUFFIX}`
    : url;
}

export type ProductImages = { mainImage: string | null; galleryImages: string[]; barcodeImage: string | null };

export type ImageInput = {
  main_image?: string | null;
  image_url?: string | null;
  gallery_images?: string[] | null;
  images?: string[] | null;
  barcode_image?: string | null;
};

async function resolveOne(deps: AppDeps, value: string | null, owned: Set<string>): Promise<string | null> {
  if (value === null || value.trim() === '') return null;
  if (isDataUrl(value)) {
    const bytes = decodeBase64Image(value, IMAGE_MAX_BYTES, 'IMAGE_TOO_LARGE');
    const [display] = await storeImage(deps.storage, FOLDER, bytes, PRODUCT_IMAGE_VARIANTS);
    return display;
  }
  // Keeping an image the product already has; any other URL (another product's, a foreign site) is refused.
  if (owned.has(value)) return value;
  throw new AppError('PRODUCT_IMAGE_INVALID');
}

/**
 * The images after a create (no `current`) or an update. A field left out keeps its value; null or
 * an empty list clears it.
 */
export async function resolveProductImages(deps: AppDeps, input: ImageInput, current?: ProductImages): Promise<Partial<ProductImages>> {
  const owned = new Set(current ? [current.mainImage, current.barcodeImage, ...current.galleryImages].filter((u): u is string => Boolean(u)) : []);
  const main = input.main_image !== undefined ? input.main_image : input.image_url;
  const gallery = input.gallery_images !== undefined ? input.gallery_images : input.images;
  const result: Partial<ProductImages> = {};
  if (main !== undefined) result.mainImage = await resolveOne(deps, main, owned);
  if (gallery !== undefined) {
    const list = gallery ?? [];
    if (list.length > CATALOGUE.galleryMax) throw new AppError('VALIDATION', fr.image.galleryMax);
    const urls: string[] = [];
    for (const value of list) {
      const url = await resolveOne(deps, value, owned);
      if (url && !urls.includes(url)) urls.push(url);
    }
    result.galleryImages = urls;
  }
  if (input.barcode_image !== undefined) result.barcodeImage = await resolveOne(deps, input.barcode_image, owned);
  return result;
}
