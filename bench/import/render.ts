// Pictures of shopping lists for the import benchmark: a page of text drawn in a given font
// (printed, phone screenshot, or handwriting with a wobbly pen on ruled paper), then optionally
// "photographed" (page on a table, perspective, rotation, uneven light and shadows, warm cast,
// sensor noise, blur, JPEG, low resolution, EXIF orientation) or "scanned" (grey, slight skew, JPEG).
// Fonts come from fontconfig; the bench uses those it finds and says which (see availableFonts).
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';

type Random = () => number;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const PRINTED_FONTS = [
  'DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono',
  'Liberation Sans Narrow', 'FreeSans', 'FreeSerif', 'FreeMono', 'Open Sans', 'Cantarell', 'Comic Neue',
];
const SCREEN_FONTS = ['Open Sans', 'Cantarell', 'DejaVu Sans', 'Liberation Sans'];
/** Debian packages: fonts-dkg-handwriting, fonts-humor-sans, fonts-femkeklaver, fonts-breip, fonts-dancingscript, fonts-ecolier-court, fonts-comic-neue. */
const HANDWRITING_FONTS = ['DkgHandwriting', 'Humor Sans', 'femkeklaver', 'Breip', 'Dancing Script', 'Ecolier_court', 'Comic Neue'];

export type FontSet = { printed: string[]; screen: string[]; handwriting: string[]; handwritingFallback: boolean };

/** The benchmark's fonts that fontconfig has; DejaVu Sans (or the default sans) when none is found. */
export function availableFonts(): FontSet {
  let installed = new Set<string>();
  try {
    const out = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
    installed = new Set(out.split('\n').flatMap((line) => line.split(',').map((f) => f.trim())).filter(Boolean));
  } catch {
    // No fontconfig tools: librsvg still renders with its default font.
  }
  const have = (fonts: string[]) => fonts.filter((f) => installed.has(f));
  const printed = have(PRINTED_FONTS);
  const handwriting = have(HANDWRITING_FONTS);
  return {
    printed: printed.length ? printed : ['sans-serif'],
    screen: have(SCREEN_FONTS).length ? have(SCREEN_FONTS) : printed.length ? printed.slice(0, 1) : ['sans-serif'],
    handwriting: handwriting.length ? handwriting : printed.length ? printed.slice(0, 1) : ['sans-serif'],
    handwritingFallback: handwriting.length === 0,
  };
}

