// "Scanner intelligent": the spec's recognition dialog. Capture (rear camera, 1280×720, JPEG) or
// upload (an image of 10 MB at most) → preview with a retake → analysing (POST /recognize-product)
// → result: the suggested product and the labels read, then "Utiliser ce produit" (the product's
// details when it is in the catalogue, otherwise the add-with-shop form prefilled with the
// suggestion and the photo) or "Nouvelle analyse". Manual entry stays available before the result.
import { Camera, ImageUp, PenLine, RotateCcw, ScanSearch, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { RECOGNITION_IMAGE_MAX_BYTES, type DetectedLabel, type SuggestedProduct } from '#contract/recognition';
import { errorMessage } from '../../lib/api';
import { useCamera } from '../../lib/camera';
import { fitImage, readImageFile } from '../../lib/images';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { CameraView } from '../../ui/CameraView';
import { FileInput } from '../../ui/FileInput';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import type { ProductDraft } from './ProductFormDialog';
import { RecognitionResult } from './RecognitionResult';
import { recognizeProduct } from './recognition-api';

type Tab = 'camera' | 'upload';
type Stage =
  | { step: 'capture' }
  | { step: 'preview'; photo: string; error?: string }
  | { step: 'analysing'; photo: string }
  | { step: 'result'; photo: string; product: SuggestedProduct; labels: DetectedLabel[] };

type ScannerProps = {
  open: boolean;
  onClose: () => void;
  /** A product that is not in the catalogue yet: the add-with-shop form, prefilled. */
  onUse: (draft: ProductDraft) => void;
  /** A catalogue product: its details. */
  onOpenProduct: (productId: string) => void;
};

export function SmartScannerDialog({ open, onClose, onUse, onOpenProduct }: ScannerProps) {
  const [tab, setTab] = useState<Tab>('camera');
  const [stage, setStage] = useState<Stage>({ step: 'capture' });
  const [error, setError] = useState<string | null>(null);
  const camera = useCamera(open && tab === 'camera' && stage.step === 'capture');
  const fileInput = useRef<HTMLInputElement>(null);
  // The answer of an analysis started before a retake or a close is dropped.
  const attempt = useRef(0);

  useEffect(() => {
    if (!open) {
      attempt.current += 1;
      setStage({ step: 'capture' });
      setError(null);
    }
  }, [open]);

  const onFile = async (file: File) => {
    setError(null);
    const picked = await readImageFile(file, { maxBytes: RECOGNITION_IMAGE_MAX_BYTES, tooLarge: fr.lists.fileTooLarge });
    if (picked.error !== null) return setError(picked.error);
    setStage({ step: 'preview', photo: picked.dataUrl });
    notifySuccess(fr.recognition.uploaded);
  };

  const take = () => {
    const shot = camera.capture();
    if (!shot) return setError(fr.recognition.noImage);
    setError(null);
    setStage({ step: 'preview', photo: shot });
  };

  const analyse = async (photo: string) => {
    const mine = ++attempt.current;
    setStage({ step: 'analysing', photo });
    try {
      const answer = await recognizeProduct(photo);
      if (mine !== attempt.current) return;
      if (!answer.success || !answer.data) {
        notifyError(fr.recognition.failed);
        return setStage({ step: 'preview', photo, error: fr.recognition.failed });
      }
      notifySuccess(fr.recognition.success);
      setStage({ step: 'result', photo, product: answer.data.suggested_product, labels: answer.data.detected_labels });
    } catch (failure) {
      if (mine !== attempt.current) return;
      notifyError(fr.recognition.error);
      // Under the spec's toast, the server's own reason (not an image, too large, too many photos…).
      setStage({ step: 'preview', photo, error: errorMessage(failure, fr.recognition.error) });
    }
  };

  const retake = () => {
    attempt.current += 1;
    setError(null);
    setStage({ step: 'capture' });
  };

  const applySuggestion = async (photo: string, product: SuggestedProduct) => {
    if (product.product_id) return onOpenProduct(product.product_id);
    onUse({
      name: product.product_name,
      brand: product.brand ?? undefined,
      category: product.category ?? undefined,
      description: product.description ?? undefined,
      unit: product.suggested_unit ?? undefined,
      barcode: product.barcode ?? undefined,
      // A product image is 5 MB at most; the photo analysed may be up to 10 MB.
      main_image: await fitImage(photo, IMAGE_MAX_BYTES).catch(() => null),
    });
  };

  const manual = async () => onUse({ main_image: 'photo' in stage ? await fitImage(stage.photo, IMAGE_MAX_BYTES).catch(() => null) : null });

  return (
    <Modal
      open={open}
      title={fr.scanner.title}
      description={fr.scannerUi.description}
      onClose={onClose}
      size="md"
      // The result's two choices stay in view however long the result is.
      footer={
        stage.step === 'result' ? (
          <div className="grid w-full grid-cols-1 gap-2 sm:grid-cols-2">
            <Button icon={<Sparkles size={16} />} onClick={() => void applySuggestion(stage.photo, stage.product)} className="sm:order-2">
              {fr.scannerUi.useProduct}
            </Button>
            <Button variant="outline" icon={<RotateCcw size={16} />} onClick={retake} className="sm:order-1">
              {fr.scannerUi.newAnalysis}
            </Button>
          </div>
        ) : undefined
      }
    >
      <div className="space-y-4" data-stage={stage.step} data-testid="smart-scanner">
        {stage.step === 'capture' && (
          <Tabs
            label={fr.scanner.title}
            active={tab}
            onChange={(next) => {
              setError(null);
              setTab(next);
            }}
            items={[
              { key: 'camera', label: fr.scanner.camera, icon: <Camera size={16} /> },
              { key: 'upload', label: fr.scanner.upload, icon: <ImageUp size={16} /> },
            ]}
          >
            {tab === 'camera' ? (
              <div className="space-y-3">
                <CameraView video={camera.video} state={camera.state} onRetry={() => void camera.start()} />
                {camera.state === 'on' && (
                  <Button icon={<Camera size={16} />} onClick={take} block>
                    {fr.scanner.capture}
                  </Button>
                )}
              </div>
            ) : (
              <div className="space-y-2">
                <button
                  type="button"
                  onClick={() => fileInput.current?.click()}
                  className="flex w-full flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 px-4 py-8 text-slate-600 hover:border-brand-600 hover:text-brand-700"
                >
                  <ImageUp size={28} aria-hidden="true" />
                  <span className="font-semibold">{fr.scanner.chooseFile}</span>
                  <span className="text-xs text-slate-500">{fr.scannerUi.fileHint}</span>
                </button>
                <FileInput ref={fileInput} accept="image/*" tabIndex={-1} aria-label={fr.scanner.chooseFile} onFiles={([file]) => void onFile(file)} />
              </div>
            )}
          </Tabs>
        )}

        {stage.step === 'preview' && (
          <div className="space-y-3">
            <img src={stage.photo} alt={fr.scanner.preview} className="max-h-72 w-full rounded-2xl bg-slate-100 object-contain" />
            {stage.error && (
              <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800" role="alert">
                {stage.error}
              </p>
            )}
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <Button variant="outline" icon={<RotateCcw size={16} />} onClick={retake}>
                {fr.scanner.retake}
              </Button>
              <Button icon={<ScanSearch size={16} />} onClick={() => void analyse(stage.photo)}>
                {fr.scannerUi.analyse}
              </Button>
            </div>
          </div>
        )}

        {stage.step === 'analysing' && (
          <div className="space-y-3" role="status" aria-live="polite">
            <div className="relative overflow-hidden rounded-2xl bg-slate-100">
              <img src={stage.photo} alt={fr.scanner.preview} className="max-h-72 w-full object-contain opacity-50" />
              <div className="absolute inset-0 flex items-center justify-center">
                <span className="flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-brand-800 shadow">
                  <Spinner size={18} />
                  {fr.scannerUi.analysing}
                </span>
              </div>
            </div>
            <p className="text-center text-sm text-slate-500">{fr.scannerUi.analysingHint}</p>
          </div>
        )}

        {stage.step === 'result' && <RecognitionResult photo={stage.photo} product={stage.product} labels={stage.labels} />}

        {error && (
          <p className="text-sm text-rose-600" role="alert">
            {error}
          </p>
        )}
        {(stage.step === 'capture' || stage.step === 'preview') && (
          <div className="border-t border-slate-100 pt-3">
            <Button variant="ghost" icon={<PenLine size={16} />} onClick={() => void manual()} block>
              {fr.scanner.manualEntry}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
