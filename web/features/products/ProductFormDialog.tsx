// The three product forms of the spec, one component, all with the catalogue's categories and units
// (contract/catalogue.ts: the spec's first add dialog had lists of its own, now mapped onto these):
//   withShop — confirms a scanned or typed product and needs its shop,
//   simple   — a product alone,
//   edit     — every field, and a price that then needs a shop. Editing a product someone else
//              created sends a suggestion to the moderators (202, pending_review) instead.
// The payload is checked with the API's own schema (ProductCreateSchema) before it is sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { fr } from '#contract/messages';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_UNITS,
  ProductCreateSchema,
  catalogueCategory,
  catalogueUnit,
  type Product,
  type ProductCreate,
  type ProductDetail,
  type ProductMutationResponse,
} from '#contract/products';
import { api, errorMessage } from '../../lib/api';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Checkbox, SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { ProductImagesField, type ImageValues } from './ProductImagesField';
import { productKeys } from './products-api';
import { ShopPicker, type ShopValue } from './ShopPicker';

export type FormMode = 'withShop' | 'simple' | 'edit';

/** What the smart scanner hands to the "add with shop" form: the recognised product, its barcode, the photo. */
export type ProductDraft = { name?: string; brand?: string; category?: string; description?: string; unit?: string; barcode?: string; main_image?: string | null };

type FormValues = {
  name: string;
  brand: string;
  category: string;
  description: string;
  unit: string;
  barcode: string;
  manufacturer_reference: string;
  availability: boolean;
  price: string;
  shop: ShopValue | null;
  images: ImageValues;
};

const TEXT = {
  withShop: { title: fr.products.addWithShopTitle, submit: fr.products.create, busy: fr.products.creating, success: fr.products.created, failure: fr.products.createError },
  simple: { title: fr.products.simpleAddTitle, submit: fr.products.create, busy: fr.products.creating, success: fr.products.createdPlain, failure: fr.products.addError },
  edit: { title: fr.products.editTitle, submit: fr.products.saveChanges, busy: fr.products.saving, success: fr.products.updated, failure: fr.products.updateError },
};

function initialValues(mode: FormMode, product?: Product, draft?: ProductDraft): FormValues {
  const source = product ?? draft ?? {};
  const p = product;
  // A product keeps its own category and unit, even one from before the catalogue had one list; a
  // draft's (the scanner's guess) is put in the catalogue's terms, or left to choose.
  const category = p ? p.category : draft?.category ? (catalogueCategory(draft.category) ?? '') : '';
  const unit = p ? (p.unit ?? '') : draft?.unit ? (catalogueUnit(draft.unit) ?? '') : '';
  return {
    name: source.name ?? '',
    brand: source.brand ?? '',
    category,
    description: source.description ?? '',
    unit,
    barcode: p?.barcode ?? draft?.barcode ?? '',
    manufacturer_reference: p?.manufacturer_reference ?? '',
    availability: p?.availability ?? true,
    price: '',
    shop: null,
    images: {
      main_image: p?.main_image ?? draft?.main_image ?? null,
      gallery_images: p?.gallery_images ?? [],
      barcode_image: p?.barcode_image ?? null,
    },
  };
}

/**
 * The form's values as the API takes them. An edited product's category or unit that the catalogue
 * no longer lists is left out while unchanged (the product keeps it; the API would refuse it).
 */
function toPayload(mode: FormMode, values: FormValues, product?: Product): ProductCreate {
  const keptCategory = product && values.category === product.category && !catalogueCategory(values.category);
  const keptUnit = product && values.unit === (product.unit ?? '') && values.unit !== '' && !catalogueUnit(values.unit);
  const payload: ProductCreate = {
    name: values.name,
    brand: values.brand,
    category: keptCategory ? undefined : values.category || undefined,
    description: values.description,
    unit: keptUnit ? undefined : values.unit || null,
    main_image: values.images.main_image,
    gallery_images: values.images.gallery_images,
    barcode_image: values.images.barcode_image,
  };
  if (mode === 'simple') return payload;
  Object.assign(payload, { barcode: values.barcode, manufacturer_reference: values.manufacturer_reference });
  if (mode === 'edit') payload.availability = values.availability;
  if (values.price.trim() !== '') payload.price = values.price;
  if (values.shop) Object.assign(payload, values.shop, { currency: 'XAF' });
  return payload;
}

