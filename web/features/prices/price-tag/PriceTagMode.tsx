// « Photographier une étiquette » on /contribute: one photo of the shelf label is read (product and
// price) and prefills the usual contribution, the photo as its proof; the user then picks the store
// and sends. A label nothing could be read on still leads to the form, by hand, with its photo.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, ImageUp, PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import type { PriceTagResult } from '#contract/price-tags';
import { errorMessage } from '../../../lib/api';
import { readAsDataUrl } from '../../../lib/files';
import { fitImage } from '../../../lib/images';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FileInput } from '../../../ui/FileInput';
import { Spinner } from '../../../ui/Spinner';
import type { PickedProduct } from '../ProductStep';
import { TAG_ACCEPT, checkTagPhoto } from '../receipts/upload-check';
import { pickedProduct, readPriceTag } from './price-tag-api';

export type TagPrefill = { result: PriceTagResult | null; product: PickedProduct | null; price: number | null; photo: string | null };

export function PriceTagMode({ onRead }: { onRead: (prefill: TagPrefill) => void }) {
  const t = fr.priceTagUi;
  const queryClient = useQueryClient();
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);

  const read = useMutation({
    mutationFn: async (file: File) => {
      // The proof sent with the contribution: the same photo, within the contribution's size.
      const proof = await fitImage(await readAsDataUrl(file), IMAGE_MAX_BYTES);
      setPhoto(proof);
      const result = await readPriceTag(file);
      const product = result.product_id ? await pickedProduct(queryClient, result.product_id).catch(() => null) : null;
      return { result, product, price: result.price_xaf, photo: proof } satisfies TagPrefill;
    },
    onSuccess: onRead,
  });

  const onFile = async (file: File) => {
    const problem = await checkTagPhoto(file);
    setRefused(problem);
    if (!problem) read.mutate(file);
  };
  const error = refused ?? (read.isError ? errorMessage(read.error, t.sendError) : null);

  return (
    <Card className="space-y-3 p-4">
      <h2 className="font-semibold text-slate-900">{t.title}</h2>
      {read.isPending ? (
        <p className="flex items-center gap-3 rounded-xl bg-brand-50 p-4 font-semibold text-brand-900" role="status">
          <Spinner className="shrink-0 text-brand-700" /> {t.reading}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t.hint}</p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Button icon={<Camera size={18} />} onClick={() => camera.current?.click()}>
              {t.takePhoto}
            </Button>
            <Button variant="outline" icon={<ImageUp size={18} />} onClick={() => chooser.current?.click()}>
              {t.chooseFile}
            </Button>
          </div>
        </>
      )}
      <FileInput ref={camera} accept="image/*" capture="environment" tabIndex={-1} aria-label={t.takePhoto} onFiles={([file]) => void onFile(file)} />
      <FileInput ref={chooser} accept={TAG_ACCEPT} tabIndex={-1} aria-label={t.fileLabel} onFiles={([file]) => void onFile(file)} />
      {error && (
        <div className="space-y-2 rounded-xl bg-rose-50 p-3" role="alert">
          <p className="text-sm text-rose-800">{error}</p>
          <Button variant="outline" size="sm" icon={<PenLine size={14} />} onClick={() => onRead({ result: null, product: null, price: null, photo: read.isError ? photo : null })}>
            {t.byHand}
          </Button>
        </div>
      )}
    </Card>
  );
}