export type PageStyle = {
  font: string;
  /** Wanted font size in pixels (shrunk when a line would not fit). */
  fontSize: number;
  width: number;
  /** Minimum height as a ratio of the width (A4 ≈ 1.41). */
  minAspect: number;
  paper: string;
  ink: string;
  /** Wobbly baselines, tilted lines and uneven letters, as a hand writes. */
  handwriting: boolean;
  /** Italic (used when no handwriting font is installed). */
  italic: boolean;
  ruled: 'none' | 'lines' | 'seyes';
  /** Index of a line drawn as a heading (bold, underlined), or -1. */
  heading: number;
  lineGap: number;
};

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** One page of text as a PNG. */
export async function renderPage(lines: string[], style: PageStyle, random: Random): Promise<Buffer> {
  const longest = Math.max(...lines.map((l) => l.length), 10);
  const margin = Math.round(style.width * 0.08);
  // ~0.55 em per character in a proportional font, 0.6 in a monospaced one.
  const fontSize = Math.round(Math.min(style.fontSize, (style.width - 2 * margin) / (longest * (style.handwriting ? 0.62 : 0.58))));
  const lineHeight = Math.round(fontSize * style.lineGap);
  const contentHeight = margin * 2 + lineHeight * (lines.length + 1);
  const height = Math.max(contentHeight, Math.round(style.width * style.minAspect));
  const parts: string[] = [];
  if (style.ruled !== 'none') {
    const top = margin + lineHeight - Math.round(lineHeight * 0.25);
    for (let y = top % lineHeight; y < height; y += lineHeight) {
      parts.push(`<line x1="0" y1="${y}" x2="${style.width}" y2="${y}" stroke="#9db4d8" stroke-width="${style.ruled === 'seyes' ? 1.6 : 1.2}"/>`);
      if (style.ruled === 'seyes') {
        for (let k = 1; k < 4; k++) parts.push(`<line x1="0" y1="${y + (k * lineHeight) / 4}" x2="${style.width}" y2="${y + (k * lineHeight) / 4}" stroke="#c9d6ee" stroke-width="0.7"/>`);
      }
    }
    parts.push(`<line x1="${margin * 0.8}" y1="0" x2="${margin * 0.8}" y2="${height}" stroke="#e38b8b" stroke-width="1.5"/>`);
  }
  lines.forEach((line, i) => {
    const baseline = margin + lineHeight * (i + 1);
    const isHeading = i === style.heading;
    const size = isHeading ? Math.round(fontSize * 1.15) : fontSize;
    const weight = isHeading ? ' font-weight="bold"' : '';
    if (!style.handwriting) {
      parts.push(`<text x="${margin}" y="${baseline}" font-size="${size}"${weight}>${escapeXml(line)}</text>`);
      if (isHeading) parts.push(`<line x1="${margin}" y1="${baseline + 6}" x2="${margin + line.length * size * 0.5}" y2="${baseline + 6}" stroke="${style.ink}" stroke-width="2"/>`);
      return;
    }
    // A hand: each line starts a little off the margin, drifts and tilts; words vary in size and height.
    const x = margin + between(random, -0.2, 0.5) * fontSize;
    const y = baseline + between(random, -0.12, 0.12) * fontSize;
    const angle = between(random, -1.6, 1.6);
    const words = line.split(' ');
    const spans = words
      .map((word, w) => {
        const dy = w === 0 ? 0 : between(random, -0.06, 0.06) * fontSize;
        const wordSize = Math.round(size * between(random, 0.92, 1.08));
        return `<tspan dy="${dy.toFixed(1)}" font-size="${wordSize}">${escapeXml(word)}${w < words.length - 1 ? ' ' : ''}</tspan>`;
      })
      .join('');
    const pen = between(random, 0.2, 0.9).toFixed(2);
    parts.push(`<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" stroke="${style.ink}" stroke-width="${pen}" transform="rotate(${angle.toFixed(2)} ${x.toFixed(1)} ${y.toFixed(1)})"${weight}>${spans}</text>`);
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${style.width}" height="${height}">
<rect width="100%" height="100%" fill="${style.paper}"/>
<g font-family="${escapeXml(style.font)}"${style.italic ? ' font-style="italic"' : ''} fill="${style.ink}">${parts.join('\n')}</g>
</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: style.paper }).png().toBuffer();
}

// --- Photograph ---------------------------------------------------------------------------------

export type PhotoOptions = {
  /** Long side of the photo in pixels (phones: 4032; messaging apps: 1280–1600). */
  longSide: number;
  /** How much of the frame the page takes (0.6–0.98). */
  fill: number;
  /** Rotation of the page in the frame, degrees. */
  tilt: number;
  /** Corner displacement as a fraction of the frame (perspective). */
  perspective: number;
  /** Darkening from one side to the other (0–0.6). */
  gradient: number;
  shadow: 'none' | 'soft' | 'hard';
  warm: boolean;
  /** Sensor noise amplitude (0–20 grey levels). */
  noise: number;
  /** Gaussian blur sigma (0 for none). */
  blur: number;
  jpegQuality: number;
  /** The phone held sideways or upside down: pixels turned by this many degrees. */
  turn: 0 | 90 | 180 | 270;
  /** Pixels stored sideways with an EXIF orientation tag saying how to show them (as phones do). */
  exifSideways: boolean;
};

