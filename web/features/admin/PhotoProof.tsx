// The photo a contributor took of the price: a thumbnail that opens the full picture.
import { Camera, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { fr } from '#contract/messages';
import { Modal } from '../../ui/Modal';

const texts = fr.adminUi;

export function PhotoProof({ url, product }: { url: string | null; product: string }) {
  const [open, setOpen] = useState(false);
  if (!url) {
    return (
      <div className="flex size-24 shrink-0 flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-2 text-center text-xs text-slate-500">
        <Camera size={18} aria-hidden="true" />
        {texts.noPhoto}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="group relative size-24 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
        aria-label={texts.enlargePhoto}
      >
        <img src={url} alt={texts.photo} className="size-full object-cover transition-transform group-hover:scale-105" loading="lazy" />
        <span className="absolute bottom-1 right-1 rounded-md bg-slate-900/60 p-1 text-white" aria-hidden="true">
          <Maximize2 size={12} />
        </span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={texts.photoTitle(product)} size="xl">
        <img src={url} alt={texts.photo} className="mx-auto max-h-[75vh] w-auto rounded-xl object-contain" />
      </Modal>
    </>
  );
}
