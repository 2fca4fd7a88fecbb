// Documents for import tests and the benchmark, generated on the fly so that no binary lives in the
// repository: a printed list rendered as an image (optionally degraded like a phone photo), a PDF
// with a text layer and a "scanned" PDF whose pages are JPEG images.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type ListImageOptions = {
  /** A fontconfig family: 'DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Serif'… */
  font?: string;
  /** Font size in pixels (default 34). */
  fontSize?: number;
  /** Page width in pixels (default 1000); the height follows the number of lines. */
  width?: number;
  /** Rotation in degrees, clockwise (90, 180, 270 or a small skew such as 4). */
  rotate?: number;
  /** Darkens one side and a corner, as the shadow of a hand or a phone over the page. */
  shadow?: boolean;
  /** Gaussian blur sigma, as an out-of-focus photo. */
  blur?: number;
  /** When set, the result is a JPEG of that quality (artefacts) instead of a PNG. */
  jpegQuality?: number;
};

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A printed list on white paper, one text line per entry, as an image buffer (PNG or JPEG). */
export async function listImagePng(lines: string[], opts: ListImageOptions = {}): Promise<Buffer> {
  const font = opts.font ?? 'DejaVu Sans';
  const fontSize = opts.fontSize ?? 34;
  const width = opts.width ?? 1000;
  const lineHeight = Math.round(fontSize * 1.6);
  const margin = Math.round(fontSize * 2);
  const height = margin * 2 + lineHeight * Math.max(1, lines.length);
  const texts = lines
    .map((line, i) => `<text x="${margin}" y="${margin + lineHeight * (i + 1) - Math.round(lineHeight * 0.3)}">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#fbfaf6"/>
<g font-family="${escapeXml(font)}" font-size="${fontSize}" fill="#1d1d1f">${texts}</g>
</svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });

  if (opts.shadow) {
    // Multiply by a gradient: bright top-left, a deep shadow towards the bottom-right corner.
    const shade = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#d8d4cc"/><stop offset="1" stop-color="#5a5550"/>
</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    const base = await image.png().toBuffer();
    image = sharp(base).composite([{ input: Buffer.from(shade), blend: 'multiply' }]);
  }
  if (opts.blur && opts.blur >= 0.3) {
    image = sharp(await image.png().toBuffer()).blur(opts.blur);
  }
  if (opts.rotate) {
    image = sharp(await image.png().toBuffer()).rotate(opts.rotate, { background: '#f4f2ee' });
  }
  return opts.jpegQuality ? image.jpeg({ quality: opts.jpegQuality }).toBuffer() : image.png().toBuffer();
}

// --- PDF ---------------------------------------------------------------------------------------

/** A PDF literal string in WinAnsiEncoding; characters outside it become '?'. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const byte = winAnsiByte(char);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

// Windows-1252 bytes 0x80–0x9F that differ from Latin-1.
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

function winAnsiByte(char: string): number {
  const high = CP1252_HIGH[char];
  if (high !== undefined) return high;
  const code = char.codePointAt(0) ?? 0x3f;
  if (code === 0x09) return 0x20;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0xff) return 0x3f;
  return code;
}

/** Serialises objects (1-based, in order) into a PDF with a correct cross-reference table. */
function buildPdf(objects: (string | Buffer)[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const parts = [Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')];
    for (const part of parts) {
      chunks.push(part);
      length += part.length;
    }
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

/** A4 PDF 1.4 with a Helvetica text layer: one array of lines per page (12 pt unless said). */
export function textPdf(pages: string[][], fontSize = 12): Buffer {
  // 1 catalog, 2 pages, 3 font, then per page: page object, content stream.
  const pageCount = Math.max(1, pages.length);
  const kids = Array.from({ length: pageCount }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  for (let p = 0; p < pageCount; p++) {
    const lines = pages[p] ?? [];
    const content = ['BT', `/F1 ${fontSize} Tf`, `${Math.round((fontSize * 4) / 3)} TL`, '56 790 Td', ...lines.map((line) => `${pdfString(line)} Tj T*`), 'ET'].join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + p * 2} 0 R >>`);
    objects.push(stream('', Buffer.from(content, 'latin1')));
  }
  return buildPdf(objects);
}

/** Number of colour components of a baseline/progressive JPEG, read from its SOF marker. */
function jpegComponents(bytes: Buffer): number {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = bytes[i + 1];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return bytes[i + 9];
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return 3;
}

