// The receipt mode's first screen: photograph the ticket (the camera on a phone) or choose a photo
// or PDF, checked here as the server checks it before it is sent.
import { Camera, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { fr } from '#contract/messages';
import { Button } from '../../../ui/Button';
import { FileInput } from '../../../ui/FileInput';
import { Spinner } from '../../../ui/Spinner';
import { RECEIPT_ACCEPT, checkReceiptFile } from './upload-check';

type ReceiptPickerProps = { onPick: (file: File) => void; reading: boolean; error: string | null };

export function ReceiptPicker({ onPick, reading, error }: ReceiptPickerProps) {
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const t = fr.receiptsUi;

  const onFile = async (file: File) => {
    const problem = await checkReceiptFile(file);
    setRefused(problem);
    if (!problem) onPick(file);
  };
  const shown = refused ?? error;

  if (reading) {
    return (
      <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4 text-brand-900" role="status">
        <Spinner className="mt-0.5 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold">{t.reading}</p>
          <p className="text-sm">{t.readingHint}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t.pickHint}</p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button icon={<Camera size={18} />} onClick={() => camera.current?.click()}>
          {t.takePhoto}
        </Button>
        <Button variant="outline" icon={<FileUp size={18} />} onClick={() => chooser.current?.click()}>
          {t.chooseFile}
        </Button>
      </div>
      <FileInput ref={camera} accept="image/*" capture="environment" tabIndex={-1} aria-label={t.takePhoto} onFiles={([file]) => void onFile(file)} />
      <FileInput ref={chooser} accept={RECEIPT_ACCEPT} tabIndex={-1} aria-label={t.fileLabel} onFiles={([file]) => void onFile(file)} />
      {shown && (
        <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
