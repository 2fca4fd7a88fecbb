// Reads product barcodes from camera frames and still pictures. The browser's own BarcodeDetector
// where the phone has one (fast, frame after frame); otherwise zxing-wasm, loaded on first use, its
// .wasm served from our own origin (never a CDN), on frames copied to a canvas a few times a second.
import type { ReadInputBarcodeFormat, ReadResult } from 'zxing-wasm/reader';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { ScannedCode, ScannedFormat } from '#contract/barcodes';

export type BarcodeReader = {
  kind: 'native' | 'zxing';
  /** Milliseconds between two frames of the live view. */
  interval: number;
  readFrame(video: HTMLVideoElement): Promise<ScannedCode[]>;
  readImage(image: Blob): Promise<ScannedCode[]>;
};

const NATIVE_FORMATS: ScannedFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code'];
const ZXING_FORMATS: ReadInputBarcodeFormat[] = ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'QRCode'];
const ZXING_TO_SCANNED: Record<string, ScannedFormat> = { EAN13: 'ean_13', EAN8: 'ean_8', UPCA: 'upc_a', UPCE: 'upc_e', QRCode: 'qr_code' };
/** A live frame is read at this size at most: enough for a barcode held in front of the lens, quick in wasm. */
const FRAME_MAX_SIDE = 1280;
/** A still picture (often 12 megapixels) is reduced to this before reading. */
const STILL_MAX_SIDE = 2400;
const ZXING_INTERVAL_MS = 250;
const NATIVE_INTERVAL_MS = 150;

// ---------------------------------------------------------------- zxing-wasm

type Zxing = typeof import('zxing-wasm/reader');
let zxing: Promise<Zxing> | null = null;

function loadZxing(): Promise<Zxing> {
  zxing ??= import('zxing-wasm/reader').then(async (module) => {
    await module.prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path) },
      fireImmediately: true,
    });
    return module;
  });
  // A failed load (offline) may be retried by the next read.
  zxing.catch(() => {
    zxing = null;
  });
  return zxing;
}

let frameCanvas: HTMLCanvasElement | null = null;

/** The pixels of a video frame or a decoded picture, reduced so that its longest side is at most `maxSide`. */
function pixelsOf(source: CanvasImageSource, width: number, height: number, maxSide: number): ImageData | null {
  if (!width || !height) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  frameCanvas ??= document.createElement('canvas');
  frameCanvas.width = Math.round(width * scale);
  frameCanvas.height = Math.round(height * scale);
  const context = frameCanvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, frameCanvas.width, frameCanvas.height);
  return context.getImageData(0, 0, frameCanvas.width, frameCanvas.height);
}

/**
 * One symbol at most: asking for several makes the patient mode report stray "codes" in clutter.
 * `thorough` (tryHarder, inverted prints) is about ten times slower: kept for a still picture that
 * the quick pass could not read.
 */
async function zxingRead(pixels: ImageData, thorough: boolean): Promise<ScannedCode[]> {
  const { readBarcodes } = await loadZxing();
  const results: ReadResult[] = await readBarcodes(pixels, {
    formats: ZXING_FORMATS,
    tryHarder: thorough,
    tryRotate: true,
    tryInvert: thorough,
    tryDownscale: true,
    maxNumberOfSymbols: 1,
  });
  return results.filter((r) => r.isValid && r.text).map((r) => ({ text: r.text, format: ZXING_TO_SCANNED[r.format] ?? 'other' }));
}

async function stillPixels(image: Blob): Promise<ImageData | null> {
  const bitmap = await createImageBitmap(image).catch(() => null);
  if (!bitmap) return null;
  try {
    return pixelsOf(bitmap, bitmap.width, bitmap.height, STILL_MAX_SIDE);
  } finally {
    bitmap.close();
  }
}

const zxingReader: BarcodeReader = {
  kind: 'zxing',
  interval: ZXING_INTERVAL_MS,
  async readFrame(video) {
    const pixels = pixelsOf(video, video.videoWidth, video.videoHeight, FRAME_MAX_SIDE);
    return pixels ? zxingRead(pixels, false) : [];
  },
  async readImage(image) {
    const pixels = await stillPixels(image);
    if (!pixels) return [];
    const quick = await zxingRead(pixels, false);
    return quick.length > 0 ? quick : zxingRead(pixels, true);
  },
};

// ---------------------------------------------------------------- BarcodeDetector (not in TypeScript's DOM types yet)

type DetectedBarcode = { rawValue: string; format: string };
type BarcodeDetectorLike = { detect(source: ImageBitmapSource): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeReader(): Promise<BarcodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  const formats = NATIVE_FORMATS.filter((f) => supported.includes(f));
  if (!formats.includes('ean_13')) return null;
  const detector = new Detector({ formats });
  const detect = async (source: ImageBitmapSource): Promise<ScannedCode[]> =>
    (await detector.detect(source).catch(() => [])).map((b) => ({
      text: b.rawValue,
      format: (NATIVE_FORMATS as string[]).includes(b.format) ? (b.format as ScannedFormat) : 'other',
    }));
  return {
    kind: 'native',
    interval: NATIVE_INTERVAL_MS,
    readFrame: (video) => detect(video),
    // A still picture is worth a second, more patient reader when the detector sees nothing.
    async readImage(image) {
      const bitmap = await createImageBitmap(image).catch(() => null);
      const found = bitmap ? await detect(bitmap) : [];
      bitmap?.close();
      return found.length > 0 ? found : zxingReader.readImage(image);
    },
  };
}

let reader: Promise<BarcodeReader> | null = null;

/** The best reader this browser has (decided once). */
export function getBarcodeReader(): Promise<BarcodeReader> {
  reader ??= nativeReader().then((native) => native ?? zxingReader);
  return reader;
}

/** Fetches and compiles the zxing WebAssembly (about 1 MB) as soon as a scanner opens, not at the first frame. */
export function warmBarcodeReader(): void {
  void getBarcodeReader()
    .then((r) => (r.kind === 'zxing' ? loadZxing() : null))
    .catch(() => {});
}
