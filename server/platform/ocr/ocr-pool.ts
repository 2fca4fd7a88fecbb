// A bounded pool of tesseract.js workers (each one a worker thread running the WebAssembly engine)
// with French trained data read from node_modules: nothing is fetched at run time. Workers start on
// first use and stop after a while idle, since each holds ~100 MB. Jobs wait in a bounded queue;
// a crashed or stuck worker is replaced and its job fails with DOCUMENT_PROCESSING_FAILED.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { AppError } from '../errors';

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; bbox: OcrBox };
export type OcrLine = { text: string; confidence: number; words?: OcrWord[] };
export type OcrResult = { text: string; confidence: number; lines: OcrLine[] };
/** tesseract's thresholding_method: '0' global Otsu (its default), '1' tiled Otsu, '2' Sauvola (local). */
export type ThresholdingMethod = '0' | '1' | '2';
/** Per-job settings; the page segmentation mode defaults to the pool's, the thresholding to Otsu. */
export type RecogniseOptions = { pageSegMode?: PSM; thresholdingMethod?: ThresholdingMethod };
export type OcrPool = {
  recognise(image: Buffer, onProgress?: (fraction: number) => void, options?: RecogniseOptions): Promise<OcrResult>;
  close(): Promise<void>;
};
export type OcrPoolOptions = {
  size?: number;
  maxQueue?: number;
  idleMs?: number;
  /** Longest a single recognition may take before its worker is replaced. */
  jobTimeoutMs?: number;
  /** Tesseract page segmentation mode; lists read best as one column (4). Labels may want 11. */
  pageSegMode?: PSM;
};

const require = createRequire(import.meta.url);
const FRENCH = require('@tesseract.js-data/fra') as { langPath: string; gzip: boolean };
// Resolved here so that tesseract.js never falls back to a CDN for its worker script or its core.
const TESSERACT_WORKER_PATH = require.resolve('tesseract.js/src/worker-script/node/index.js');
/**
 * The worker thread lowers its own scheduling priority, then runs tesseract.js's worker script. On
 * Linux a nice value is a thread's own: recognition takes the cores the API leaves idle, and a
 * request never waits behind it for its turn (issue 29, item 5: the API's p95 within 2× of idle
 * while receipts are read, on 2 cores). A data: module, so that the bundled server needs no file beside it.
 */
export const OCR_THREAD_NICE = 10;
const WORKER_URL = new URL(
  `data:text/javascript,${encodeURIComponent(
    `import os from 'node:os'; import { createRequire } from 'node:module';
try { os.setPriority(${OCR_THREAD_NICE}); } catch {}
const path = ${JSON.stringify(TESSERACT_WORKER_PATH)};
createRequire(path)(path);`,
  )}`,
);
const CORE_PATH = path.dirname(createRequire(require.resolve('tesseract.js')).resolve('tesseract.js-core/package.json'));

const DEFAULT_IDLE_MS = 5 * 60_000;
const DEFAULT_MAX_QUEUE = 20;
const DEFAULT_JOB_TIMEOUT_MS = 60_000;

type Slot = {
  worker: Promise<Worker>;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
  onProgress?: (fraction: number) => void;
  /** The page segmentation mode and thresholding the worker is set to. */
  pageSegMode?: PSM;
  thresholdingMethod?: ThresholdingMethod;
  /** Rejects the running job when the thread dies. */
  failRunning?: (error: Error) => void;
};

type Job = {
  image: Buffer;
  onProgress?: (fraction: number) => void;
  pageSegMode?: PSM;
  thresholdingMethod?: ThresholdingMethod;
  resolve: (result: OcrResult) => void;
  reject: (error: unknown) => void;
};

