// Fitting a photo into a size limit: a picture whose bytes exceed `maxBytes` is re-encoded as JPEG
// with its longest side at most `maxSide` (a 10 MB phone photo becomes a product image under 5 MB).
const SHRINK_QUALITY = 0.85;

/** The decoded size of a base64 data URL. */
export const dataUrlBytes = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

export async function fitImage(dataUrl: string, maxBytes: number, maxSide = 2000): Promise<string> {
  if (dataUrlBytes(dataUrl) <= maxBytes) return dataUrl;
  // An <img> rather than fetch(): the CSP lets images, not connections, read data: URLs.
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