/** Solves the homography that maps 4 source points onto 4 destination points (8×8 system). */
function homography(src: number[][], dst: number[][]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i];
    const [u, v] = dst[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    [b[c], b[p]] = [b[p], b[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 8; k++) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  return b.map((value, i) => value / a[i][i]);
}

/** The page photographed on a table. */
export async function photograph(page: Buffer, options: PhotoOptions, random: Random): Promise<Buffer> {
  const { data: src, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pw = info.width;
  const ph = info.height;
  const pageLandscape = pw > ph;
  const W = pageLandscape ? options.longSide : Math.round(options.longSide * 0.75);
  const H = pageLandscape ? Math.round(options.longSide * 0.75) : options.longSide;
  const scale = options.fill * Math.min(W / pw, H / ph);
  const cx = W / 2 + between(random, -0.03, 0.03) * W;
  const cy = H / 2 + between(random, -0.03, 0.03) * H;
  const theta = (options.tilt * Math.PI) / 180;
  const corners = [
    [0, 0],
    [pw, 0],
    [pw, ph],
    [0, ph],
  ];
  const quad = corners.map(([x, y]) => {
    const dx = (x - pw / 2) * scale;
    const dy = (y - ph / 2) * scale;
    return [
      cx + dx * Math.cos(theta) - dy * Math.sin(theta) + between(random, -1, 1) * options.perspective * W,
      cy + dx * Math.sin(theta) + dy * Math.cos(theta) + between(random, -1, 1) * options.perspective * H,
    ];
  });
  const h = homography(quad, corners); // frame → page
  const table = pick(random, [
    [120, 86, 60],
    [70, 72, 78],
    [150, 140, 120],
    [35, 60, 90],
    [190, 185, 175],
  ]);
  // Light: a ramp in a random direction, and a shadow (soft blob, or a hard edge as a phone's).
  const ramp = between(random, 0, Math.PI * 2);
  const rx = Math.cos(ramp);
  const ry = Math.sin(ramp);
  const shadowAngle = between(random, 0, Math.PI * 2);
  const sx = Math.cos(shadowAngle);
  const sy = Math.sin(shadowAngle);
  const shadowOffset = between(random, 0.15, 0.45);
  const shadowDepth = between(random, 0.25, 0.5);
  const blobX = between(random, 0.2, 0.8) * W;
  const blobY = between(random, 0.2, 0.8) * H;
  const blobR = between(random, 0.25, 0.5) * Math.max(W, H);
  const cast = options.warm ? [1, 0.95, 0.82] : [1, 1, 1];
  // Clamped array: writes round and saturate to 0–255 by themselves.
  const out = new Uint8ClampedArray(W * H * 3);
  let noiseState = Math.floor(random() * 2 ** 31) >>> 0;
  const diag = Math.hypot(W, H);
  const noiseAmp = 2 * options.noise;
  const hard = options.shadow === 'hard';
  const soft = options.shadow === 'soft';
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = h[6] * x + h[7] * y + 1;
      const u = (h[0] * x + h[1] * y + h[2]) / w;
      const v = (h[3] * x + h[4] * y + h[5]) / w;
      let r: number;
      let g: number;
      let b: number;
      if (u >= 0 && v >= 0 && u < pw - 1 && v < ph - 1) {
        const x0 = u | 0;
        const y0 = v | 0;
        const fx = u - x0;
        const fy = v - y0;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const i00 = (y0 * pw + x0) * 3;
        const i01 = i00 + pw * 3;
        r = src[i00] * w00 + src[i00 + 3] * w10 + src[i01] * w01 + src[i01 + 3] * w11;
        g = src[i00 + 1] * w00 + src[i00 + 4] * w10 + src[i01 + 1] * w01 + src[i01 + 4] * w11;
        b = src[i00 + 2] * w00 + src[i00 + 5] * w10 + src[i01 + 2] * w01 + src[i01 + 5] * w11;
      } else {
        const grain = 4 * Math.sin(x * 0.031 + Math.sin(y * 0.007) * 2) + 3 * Math.sin(y * 0.043 + x * 0.011);
        r = table[0] + grain;
        g = table[1] + grain;
        b = table[2] + grain;
      }
      let light = 1 - options.gradient * (0.5 + ((x - W / 2) * rx + (y - H / 2) * ry) / diag);
      if (hard) {
        const d = ((x - W / 2) * sx + (y - H / 2) * sy) / diag - shadowOffset;
        light *= 1 - shadowDepth * Math.min(1, Math.max(0, d * 40 + 0.5));
      } else if (soft) {
        const dx = (x - blobX) / blobR;
        const dy = (y - blobY) / blobR;
        light *= 1 - shadowDepth * Math.max(0, 1 - dx * dx - dy * dy);
      }
      noiseState = (Math.imul(noiseState, 1664525) + 1013904223) >>> 0;
      const n = (noiseState / 4294967296 - 0.5) * noiseAmp;
      const o = (y * W + x) * 3;
      out[o] = r * light * cast[0] + n;
      out[o + 1] = g * light * cast[1] + n;
      out[o + 2] = b * light * cast[2] + n;
    }
  }
  let image = sharp(Buffer.from(out.buffer), { raw: { width: W, height: H, channels: 3 } });
  if (options.blur >= 0.3) image = sharp(await image.png({ compressionLevel: 1 }).toBuffer()).blur(options.blur);
  if (options.turn) image = sharp(await image.png({ compressionLevel: 1 }).toBuffer()).rotate(options.turn);
  if (options.exifSideways) {
    // Stored turned a quarter left; orientation 6 tells a viewer to turn it a quarter right.
    image = sharp(await image.png({ compressionLevel: 1 }).toBuffer()).rotate(270).withMetadata({ orientation: 6 });
  }
  return image.jpeg({ quality: options.jpegQuality }).toBuffer();
}

