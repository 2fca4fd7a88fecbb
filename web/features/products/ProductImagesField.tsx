// The product form's pictures: one main image, up to 3 gallery images and a barcode image, each an
// image of at most 5 MB, checked when picked as the server checks it again (content, size, pixels).
// New files become data URLs.
import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { CATALOGUE } from '#contract/products';
import { readImageFile } from '../../lib/images';
import { FileInput } from '../../ui/FileInput';

export type ImageValues = { main_image: string | null; gallery_images: string[]; barcode_image: string | null };

const PRODUCT_IMAGE_LIMIT = { maxBytes: IMAGE_MAX_BYTES, tooLarge: fr.image.productTooLarge };

/** All the picked files as data URLs, or the first file's problem (then none is taken). */
async function readImages(files: File[]): Promise<{ urls: string[]; error: string | null }> {
  const picked = await Promise.all(files.map((file) => readImageFile(file, PRODUCT_IMAGE_LIMIT)));
  const refused = picked.find((p) => p.error !== null);
  if (refused) return { urls: [], error: refused.error };
  return { urls: picked.map((p) => p.dataUrl ?? ''), error: null };
}

function Thumb({ src, onRemove, alt }: { src: string; onRemove: () => void; alt: string }) {
  return (
    <div className="relative size-20 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      <img src={src} alt={alt} className="size-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`${fr.products.removeImage} (${alt})`}
        className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-white"
      >
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}

function AddButton({ label, multiple, onFiles }: { label: string; multiple?: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="flex size-20 shrink-0 flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-slate-300 text-xs font-medium text-slate-500 hover:border-brand-600 hover:text-brand-700"
      >
        <ImagePlus size={18} aria-hidden="true" />
        {fr.products.addImage}
      </button>
      <FileInput ref={input} accept="image/*" multiple={multiple} tabIndex={-1} aria-label={label} onFiles={onFiles} />
    </>
  );
}

export function ProductImagesField({ value, onChange }: { value: ImageValues; onChange: (next: Partial<ImageValues>) => void }) {
  const [error, setError] = useState<string | null>(null);

  const pick = async (files: File[], apply: (urls: string[]) => string | null) => {
    const { urls, error: readError } = await readImages(files);
    setError(readError ?? apply(urls));
  };

  const onMain = (files: File[]) =>
    pick(files, (urls) => {
      if (urls.length > 1 || value.main_image) return fr.image.onlyOneMain;
      onChange({ main_image: urls[0] });
      return null;
    });
  const onGallery = (files: File[]) =>
    pick(files, (urls) => {
      if (value.gallery_images.length + urls.length > CATALOGUE.galleryMax) return fr.image.galleryMax;
      onChange({ gallery_images: [...value.gallery_images, ...urls] });
      return null;
    });
  const onBarcode = (files: File[]) =>
    pick(files, (urls) => {
      onChange({ barcode_image: urls[0] });
      return null;
    });

  return (
    <fieldset className="space-y-3">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">{fr.products.mainImage}</p>
          <div className="flex gap-2">
            {value.main_image ? (
              <Thumb src={value.main_image} alt={fr.products.mainImage} onRemove={() => onChange({ main_image: null })} />
            ) : (
              <AddButton label={fr.products.mainImage} multiple onFiles={(f) => void onMain(f)} />
            )}
          </div>
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">{fr.products.gallery}</p>
          <div className="flex flex-wrap gap-2">
            {value.gallery_images.map((src, i) => (
              <Thumb key={`${i}-${src.slice(-24)}`} src={src} alt={`${fr.products.gallery} ${i + 1}`} onRemove={() => onChange({ gallery_images: value.gallery_images.filter((_, j) => j !== i) })} />
            ))}
            {value.gallery_images.length < CATALOGUE.galleryMax && <AddButton label={fr.products.gallery} multiple onFiles={(f) => void onGallery(f)} />}
          </div>
        </div>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">{fr.products.barcodeImage}</p>
          {value.barcode_image ? (
            <Thumb src={value.barcode_image} alt={fr.products.barcodeImage} onRemove={() => onChange({ barcode_image: null })} />
          ) : (
            <AddButton label={fr.products.barcodeImage} onFiles={(f) => void onBarcode(f)} />
          )}
        </div>
      </div>
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
