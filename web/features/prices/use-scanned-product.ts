// The contribute page's barcode scan: the code read is looked up (GET /products/by-barcode/{code})
// and its product chosen in step 1; an unknown code is remembered so that, once the user has found
// the product by its name, the code can be attached to it (POST /products/{id}/barcode, under the
// moderation rules: at once for its creator or a moderator, otherwise a suggestion).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AttachBarcodeResponse } from '#contract/barcodes';
import { fr } from '#contract/messages';
import type { ProductDetail } from '#contract/products';
import { ApiError, api, errorMessage } from '../../lib/api';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import type { PickedProduct } from './ProductStep';

export type ScanState = { code: string; status: 'looking' | 'unknown' | 'error'; message?: string } | null;

export function useScannedProduct(onFound: (product: PickedProduct) => void) {
  const queryClient = useQueryClient();
  const [scan, setScan] = useState<ScanState>(null);

  const lookup = async (code: string) => {
    setScan({ code, status: 'looking' });
    try {
      const product = await api.get<ProductDetail>(`/products/by-barcode/${encodeURIComponent(code)}`);
      onFound(product);
      setScan(null);
      notifySuccess(fr.scannerUi.productFound(product.name));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setScan({ code, status: 'unknown' });
      else setScan({ code, status: 'error', message: errorMessage(error, fr.common.unknownError) });
    }
  };

  const attach = useMutation({
    mutationFn: ({ productId, code }: { productId: string; code: string }) => api.post<AttachBarcodeResponse>(`/products/${productId}/barcode`, { barcode: code }),
    onSuccess: async (response) => {
      if (response.pending_review) notifyInfo(response.message);
      else notifySuccess(response.message);
      setScan(null);
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
    onError: (error) => notifyError(errorMessage(error, fr.common.unknownError)),
  });

  return { scan, lookup, attach, clear: () => setScan(null) };
}