/** A "scanned" PDF: each page is one JPEG drawn full page at 150 dpi (DCTDecode image XObject). */
export function scannedPdf(jpegs: { bytes: Buffer; width: number; height: number }[]): Buffer {
  const kids = jpegs.map((_, i) => `${3 + i * 3} 0 R`).join(' ');
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${jpegs.length} >>`];
  jpegs.forEach((jpeg, i) => {
    const pageWidth = Math.round((jpeg.width * 72) / 150);
    const pageHeight = Math.round((jpeg.height * 72) / 150);
    const first = 3 + i * 3;
    const colourSpace = jpegComponents(jpeg.bytes) === 1 ? '/DeviceGray' : '/DeviceRGB';
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Im0 ${first + 1} 0 R >> >> /Contents ${first + 2} 0 R >>`,
    );
    objects.push(
      stream(`/Type /XObject /Subtype /Image /Width ${jpeg.width} /Height ${jpeg.height} /ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode`, jpeg.bytes),
    );
    objects.push(stream('', Buffer.from(`q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q`, 'latin1')));
  });
  return buildPdf(objects);
}

/**
 * A one-page PDF drawing one Flate-compressed grey image of `width` × `height` blank pixels: small
 * as a file, huge once decoded (the decompression bomb of issue 27). `pixels`: the compressed
 * pixels, when the caller made them without holding them all uncompressed.
 */
export function flateImagePdf(width: number, height: number, pixels = deflateSync(Buffer.alloc(width * height, 0xff), { level: 9 })): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
    stream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, pixels),
    stream('', Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q', 'latin1')),
  ]);
}

export type PhonePhotoOptions = ListImageOptions & {
  /** Long side of the final photo in pixels (default 3000, a phone photo shrunk by the app). */
  longSide?: number;
  /** Horizontal shear (−0.15…0.15), a cheap stand-in for the perspective of a hand-held shot. */
  shear?: number;
  /** Standard deviation of the sensor noise added, in grey levels (default 6). */
  noise?: number;
  /** Deterministic seed for the noise. */
  seed?: number;
};

/**
 * A printed list photographed with a phone: the page lies on a darker table, shadowed, turned,
 * sheared, enlarged to phone resolution, noisy, slightly blurred and saved as JPEG.
 */
export async function phonePhotoJpeg(lines: string[], opts: PhonePhotoOptions = {}): Promise<Buffer> {
  const page = await listImagePng(lines, { font: opts.font, fontSize: opts.fontSize, width: opts.width });
  const meta = await sharp(page).metadata();
  const pageWidth = meta.width ?? 1000;
  const pageHeight = meta.height ?? 1000;
  const border = Math.round(Math.max(pageWidth, pageHeight) * 0.12);
  let image = sharp(page).extend({ top: border, bottom: border, left: border, right: border, background: '#6b5a48' });
  if (opts.shear) image = sharp(await image.png().toBuffer()).affine([1, opts.shear, 0, 1], { background: '#6b5a48' });
  let bytes = await image.png().toBuffer();
  if (opts.shadow) {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const shade = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="g" cx="0.25" cy="0.2" r="1.1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#c9c3b8"/><stop offset="1" stop-color="#4a4540"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    bytes = await sharp(bytes).composite([{ input: Buffer.from(shade), blend: 'multiply' }]).png().toBuffer();
  }
  if (opts.rotate) bytes = await sharp(bytes).rotate(opts.rotate, { background: '#6b5a48' }).png().toBuffer();
  const longSide = opts.longSide ?? 3000;
  const resized = sharp(bytes).flatten({ background: '#6b5a48' }).resize({ width: longSide, height: longSide, fit: 'inside' });
  const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  const noise = opts.noise ?? 6;
  let seed = opts.seed ?? 1;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let i = 0; i < data.length; i++) {
    // Sum of uniforms ≈ Gaussian.
    const n = (random() + random() + random() - 1.5) * 2 * noise;
    data[i] = Math.max(0, Math.min(255, data[i] + n));
  }
  let photo = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (opts.blur && opts.blur >= 0.3) photo = photo.blur(opts.blur);
  return photo.jpeg({ quality: opts.jpegQuality ?? 80 }).toBuffer();
}

/**
 * A one-page PDF whose content stream is `content`, already Flate-compressed: a few spaces in a
 * small file can inflate to gigabytes (the content-stream bomb of issue 27, item 5).
 */
export function flateContentPdf(content: Buffer): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', content),
  ]);
}
