// Turns a phone photo of a list into what tesseract reads best: upright (EXIF, then a search over
// 90° turns and small skews by projection profiles), grey, with the background flattened (a
// shadow or uneven light would defeat tesseract's global threshold) and text at a size it likes.
// Telling 0° from 180° needs the recogniser, so both candidates are returned for the caller to score.
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../errors';
import { darkComponentsInTurns } from './components';
import { blankLineMarksInTurns } from './marks';

// Refuse decompression bombs: 40 megapixels is far above any phone photo.
const MAX_PIXELS = 40_000_000;
// Working size bounds (long side): below MIN small text has too few pixels, above MAX OCR is slow.
const MIN_LONG_SIDE = 1500;
const MAX_LONG_SIDE = 2500;
// Text line height tesseract's LSTM reads best (≈ 20–30 px x-height).
const TARGET_LINE_HEIGHT = 48;
// Size of the binarised copy on which angles are searched.
const ANALYSIS_LONG_SIDE = 800;
const SKEW_RANGE = 15;
// A dark shape wider or taller than this share of the image is not a character.
const LARGE_SHAPE_SHARE = 0.3;
// Profile score ratio a sideways reading needs to win over the level one before any OCR.
const SIDEWAYS_EVIDENCE = 1.5;
// Below this ratio either way, the caller should read both directions when unsure.
const CLEAR_EVIDENCE = 2.5;

export type PreparedImage = {
  /** Grey PGM image, the best upright guess. */
  image: Buffer;
  /** The same turned 180°, for the caller to compare by OCR confidence. */
  flipped: () => Promise<Buffer>;
  /**
   * The other line direction (its best skew, then that turned 180°): the last resort when the
   * line direction was misjudged.
   */
  turned: () => Promise<Buffer[]>;
  width: number;
  height: number;
  /** Clockwise rotation applied after EXIF orientation, in degrees. */
  rotation: number;
  /** The projection profiles barely told the two line directions apart: read both if unsure. */
  ambiguous: boolean;
  /** The image was light on dark (a dark-mode screenshot) and was inverted. */
  inverted: boolean;
};

type Grey = { data: Uint8Array; width: number; height: number };

/** Steps that can be switched off, to measure what each one brings (benchmark only). */
export type PrepareOptions = { flatten?: boolean; orient?: boolean; rescale?: boolean; marks?: boolean; targetLineHeight?: number };

export async function preparePhoto(bytes: Buffer, options: PrepareOptions = {}): Promise<PreparedImage> {
  const decoded = await decodeGrey(bytes);
  const inverted = isDarkBackground(decoded);
  const source = inverted ? invert(decoded) : decoded;
  const flattened = options.flatten === false ? source : await flattenBackground(source);
  const { image: flat, analysis } = await removeLargeShapes(flattened);
  const found = await inTurns(orientationSteps(analysis));
  const angle = options.orient === false ? 0 : found.angle;
  const otherAngle = options.orient === false ? 90 : found.otherAngle;
  const lineHeight = options.rescale === false ? null : found.lineHeight;
  const targetLineHeight = options.targetLineHeight ?? TARGET_LINE_HEIGHT;

  // Scale from the line height seen on the analysis copy, within the working bounds.
  const analysisScale = analysis.width / flat.width;
  const lineHeightAtSource = lineHeight ? lineHeight / analysisScale : null;
  const longSide = Math.max(flat.width, flat.height);
  // Without a measured line height, fall back on the photo's size.
  let scale = lineHeightAtSource ? targetLineHeight / lineHeightAtSource : Math.max(1, MIN_LONG_SIDE / longSide);
  scale = Math.min(scale, MAX_LONG_SIDE / longSide, 4);
  // Never shrink below the minimum working size: small print would lose its strokes.
  scale = Math.max(scale, Math.min(1, MIN_LONG_SIDE / longSide));

  const scaled = await resizeGrey(flat, scale);
  const upright = await rotateGrey(scaled, angle);
  // Checkboxes are found on each candidate: they lead the lines only once these run left to right.
  const ready = async (grey: Grey) => toPgm(options.marks === false ? grey : await blankLineMarksInTurns(grey));
  return {
    image: await ready(upright),
    flipped: async () => ready(await rotateGrey(upright, 180)),
    turned: async () => [await ready(await rotateGrey(scaled, otherAngle)), await ready(await rotateGrey(scaled, otherAngle + 180))],
    width: upright.width,
    height: upright.height,
    rotation: angle,
    ambiguous: found.ambiguous,
    inverted,
  };
}

