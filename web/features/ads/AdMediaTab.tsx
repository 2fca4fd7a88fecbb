// Wizard tab 2: the image or video of the ad, checked by its first bytes and its size before it is
// read, and an image by drawing it (the server checks it again). A text ad needs none.
import { FileImage, FileVideo, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { formatOneDecimal } from '#contract/format';
import { fr } from '#contract/messages';
import { readAsDataUrl } from '../../lib/files';
import { decodedSize } from '../../lib/images';
import { FileInput } from '../../ui/FileInput';
import { Spinner } from '../../ui/Spinner';
import { previewMedia, type AdFormErrors, type AdFormValues } from './ad-form';
import { checkMediaFile } from './media-check';

const t = fr.adsUi;
const ACCEPT = { image: 'image/jpeg,image/png,image/gif,image/webp', video: 'video/mp4,video/webm,video/ogg' } as const;

type TabProps = { values: AdFormValues; errors: AdFormErrors; onChange: (patch: Partial<AdFormValues>) => void; onError: (message: string | undefined) => void };

export function AdMediaTab({ values, errors, onChange, onError }: TabProps) {
  const inputId = useId();
  const [checking, setChecking] = useState(false);
  if (values.type === 'text') return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{t.mediaNotNeeded}</p>;

  const type = values.type;
  const shown = previewMedia(values);
  const showsVideo = shown?.mime?.startsWith('video/');

  const choose = async (file: File) => {
    setChecking(true);
    try {
      const { problem, sniffed } = await checkMediaFile(type, file);
      if (problem || !sniffed) return onError(problem ?? fr.ads.imageFormat);
      const dataUrl = await readAsDataUrl(file);
      // Right first bytes are not enough: a damaged image would show as a broken picture.
      if (sniffed.kind === 'image' && !(await decodedSize(dataUrl))) return onError(fr.image.unreadable);
      onError(undefined);
      onChange({ media: { dataUrl, name: file.name, size: file.size, mime: sniffed.mime } });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700">{t.mediaLabel}</p>
        <p className="text-xs text-slate-500">{type === 'image' ? t.imageHint : t.videoHint}</p>
      </div>
      {shown && (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {showsVideo ? (
            <video src={shown.url} className="max-h-56 w-full object-contain" muted autoPlay loop playsInline />
          ) : (
            <img src={shown.url} alt="" className="max-h-56 w-full object-contain" />
          )}
          <div className="flex items-center justify-between gap-2 border-t border-slate-200 bg-white px-3 py-2 text-sm">
            <span className="flex min-w-0 items-center gap-2 text-slate-700">
              {showsVideo ? <FileVideo size={16} aria-hidden="true" /> : <FileImage size={16} aria-hidden="true" />}
              <span className="truncate">{values.media ? `${values.media.name} · ${t.fileSize(formatOneDecimal(values.media.size / 1024 / 1024))}` : t.keptMedia}</span>
            </span>
            {values.media && (
              <button type="button" onClick={() => onChange({ media: null })} className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-rose-700 hover:bg-rose-50">
                <Trash2 size={15} aria-hidden="true" />
                {t.removeFile}
              </button>
            )}
          </div>
        </div>
      )}
      <div>
        <FileInput id={inputId} accept={ACCEPT[type]} aria-label={t.mediaLabel} aria-invalid={errors.media ? true : undefined} onFiles={([file]) => void choose(file)} />
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm font-semibold text-brand-800 hover:border-brand-600 hover:bg-brand-50"
        >
          {checking ? <Spinner size={22} /> : <Upload size={22} aria-hidden="true" />}
          {checking ? t.checkingFile : shown ? t.replaceFile : t.chooseFile}
        </label>
      </div>
      {errors.media && (
        <p className="text-sm text-rose-600" role="alert">
          {errors.media}
        </p>
      )}
    </div>
  );
}
