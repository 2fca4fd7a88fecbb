// Step 4 of /contribute: an optional photo of the price label from the camera (or a file where the
// device has no camera), previewed and removable. The second button, labelled as a barcode scan,
// opens the live barcode scanner, whose code chooses the product of step 1.
import { Camera, ScanBarcode, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { readImageFile } from '../../lib/images';
import { Button } from '../../ui/Button';
import { FileInput } from '../../ui/FileInput';

const PHOTO_LIMIT = { maxBytes: IMAGE_MAX_BYTES, tooLarge: fr.image.productTooLarge };

type PhotoStepProps = { value: string | null; onChange: (dataUrl: string | null) => void; onScanBarcode: () => void };

export function PhotoStep({ value, onChange, onScanBarcode }: PhotoStepProps) {
  const camera = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (chosen: File) => {
    setError(null);
    const picked = await readImageFile(chosen, PHOTO_LIMIT);
    if (picked.error !== null) return setError(picked.error);
    onChange(picked.dataUrl);
  };

  return (
    <div className="space-y-3">
      {value ? (
        <div className="flex items-start gap-3">
          <img src={value} alt={fr.contribute.photoPreview} className="size-32 rounded-xl border border-slate-200 object-cover" />
          <Button variant="ghost" size="sm" icon={<Trash2 size={16} />} onClick={() => onChange(null)} className="text-rose-700">
            {fr.contribute.removePhoto}
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Button variant="outline" icon={<Camera size={18} />} onClick={() => camera.current?.click()}>
            {fr.contribute.takePhoto}
          </Button>
          <Button variant="outline" icon={<ScanBarcode size={18} />} onClick={onScanBarcode}>
            {fr.contribute.scanBarcode}
          </Button>
        </div>
      )}
      <FileInput ref={camera} accept="image/*" capture="environment" tabIndex={-1} aria-label={fr.contribute.takePhoto} onFiles={([file]) => void onFile(file)} />
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