/** Draws the options of a phone photo: from a careful shot to a poor one. */
export function drawPhotoOptions(random: Random, rough = 1): PhotoOptions {
  const turnDraw = random();
  return {
    longSide: pick(random, [960, 1280, 1280, 1600, 1600, 2048, 3024]),
    fill: between(random, 0.72, 0.97),
    tilt: between(random, -7, 7) * rough,
    perspective: between(random, 0, 0.05) * rough,
    gradient: between(random, 0.05, 0.45) * rough,
    shadow: pick(random, ['none', 'soft', 'soft', 'hard'] as const),
    warm: random() < 0.5,
    noise: between(random, 2, 12) * rough,
    blur: random() < 0.6 ? between(random, 0.3, 1.4) * rough : 0,
    jpegQuality: Math.round(between(random, 45, 88)),
    turn: turnDraw < 0.08 ? 90 : turnDraw < 0.14 ? 180 : turnDraw < 0.2 ? 270 : 0,
    exifSideways: turnDraw >= 0.2 && turnDraw < 0.3,
  };
}

/** A flatbed scan of the page: grey, a slight skew, dust-free but JPEG-compressed. */
export async function scan(page: Buffer, random: Random): Promise<{ bytes: Buffer; width: number; height: number }> {
  const angle = between(random, -2, 2);
  const turned = random() < 0.1 ? 180 : 0;
  let image = sharp(page).greyscale().rotate(angle, { background: '#ffffff' });
  image = sharp(await image.png({ compressionLevel: 1 }).toBuffer())
    .linear(between(random, 0.9, 1.15), between(random, -15, 10))
    .blur(between(random, 0.3, 0.8));
  if (turned) image = sharp(await image.png({ compressionLevel: 1 }).toBuffer()).rotate(turned);
  const bytes = await image.jpeg({ quality: Math.round(between(random, 50, 85)) }).toBuffer();
  const meta = await sharp(bytes).metadata();
  return { bytes, width: meta.width ?? 0, height: meta.height ?? 0 };
}
