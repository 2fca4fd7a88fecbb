// "Scanner intelligent": a photo from the camera (rear camera preferred, 1280×720, JPEG) or from a
// file, previewed with a retake, then handed to the "add with shop" form as the main image. Automatic
// recognition is its own feature; until it lands the dialog offers the photo and manual entry.
import { Camera, ImageUp, PenLine, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { readAsDataUrl } from '../../lib/files';
import { notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Tabs } from '../../ui/Tabs';
import type { ProductDraft } from './ProductFormDialog';

type Tab = 'camera' | 'upload';
const CAMERA: MediaStreamConstraints = { video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false };

function useCamera(active: boolean) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'denied'>('off');

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setState('off');
  };
  const start = async () => {
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia(CAMERA);
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play().catch(() => {});
      }
      setState('on');
    } catch {
      setState('denied');
    }
  };
  const capture = (): string | null => {
    const v = video.current;
    if (!v || !v.videoWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.85);
  };
  useEffect(() => {
    if (!active) stop();
    return () => stream.current?.getTracks().forEach((t) => t.stop());
  }, [active]);
  return { video, state, start, stop, capture };
}

type ScannerProps = { open: boolean; onClose: () => void; onUse: (draft: ProductDraft) => void };

export function SmartScannerDialog({ open, onClose, onUse }: ScannerProps) {
  const [tab, setTab] = useState<Tab>('camera');
  const [photo, setPhoto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const camera = useCamera(open && tab === 'camera' && !photo);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) {
      setPhoto(null);
      setError(null);
    }
  }, [open]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(fr.lists.imageRequired);
    if (file.size > IMAGE_MAX_BYTES) return setError(fr.image.productTooLarge);
    setPhoto(await readAsDataUrl(file));
    notifySuccess(fr.recognition.uploaded);
  };

  const take = () => {
    const shot = camera.capture();
    if (!shot) return setError(fr.recognition.noImage);
    camera.stop();
    setPhoto(shot);
  };

  const use = (draft: ProductDraft) => {
    camera.stop();
    onUse(draft);
  };

  return (
    <Modal open={open} title={fr.scanner.title} description={fr.scanner.recognitionSoon} onClose={onClose} size="md">
      <div className="space-y-4">
        {photo ? (
          <div className="space-y-3">
            <img src={photo} alt={fr.scanner.preview} className="max-h-72 w-full rounded-2xl bg-slate-100 object-contain" />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" icon={<RotateCcw size={16} />} onClick={() => setPhoto(null)}>
                {fr.scanner.retake}
              </Button>
              <Button onClick={() => use({ main_image: photo })}>{fr.scanner.usePhoto}</Button>
            </div>
          </div>
        ) : (
          <Tabs
            label={fr.scanner.title}
            active={tab}
            onChange={setTab}
            items={[
              { key: 'camera', label: fr.scanner.camera, icon: <Camera size={16} /> },
              { key: 'upload', label: fr.scanner.upload, icon: <ImageUp size={16} /> },
            ]}
          >
            {tab === 'camera' ? (
              <div className="space-y-3">
                <video ref={camera.video} playsInline muted className={`aspect-video w-full rounded-2xl bg-slate-900 ${camera.state === 'on' ? '' : 'hidden'}`} />
                {camera.state === 'denied' && (
                  <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800" role="alert">
                    {fr.recognition.camera}
                  </p>
                )}
                {camera.state === 'on' ? (
                  <Button icon={<Camera size={16} />} onClick={take} block>
                    {fr.scanner.capture}
                  </Button>
                ) : (
                  <Button icon={<Camera size={16} />} onClick={() => void camera.start()} busy={camera.state === 'starting'} block>
                    {camera.state === 'denied' ? fr.common.retry : fr.scanner.startCamera}
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
                  <span className="text-xs text-slate-500">{fr.scanner.fileHint}</span>
                </button>
                <input ref={fileInput} type="file" accept="image/*" className="sr-only" aria-label={fr.scanner.chooseFile} onChange={(e) => void onFile(e.target.files?.[0])} />
              </div>
            )}
          </Tabs>
        )}
        {error && (
          <p className="text-sm text-rose-600" role="alert">
            {error}
          </p>
        )}
        <div className="border-t border-slate-100 pt-3">
          <Button variant="ghost" icon={<PenLine size={16} />} onClick={() => use({})} block>
            {fr.scanner.manualEntry}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