/**
 * Light text on a dark background (a dark-mode screenshot, a blackboard): the background is the
 * most common tone, so the centre of the image — where a photographed page lies, away from the
 * table around it — is mostly dark and uniform. Such an image is inverted before flattening.
 */
export function isDarkBackground(grey: Grey): boolean {
  const { width, height, data } = grey;
  const x0 = Math.floor(width * 0.2), x1 = Math.ceil(width * 0.8);
  const y0 = Math.floor(height * 0.2), y1 = Math.ceil(height * 0.8);
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 200_000)));
  const histogram = new Float64Array(256);
  let total = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      histogram[data[y * width + x]]++;
      total++;
    }
  }
  if (total === 0) return false;
  const threshold = otsuOfHistogram(histogram, total);
  let below = 0, sum = 0, squares = 0;
  for (let v = 0; v < threshold; v++) {
    below += histogram[v];
    sum += v * histogram[v];
    squares += v * v * histogram[v];
  }
  if (below < total * 0.6) return false;
  const mean = sum / below;
  const deviation = Math.sqrt(Math.max(0, squares / below - mean * mean));
  // A page in a deep shadow is a gradient, not one flat dark tone.
  return mean < 100 && deviation < 25;
}

function invert(grey: Grey): Grey {
  const data = new Uint8Array(grey.data.length);
  for (let i = 0; i < data.length; i++) data[i] = 255 - grey.data[i];
  return { data, width: grey.width, height: grey.height };
}

async function decodeGrey(bytes: Buffer): Promise<Grey> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) throw new AppError('DOCUMENT_UNREADABLE');
    // Decode once at a size no larger than needed: very large photos are shrunk while decoding.
    const longSide = Math.max(metadata.width ?? 0, metadata.height ?? 0);
    const limit = MAX_LONG_SIDE;
    let pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    if (longSide > limit) pipeline = pipeline.resize({ width: limit, height: limit, fit: 'inside' });
    return await toGrey(pipeline.flatten({ background: '#ffffff' }).grayscale());
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('DOCUMENT_UNREADABLE');
  }
}

/**
 * Divides the image by an estimate of the paper's brightness: a max filter on a reduced copy
 * removes the ink, a blur smooths it, and the division makes the paper uniformly white whatever
 * the shadow, so that the text keeps its contrast everywhere. Then the contrast is stretched.
 */
async function flattenBackground(grey: Grey): Promise<Grey> {
  const { width, height } = grey;
  const factor = Math.max(4, Math.round(Math.max(width, height) / 200));
  const smallWidth = Math.max(1, Math.round(width / factor));
  const smallHeight = Math.max(1, Math.round(height / factor));
  const small = await toGrey(fromGrey(grey).resize(smallWidth, smallHeight, { kernel: 'linear' }));
  const background = maxFilter(small, 3);
  const smooth = (await toGrey(fromGrey(background).blur(2).resize(width, height, { kernel: 'linear' }))).data;

  const out = new Uint8Array(width * height);
  await inSlices(out.length, (start, end) => {
    for (let i = start; i < end; i++) {
      const bg = Math.max(smooth[i], 24);
      const value = (grey.data[i] * 255) / bg;
      out[i] = value >= 255 ? 255 : value;
    }
  });
  await stretchContrast(out);
  return { data: out, width, height };
}

/**
 * Blanks what cannot be text: connected dark shapes spanning a large part of the image (the edge
 * of the page against the table, a fold, a ruled frame). They would dominate the projection
 * profiles and give tesseract lines of junk. Works on a reduced copy, applied to the full image.
 * Returns the cleaned image and the cleaned reduced copy used for the orientation search.
 */