/** Keeps a product's current category or unit selectable when the catalogue no longer lists it. */
const withCurrent = (list: readonly string[], current: string) => (current && !list.includes(current) ? [current, ...list] : list);

type ProductFormDialogProps = {
  open: boolean;
  mode: FormMode;
  product?: Product;
  draft?: ProductDraft;
  onClose: () => void;
  onSaved?: (product: ProductDetail) => void;
};

export function ProductFormDialog({ open, mode, product, draft, onClose, onSaved }: ProductFormDialogProps) {
  const queryClient = useQueryClient();
  const text = TEXT[mode];
  const formId = useId();
  const form = useForm<FormValues>({ defaultValues: initialValues(mode, product, draft) });
  const { register, control, handleSubmit, reset, setError, watch, formState } = form;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      reset(initialValues(mode, product, draft));
      setFormError(null);
    }
  }, [open, mode, product, draft, reset]);

  const save = useMutation({
    mutationFn: (payload: ProductCreate) =>
      mode === 'edit' && product ? api.put<ProductMutationResponse>(`/products/${product.id}`, payload) : api.post<ProductMutationResponse>('/products', payload),
    onSuccess: async (response) => {
      // Someone else's product: the edit is a suggestion for a moderator, and the product is unchanged.
      if (response.pending_review) notifyInfo(response.message);
      else notifySuccess(text.success);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      reset(initialValues(mode));
      onSaved?.(response.product);
      onClose();
    },
    onError: (error) => notifyError(errorMessage(error, text.failure)),
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    if (mode === 'withShop' && (!values.name.trim() || !values.shop)) {
      if (!values.name.trim()) setError('name', { message: fr.products.requiredFields });
      if (!values.shop) setError('shop', { message: fr.products.requiredFields });
      notifyError(fr.products.requiredFields);
      return;
    }
    if (mode === 'edit' && values.price.trim() !== '' && !values.shop) {
      setError('shop', { message: fr.products.selectShopForPrice });
      notifyError(fr.products.shopRequiredWithPrice);
      return;
    }
    const payload = toPayload(mode, values, mode === 'edit' ? product : undefined);
    const checked = ProductCreateSchema.safeParse(payload);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        const target = field === 'price' ? 'price' : field.startsWith('shop') ? 'shop' : field === 'name' ? 'name' : null;
        if (target) setError(target, { message: issue.message });
        else setFormError(issue.message);
      }
      return;
    }
    save.mutate(payload);
  });

  const category = watch('category');
  const unit = watch('unit');
  const { errors } = formState;

  return (
    <Modal
      open={open}
      title={text.title}
      description={mode === 'withShop' ? fr.products.addWithShopHint : undefined}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {fr.common.cancel}
          </Button>
          <Button type="submit" form={formId} busy={save.isPending} busyLabel={text.busy}>
            {text.submit}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label={`${fr.products.name} *`} error={errors.name?.message} autoComplete="off" {...register('name')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={fr.products.brand} autoComplete="off" {...register('brand')} />
          <SelectField label={fr.products.category} {...register('category')}>
            <option value="">{fr.products.chooseCategory}</option>
            {withCurrent(PRODUCT_CATEGORIES, category).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <SelectField label={fr.products.unit} {...register('unit')}>
            <option value="">{fr.products.chooseUnit}</option>
            {withCurrent(PRODUCT_UNITS, unit).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
          {mode !== 'simple' && <TextField label={fr.products.barcode} inputMode="numeric" autoComplete="off" {...register('barcode')} />}
        </div>
        <TextAreaField label={fr.products.description} rows={2} {...register('description')} />
        {mode !== 'simple' && (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField label={fr.products.price} type="number" min={0} step={0.01} inputMode="decimal" error={errors.price?.message} {...register('price')} />
              {mode === 'edit' && <TextField label={fr.products.manufacturerReference} autoComplete="off" {...register('manufacturer_reference')} />}
            </div>
            <Controller
              name="shop"
              control={control}
              render={({ field }) => <ShopPicker value={field.value} onChange={field.onChange} error={errors.shop?.message} required={mode === 'withShop'} />}
            />
            {mode === 'edit' && <Checkbox label={fr.products.availability} {...register('availability')} />}
          </>
        )}
        <Controller name="images" control={control} render={({ field }) => <ProductImagesField value={field.value} onChange={(next) => field.onChange({ ...field.value, ...next })} />} />
        {formError && (
          <p className="text-sm text-rose-600" role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
