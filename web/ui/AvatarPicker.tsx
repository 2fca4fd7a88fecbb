// 20 preset avatars or an uploaded photo (under 5 MB), checked when it is picked as the server will
// check it again (content, size, pixels) before it resizes it.
import { ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, PRESET_AVATARS } from '#contract/constants';
import { fr } from '#contract/messages';
import { readImageFile } from '../lib/images';
import { Avatar } from './Avatar';
import { FileInput } from './FileInput';

const AVATAR_LIMIT = { maxBytes: IMAGE_MAX_BYTES, tooLarge: fr.register.avatarTooLarge };

type AvatarPickerProps = { value: string | null; onChange: (value: string | null) => void; name: string };

export function AvatarPicker({ value, onChange, name }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const isUpload = Boolean(value && !PRESET_AVATARS.includes(value));

  const onFile = async (file: File) => {
    setError(null);
    const picked = await readImageFile(file, AVATAR_LIMIT);
    if (picked.error !== null) return setError(picked.error);
    onChange(picked.dataUrl);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">{fr.register.avatar}</legend>
      <div className="flex items-center gap-4">
        <Avatar url={value} name={name || fr.register.avatar} size={64} />
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => input.current?.click()} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            <ImageUp size={16} aria-hidden="true" />
            {fr.register.uploadAvatar}
          </button>
          {isUpload && (
            <button type="button" onClick={() => onChange(null)} className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50">
              <Trash2 size={16} aria-hidden="true" />
              {fr.register.removeUpload}
            </button>
          )}
          <FileInput ref={input} accept="image/*" tabIndex={-1} aria-label={fr.register.uploadAvatar} onFiles={([file]) => void onFile(file)} />
        </div>
      </div>
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
      <p className="text-xs text-slate-500">{fr.register.chooseAvatar}</p>
      <div className="grid grid-cols-5 gap-2 sm:grid-cols-10">
        {PRESET_AVATARS.map((url, i) => (
          <button
            key={url}
            type="button"
            onClick={() => {
              setError(null);
              onChange(url);
            }}
            aria-pressed={value === url}
            aria-label={`Avatar ${i + 1}`}
            className={`rounded-full p-0.5 transition ${value === url ? 'ring-3 ring-brand-600' : 'ring-1 ring-transparent hover:ring-slate-300'}`}
          >
            <img src={url} alt="" width={44} height={44} className="size-11 rounded-full" loading="lazy" />
          </button>
        ))}
      </div>
    </fieldset>
  );
}