export function defaultOcrPoolSize(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, options.size ?? defaultOcrPoolSize());
  const maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const pageSegMode = options.pageSegMode ?? PSM.SINGLE_COLUMN;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let closed = false;

  function startSlot(): Slot {
    // The logger below reaches the slot once it exists; the worker promise is filled in just after.
    const slot = { busy: false } as Slot;
    slot.worker = createWorker('fra', OEM.LSTM_ONLY, {
      langPath: FRENCH.langPath,
      gzip: FRENCH.gzip,
      cacheMethod: 'none',
      // tesseract.js hands workerPath to `new Worker()` as is, which takes a URL.
      workerPath: WORKER_URL as unknown as string,
      corePath: CORE_PATH,
      workerBlobURL: false,
      logger: (message: { status: string; progress: number }) => {
        if (message.status === 'recognizing text') slot.onProgress?.(message.progress);
      },
      // Without a handler tesseract.js rethrows a job's failure on the main thread.
      errorHandler: () => {},
    }).then(async (worker) => {
      // A thread that dies takes its pending job with it: fail the job and replace the worker.
      const thread = (worker as Worker & { worker?: NodeJS.EventEmitter }).worker;
      thread?.on('error', () => retire(slot, new Error('OCR worker crashed')));
      thread?.on('exit', () => retire(slot, new Error('OCR worker exited')));
      await worker.setParameters({
        // PSM 4 (one column of lines) measured as good as 3 and 6 on printed lists and keeps lines whole.
        tessedit_pageseg_mode: pageSegMode,
        preserve_interword_spaces: '1',
        user_defined_dpi: '300',
      });
      slot.pageSegMode = pageSegMode;
      slot.thresholdingMethod = '0';
      return worker;
    });
    // A worker that cannot start is dropped; its job (if any) fails through the awaited promise.
    slot.worker.catch(() => retire(slot));
    slots.push(slot);
    return slot;
  }

  function retire(slot: Slot, reason?: Error) {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    clearTimeout(slot.idleTimer);
    if (reason) slot.failRunning?.(reason);
    slot.worker.then((worker) => worker.terminate()).catch(() => {});
    // Whatever waited for a worker can now get a fresh one.
    pump();
  }

  function pump() {
    while (!closed && queue.length > 0) {
      let slot = slots.find((s) => !s.busy);
      if (!slot && slots.length < size) slot = startSlot();
      if (!slot) return;
      const job = queue.shift()!;
      void run(slot, job);
    }
  }

  async function run(slot: Slot, job: Job) {
    slot.busy = true;
    clearTimeout(slot.idleTimer);
    slot.onProgress = job.onProgress;
    let timer: NodeJS.Timeout | undefined;
    // Settles when the thread dies, the pool closes or the job takes too long (startup included).
    const failure = new Promise<never>((_, reject) => {
      slot.failRunning = reject;
      timer = setTimeout(() => reject(new Error('OCR timed out')), jobTimeoutMs);
    });
    failure.catch(() => {});
    try {
      const worker = await Promise.race([slot.worker, failure]);
      // Closed or retired while starting: its thread is gone, do not post to it.
      if (closed || !slots.includes(slot)) throw new Error('OCR worker retired');
      // A job may ask for another segmentation or thresholding (product labels: sparse text, local threshold).
      const wanted = { pageSegMode: job.pageSegMode ?? pageSegMode, thresholdingMethod: job.thresholdingMethod ?? '0' };
      if (slot.pageSegMode !== wanted.pageSegMode || slot.thresholdingMethod !== wanted.thresholdingMethod) {
        await Promise.race([worker.setParameters({ tessedit_pageseg_mode: wanted.pageSegMode, thresholding_method: wanted.thresholdingMethod } as Parameters<Worker['setParameters']>[0]), failure]);
        slot.pageSegMode = wanted.pageSegMode;
        slot.thresholdingMethod = wanted.thresholdingMethod;
      }
      const { data } = await Promise.race([worker.recognize(job.image, {}, { text: true, blocks: true }), failure]);
      job.resolve(toResult(data));
    } catch {
      // The worker may be in any state: replace it rather than trust it with the next job.
      retire(slot);
      job.reject(new AppError('DOCUMENT_PROCESSING_FAILED'));
      return;
    } finally {
      clearTimeout(timer);
      slot.failRunning = undefined;
      slot.onProgress = undefined;
    }
    slot.busy = false;
    if (!slots.includes(slot)) return;
    slot.idleTimer = setTimeout(() => retire(slot), idleMs);
    slot.idleTimer.unref();
    pump();
  }

  return {
    recognise(image, onProgress, options) {
      if (closed) return Promise.reject(new AppError('DOCUMENT_PROCESSING_FAILED'));
      const available = slots.some((s) => !s.busy) || slots.length < size;
      if (!available && queue.length >= maxQueue) return Promise.reject(new AppError('DOCUMENT_QUEUE_FULL'));
      return new Promise<OcrResult>((resolve, reject) => {
        queue.push({ image, onProgress, pageSegMode: options?.pageSegMode, thresholdingMethod: options?.thresholdingMethod, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new AppError('DOCUMENT_PROCESSING_FAILED'));
      const workers = slots.splice(0).map((slot) => {
        clearTimeout(slot.idleTimer);
        slot.failRunning?.(new Error('OCR pool closed'));
        return slot.worker.then((worker) => worker.terminate()).catch(() => {});
      });
      await Promise.all(workers);
    },
  };
}

type TesseractPage = Awaited<ReturnType<Worker['recognize']>>['data'];

function toResult(page: TesseractPage): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(/\s+$/, '');
        if (!text.trim()) continue;
        const words = line.words.map((word) => ({ text: word.text, confidence: word.confidence, bbox: word.bbox }));
        lines.push({ text, confidence: line.confidence, words });
      }
    }
  }
  return { text: page.text, confidence: page.confidence, lines };
}