async function removeLargeShapes(grey: Grey): Promise<{ image: Grey; analysis: Grey }> {
  const analysis = await resizeGrey(grey, ANALYSIS_LONG_SIDE / Math.max(grey.width, grey.height));
  const { width, height, data } = analysis;
  const threshold = otsu(data);
  const labels = new Int32Array(width * height);
  const large = new Set<number>();
  for (const c of await darkComponentsInTurns(data, width, height, threshold, labels)) {
    if (c.x1 - c.x0 + 1 > width * LARGE_SHAPE_SHARE || c.y1 - c.y0 + 1 > height * LARGE_SHAPE_SHARE) large.add(c.label);
  }
  const found = large.size > 0;
  const mask = new Uint8Array(width * height);
  if (found) for (let i = 0; i < labels.length; i++) if (large.has(labels[i])) mask[i] = 255;
  if (!found) return { image: grey, analysis };

  const cleaned = new Uint8Array(data);
  for (let i = 0; i < mask.length; i++) if (mask[i]) cleaned[i] = 255;
  // Grow the mask a little (its edges are anti-aliased at full size) and bring it to full size.
  const fullMask = await toGrey(fromGrey({ data: mask, width, height }).blur(1.2).resize(grey.width, grey.height, { kernel: 'linear' }));
  const image = new Uint8Array(grey.data);
  await inSlices(image.length, (start, end) => {
    for (let i = start; i < end; i++) if (fullMask.data[i] > 8) image[i] = 255;
  });
  return { image: { data: image, width: grey.width, height: grey.height }, analysis: { data: cleaned, width, height } };
}

function maxFilter(grey: Grey, radius: number): Grey {
  const { width, height, data } = grey;
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx++) max = Math.max(max, data[y * width + dx]);
      rows[y * width + x] = max;
    }
  }
  const out = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      let max = 0;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++) max = Math.max(max, rows[dy * width + x]);
      out[y * width + x] = max;
    }
  }
  return { data: out, width, height };
}

/** Maps the darkest 0.5 % to black, leaving the (now white) paper white. */
async function stretchContrast(data: Uint8Array) {
  const histogram = new Uint32Array(256);
  await inSlices(data.length, (start, end) => {
    for (let i = start; i < end; i++) histogram[data[i]]++;
  });
  let count = 0;
  let low = 0;
  while (low < 255 && count + histogram[low] < data.length * 0.005) count += histogram[low++];
  if (low >= 200) return;
  const range = 255 - low;
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) table[v] = v <= low ? 0 : Math.round(((v - low) * 255) / range);
  await inSlices(data.length, (start, end) => {
    for (let i = start; i < end; i++) data[i] = table[data[i]];
  });
}

// Pixel loops over a full photo run in slices, giving the event loop a turn in between, so that
// the API keeps answering while photos are prepared on the main thread.
const SLICE = 1 << 16;

async function inSlices(length: number, body: (start: number, end: number) => void) {
  for (let start = 0; start < length; start += SLICE) {
    body(start, Math.min(length, start + SLICE));
    if (start + SLICE < length) await new Promise((resolve) => setImmediate(resolve));
  }
}

async function resizeGrey(grey: Grey, scale: number): Promise<Grey> {
  if (Math.abs(scale - 1) < 0.02) return grey;
  const width = Math.max(1, Math.round(grey.width * scale));
  const height = Math.max(1, Math.round(grey.height * scale));
  return toGrey(fromGrey(grey).resize(width, height, { kernel: scale > 1 ? 'cubic' : 'lanczos3' }));
}

async function rotateGrey(grey: Grey, angle: number): Promise<Grey> {
  if (Math.abs(angle) < 0.1) return grey;
  return toGrey(fromGrey(grey).rotate(angle, { background: '#ffffff' }));
}

const fromGrey = (grey: Grey) => sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });

// sharp hands single-channel images back as sRGB unless told otherwise: keep one channel.
async function toGrey(pipeline: Sharp): Promise<Grey> {
  const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Portable grey map: leptonica reads it without decoding work, and writing it costs nothing. */
function toPgm(grey: Grey): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${grey.width} ${grey.height}\n255\n`, 'latin1'), grey.data]);
}

/**
 * Projection-profile search: ink pixels are projected onto a line perpendicular to a candidate
 * text direction; when the direction is right, text lines and the gaps between them make a
 * profile with sharp steps. Searches small skews around 0° and around 90°, so a photo taken
 * sideways is turned too. Returns the clockwise angle that makes lines horizontal (0°/180°
 * ambiguity left) and the text line height seen at that angle.
 */
export type Orientation = {
  angle: number;
  lineHeight: number | null;
  /** The best angle of the other line direction (around 90° when `angle` is around 0° and back). */
  otherAngle: number;
  /** The evidence for `angle` over `otherAngle` is weak. */
  ambiguous: boolean;
};

export function findOrientation(grey: Grey): Orientation {
  const steps = orientationSteps(grey);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

// Longest a search holds the event loop at a time (the API answers in between).
const TURN_MS = 2;

/** Runs a search that yields between its steps, giving the event loop a turn every few milliseconds. */
async function inTurns<T>(steps: Generator<void, T>): Promise<T> {
  let since = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (performance.now() - since > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

/** findOrientation's search, one candidate angle a step. */
function* orientationSteps(grey: Grey): Generator<void, Orientation> {
  const points = yield* inkPoints(grey);
  if (points.xs.length < 50) return { angle: 0, lineHeight: null, otherAngle: 90, ambiguous: true };

  const bests: { angle: number; score: number }[] = [];
  for (const base of [0, 90]) {
    let best = { angle: base, score: -1 };
    for (let a = -SKEW_RANGE; a <= SKEW_RANGE; a += 1) {
      const score = profileScore(points, base + a);
      if (score > best.score) best = { angle: base + a, score };
      yield;
    }
    for (let a = best.angle - 0.9; a <= best.angle + 0.9; a += 0.2) {
      const score = profileScore(points, a);
      if (score > best.score) best = { angle: a, score };
      yield;
    }
    bests.push({ angle: Math.round(best.angle * 10) / 10, score: best.score });
  }
  const [level, sideways] = bests;
  // A left-aligned column of bullets or checkboxes also gives the sideways profile sharp steps:
  // turning a page needs clear evidence. When it is weak, the page is read as it came first.
  const ratio = sideways.score / Math.max(level.score, 1e-9);
  const turn = ratio >= SIDEWAYS_EVIDENCE;
  const [chosen, other] = turn ? [sideways, level] : [level, sideways];
  const ambiguous = Math.max(ratio, 1 / ratio) < CLEAR_EVIDENCE;
  return { angle: normaliseAngle(chosen.angle), lineHeight: lineHeightAt(points, chosen.angle), otherAngle: normaliseAngle(other.angle), ambiguous };
}

const normaliseAngle = (angle: number) => (Math.abs(angle) < 0.15 ? 0 : angle);

type Points = { xs: Float32Array; ys: Float32Array; size: number };

function* inkPoints(grey: Grey): Generator<void, Points> {
  // After flattening the paper is near white: anything clearly darker is ink.
  const threshold = otsu(grey.data);
  const step = Math.max(1, Math.floor(Math.sqrt(countBelow(grey.data, threshold) / 40_000)));
  const xs: number[] = [];
  const ys: number[] = [];
  yield;
  for (let y = 0; y < grey.height; y += step) {
    for (let x = 0; x < grey.width; x += step) {
      if (grey.data[y * grey.width + x] < threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
    if (y % 64 === 0) yield;
  }
  return { xs: Float32Array.from(xs), ys: Float32Array.from(ys), size: Math.hypot(grey.width, grey.height) };
}

function countBelow(data: Uint8Array, threshold: number): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i] < threshold) n++;
  return n;
}

function otsu(data: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  return Math.min(otsuOfHistogram(histogram, data.length), 200);
}

function otsuOfHistogram(histogram: Float64Array, total: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * histogram[v];
  let sumBelow = 0;
  let weightBelow = 0;
  let best = 128;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    weightBelow += histogram[t];
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += t * histogram[t];
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sum - sumBelow) / weightAbove;
    const variance = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t + 1;
    }
  }
  return best;
}

function profile(points: Points, angle: number): Float64Array {
  const radians = (angle * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const size = Math.ceil(points.size);
  const bins = new Float64Array(size * 2 + 2);
  for (let i = 0; i < points.xs.length; i++) {
    // Row of the point once the image is turned clockwise by `angle`.
    const y = points.xs[i] * sin + points.ys[i] * cos;
    bins[Math.round(y) + size]++;
  }
  return bins;
}

function profileScore(points: Points, angle: number): number {
  const bins = profile(points, angle);
  let score = 0;
  for (let i = 1; i < bins.length; i++) score += (bins[i] - bins[i - 1]) ** 2;
  return score;
}

/** Median height of the bands of rows that hold ink, i.e. the text line height. */
function lineHeightAt(points: Points, angle: number): number | null {
  const bins = profile(points, angle);
  let max = 0;
  for (const v of bins) max = Math.max(max, v);
  const threshold = max * 0.08;
  const heights: number[] = [];
  let run = 0;
  for (const v of bins) {
    if (v > threshold) run++;
    else if (run > 0) {
      if (run >= 3) heights.push(run);
      run = 0;
    }
  }
  if (heights.length === 0) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)];
}
