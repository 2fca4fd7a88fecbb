// What counts as an image, for the server (server/platform/images.ts decodes it with sharp) and for
// the browser, which checks a picked file the same way before anything is sent.

/** The formats sharp must recognise in the bytes (sharp names AVIF 'heif' as well). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Refuses decompression bombs: 40 megapixels is far above any phone photo. */
export const IMAGE_MAX_PIXELS = 40_000_000;

// ISO base media brands (bytes 8-12 after 'ftyp') of AVIF and of HEIC/HEIF photos.
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/** The image format a file's first bytes (16 are enough) announce, or null when they announce none we take. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIF_BRANDS.has(brand)) return 'heif';
  }
  return null;
}
