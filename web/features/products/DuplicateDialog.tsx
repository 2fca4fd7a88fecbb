// "Dupliquer": the same product with its price in another shop (the shop is required).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { fr } from '#contract/messages';
import { ProductDuplicateSchema, type Product, type ProductDuplicate, type ProductMutationResponse } from '#contract/products';
import { api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { productKeys } from './products-api';
import { ShopPicker, type ShopValue } from './ShopPicker';

type DuplicateResponse = ProductMutationResponse & { message: string };

export function DuplicateDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [shop, setShop] = useState<ShopValue | null>(null);
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<{ shop?: string; price?: string }>({});

  useEffect(() => {
    setShop(null);
    setPrice(product?.price ? String(product.price) : '');
    setErrors({});
  }, [product]);

  const duplicate = useMutation({
    mutationFn: (payload: ProductDuplicate) => api.post<DuplicateResponse>('/products/duplicate', payload),
    onSuccess: async (response, payload) => {
      if (!response.success) return notifyError(fr.products.duplicateFailed);
      notifySuccess(fr.products.duplicated(String(payload.shop_name ?? '')));
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      onClose();
    },
    onError: (error) => notifyError(errorMessage(error, fr.products.duplicateError)),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!product) return;
    if (!shop) {
      setErrors({ shop: fr.products.selectShop });
      notifyError(fr.products.selectShop);
      return;
    }
    const payload: ProductDuplicate = { original_product_id: product.id, ...shop, price, currency: 'XAF' };
    const checked = ProductDuplicateSchema.safeParse(payload);
    if (!checked.success) {
      setErrors({ price: checked.error.issues[0]?.message });
      return;
    }
    setErrors({});
    duplicate.mutate(payload);
  };

  return (
    <Modal
      open={Boolean(product)}
      title={fr.products.duplicateTitle}
      description={product ? fr.products.duplicateHint(product.name) : undefined}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {fr.common.cancel}
          </Button>
          <Button type="submit" form={formId} busy={duplicate.isPending} busyLabel={fr.products.duplicating}>
            {fr.products.duplicateSubmit}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <ShopPicker value={shop} onChange={setShop} error={errors.shop} required />
        <TextField label={fr.products.price} type="number" min={0} step={0.01} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} error={errors.price} />
      </form>
    </Modal>
  );
}
