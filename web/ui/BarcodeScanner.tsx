// Live barcode scanning: the rear camera's frames are read continuously (the browser's
// BarcodeDetector, or zxing-wasm a few times a second) until a catalogue barcode (EAN-13, EAN-8,
// UPC-A, UPC-E, or a QR code holding one) is seen; a photo of the code read by the same reader
// serves phones and computers without a camera. `onDetected` gets the code in its canonical form.
import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { firstGtin } from '#contract/barcodes';
import { IMPORT_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { getBarcodeReader, warmBarcodeReader } from '../lib/barcode-reader';
import { useCamera } from '../lib/camera';
import { Button } from './Button';
import { FileInput } from './FileInput';
import { CameraView } from './CameraView';
import { Modal } from './Modal';

type BarcodeScannerProps = {
  open: boolean;
  onClose: () => void;
  onDetected: (gtin: string) => void;
  title?: string;
};

/** Reads camera frames while the camera runs; calls `onFound` once with the first valid code. */
function useLiveScan(video: RefObject<HTMLVideoElement | null>, running: boolean, onFound: (gtin: string) => void, onReaderError: () => void) {
  const found = useRef(onFound);
  found.current = onFound;
  const failed = useRef(onReaderError);
  failed.current = onReaderError;
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void getBarcodeReader().then(
      (reader) => {
        const tick = async () => {
          if (stopped) return;
          const element = video.current;
          if (element && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const gtin = firstGtin(await reader.readFrame(element).catch(() => []));
            if (stopped) return;
            if (gtin) return found.current(gtin);
          }
          timer = setTimeout(() => void tick(), reader.interval);
        };
        void tick();
      },
      () => failed.current(),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, video]);
}

export function BarcodeScanner({ open, onClose, onDetected, title = fr.scannerUi.barcodeTitle }: BarcodeScannerProps) {
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const camera = useCamera(open);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) warmBarcodeReader();
    else {
      setReading(false);
      setError(null);
    }
  }, [open]);

  const detected = (gtin: string) => {
    camera.stop();
    onDetected(gtin);
  };
  // The live reading pauses while a chosen photo is read.
  useLiveScan(camera.video, open && camera.state === 'on' && !reading, detected, () => setError(fr.scannerUi.readerUnavailable));

  const onFile = async (file: File) => {
    setError(null);
    if (!file.type.startsWith('image/')) return setError(fr.lists.imageRequired);
    if (file.size > IMPORT_MAX_BYTES) return setError(fr.lists.fileTooLarge);
    setReading(true);
    try {
      const reader = await getBarcodeReader();
      const gtin = firstGtin(await reader.readImage(file));
      if (gtin) return onDetected(gtin);
      setError(fr.scannerUi.barcodeNone);
    } catch {
      setError(fr.scannerUi.readerUnavailable);
    } finally {
      setReading(false);
    }
  };

  return (
    <Modal open={open} title={title} description={fr.scannerUi.barcodeHint} onClose={onClose} size="md">
      <div className="space-y-4">
        <CameraView
          video={camera.video}
          state={camera.state}
          onRetry={() => void camera.start()}
          overlay={
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden="true">
              <div className="relative h-2/5 w-3/4 rounded-xl border-2 border-white/90 shadow-[0_0_0_9999px_rgba(15,23,42,0.35)]">
                <div className="absolute inset-x-3 top-1/2 h-0.5 animate-pulse bg-rose-500" />
              </div>
            </div>
          }
        />
        <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          {fr.scannerUi.or}
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <div className="space-y-1.5">
          <Button
            variant="outline"
            block
            icon={<ImageUp size={18} className="shrink-0" />}
            busy={reading}
            busyLabel={fr.scannerUi.barcodeReading}
            onClick={() => fileInput.current?.click()}
            className="h-auto min-h-11 py-2"
          >
            {fr.scannerUi.barcodeFile}
          </Button>
          {camera.state === 'denied' && <p className="text-center text-xs text-slate-500">{fr.scannerUi.barcodeNoCamera}</p>}
        </div>
        <FileInput ref={fileInput} accept="image/*" tabIndex={-1} aria-label={fr.scannerUi.barcodeFile} onFiles={([file]) => void onFile(file)} />
        {error && (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
