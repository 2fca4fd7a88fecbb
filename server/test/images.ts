// Image fixtures for upload tests, made with sharp so they are real files.
import sharp from 'sharp';

export async function pngBytes(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 158, b: 96 } } }).png().toBuffer();
}

export const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

/** A real PNG of random noise, just over 6 MB. */
export async function sixMegabytePng(): Promise<Buffer> {
  const width = 1500;
  const height = 1400;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** Text pretending to be a JPEG: right name and MIME type, wrong content. */
export const fakeJpegDataUrl = () => `data:image/jpeg;base64,${Buffer.from('ceci nest pas une image, juste du texte.jpg').toString('base64')}`;
