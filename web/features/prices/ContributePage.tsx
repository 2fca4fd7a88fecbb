// /contribute (optional query store, lat, lng — and product from a product's details): the price a
// user sees in a store, with their position and an optional photo. The server applies the trust
// rules (distance to the store, the shown price, daily limits) and says whether the price is shown,
// waits for another contributor to confirm it, or is held for a moderator. Two more modes
// (?mode=ticket: a till receipt read into many prices; ?mode=etiquette: a shelf label's photo that
// prefills this form) live in receipts/ and price-tag/.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lightbulb, Send } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import { ContributionSchema, type Contribution, type ContributionResponse } from '#contract/prices';
import type { ProductDetail } from '#contract/products';
import { PLACES, type Store } from '#contract/stores';
import { useSession } from '../../lib/session';
import { api, errorMessage } from '../../lib/api';
import { appConfigQuery } from '../../lib/app-config';
import { positionFromParams, useGeolocation } from '../../lib/geolocation';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { fetchNearbyStores, placesKeys } from '../../lib/places';
import { BarcodeScanner } from '../../ui/BarcodeScanner';
import { Button } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { ContributeModes, modeHref, modeOf } from './ContributeModes';
import { LocationBanner } from './LocationBanner';
import { PhotoStep } from './PhotoStep';
import { pickedProduct } from './price-tag/price-tag-api';
import { PriceTagMode, type TagPrefill } from './price-tag/PriceTagMode';
import { PriceTagNote } from './price-tag/PriceTagNote';
import { ReceiptMode } from './receipts/ReceiptMode';
import { PRODUCT_SEARCH_ID, ProductStep, type PickedProduct } from './ProductStep';
import { ScanStatus } from './ScanStatus';
import { StoreStep, type PickedStore } from './StoreStep';
import { useScannedProduct } from './use-scanned-product';

function Step({ title, done, children }: { title: string; done: boolean; children: ReactNode }) {
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <h2 className={`font-semibold ${done ? 'text-brand-800' : 'text-slate-900'}`}>{title}</h2>
      {children}
    </Card>
  );
}

/** The chosen product and store of a link (?product=…&store=…), once loaded. */
function usePrefill(params: URLSearchParams) {
  const productId = params.get('product');
  const storeId = params.get('store');
  const product = useQuery({ queryKey: ['products', 'detail', productId], queryFn: () => api.get<ProductDetail>(`/products/${productId}`), enabled: Boolean(productId) });
  const store = useQuery({
    queryKey: ['stores'],
    queryFn: () => api.get<Store[]>('/stores'),
    enabled: Boolean(storeId),
    select: (stores) => stores.find((s) => s.id === storeId) ?? null,
  });
  return { product: product.data ?? null, store: store.data ?? null };
}

export function ContributePage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const fromLink = useMemo(() => positionFromParams(params), [params]);
  const geo = useGeolocation({ watch: true, initial: fromLink });
  const config = useQuery(appConfigQuery);
  const prefill = usePrefill(params);

  const [chosenProduct, setProduct] = useState<PickedProduct | null>(null);
  const [chosenStore, setStore] = useState<PickedStore | null>(null);
  const [price, setPrice] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const product = chosenProduct ?? prefill.product;
  const store = chosenStore ?? prefill.store;
  const [scanning, setScanning] = useState(false);
  const scanned = useScannedProduct(setProduct);
  const mode = modeOf(params);
  const navigate = useNavigate();
  const [tag, setTag] = useState<TagPrefill['result']>(null);
  // A label read prefills this form, which the user finishes: the store, then send.
  const onTagRead = (prefill: TagPrefill) => {
    setTag(prefill.result);
    if (prefill.product) setProduct(prefill.product);
    if (prefill.price !== null) setPrice(String(prefill.price));
    setPhoto(prefill.photo);
    navigate(modeHref(params, 'manual'));
  };

  const position = geo.position;
  const nearby = useQuery({
    queryKey: position ? placesKeys.nearby(position, PLACES.dialogNearbyRadiusM) : ['places', 'nearby', 'none'],
    queryFn: () => fetchNearbyStores(position!, PLACES.dialogNearbyRadiusM),
    enabled: Boolean(position),
  });

  const submit = useMutation({
    mutationFn: (payload: Contribution) => api.post<ContributionResponse>('/prices/contribute', payload),
    onSuccess: async (response) => {
      // The server says what became of the price: published, waiting for a second contributor, or held for review.
      if (response.observation.status === 'held') notifyInfo(`${response.message} ${response.observation.review_reason ?? ''}`.trim());
      else if (response.duplicate || response.awaiting_confirmation || response.on_probation) notifyInfo(response.message);
      else notifySuccess(response.message);
      setPrice('');
      setPhoto(null);
      setTag(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['products'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);
    },
    onError: (error) => notifyError(errorMessage(error, fr.contribute.error)),
  });

  const missing: string[] = [];
  if (!product) missing.push(fr.contribute.productRequired);
  if (!store) missing.push(fr.contribute.storeRequired);
  if (!(Number(price) > 0)) missing.push(fr.contribute.priceInvalid);
  if (!position) missing.push(fr.contribute.locationRequired);

  const send = () => {
    if (!product || !store || !position) return;
    const payload: Contribution = {
      product_id: product.id,
      store_id: store.id,
      price: Number(price),
      latitude: position.latitude,
      longitude: position.longitude,
      image_base64: photo ? photo.replace(/^data:[^,]*,/, '') : null,
    };
    const checked = ContributionSchema.safeParse(payload);
    if (!checked.success) return notifyError(checked.error.issues[0]?.message ?? fr.contribute.error);
    submit.mutate(payload);
  };

  return (
    <div className="space-y-5">
      <PageHeader title={fr.contribute.title} subtitle={fr.contribute.subtitle} />
      {user && !user.phone_verified ? (
        <p role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <span>{fr.phone.verifyNeeded}</span>
          <Link to="/verify-phone?next=%2Fcontribute" className="font-semibold text-amber-900 underline">
            {fr.phone.verifyLink}
          </Link>
        </p>
      ) : null}
      <LocationBanner
        position={position}
        error={geo.error}
        locating={geo.status === 'locating'}
        onActivate={geo.request}
        onRefresh={() => void nearby.refetch()}
        refreshing={nearby.isFetching}
      />
      <ContributeModes params={params} />

      {mode === 'ticket' ? (
        <ReceiptMode choices={{ position, tileUrl: config.data?.tile_url, places: nearby.data ?? [], placesLoading: Boolean(position) && nearby.isPending }} />
      ) : mode === 'etiquette' ? (
        <PriceTagMode onRead={onTagRead} />
      ) : (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="min-w-0 space-y-5">
            <Step title={fr.contribute.step1} done={Boolean(product)}>
              {tag && <PriceTagNote result={tag} chosenId={product?.id ?? null} onPick={(c) => void pickedProduct(queryClient, c.product_id).then(setProduct, () => undefined)} />}
              {product && <p className="text-sm font-medium text-brand-800 wrap-anywhere">{[product.name, product.brand].filter(Boolean).join(' — ')}</p>}
              <ScanStatus
                scan={scanned.scan}
                product={chosenProduct}
                attaching={scanned.attach.isPending}
                onSearchByName={() => document.getElementById(PRODUCT_SEARCH_ID)?.focus()}
                onAttach={(p, code) => scanned.attach.mutate({ productId: p.id, code })}
                onDismiss={scanned.clear}
              />
              <ProductStep value={product} onChange={setProduct} onScan={() => setScanning(true)} />
            </Step>
            <Step title={fr.contribute.step2} done={Boolean(store)}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                {store ? <p className="min-w-0 text-sm font-medium text-brand-800 wrap-anywhere">{fr.contribute.selectedStore(store.name)}</p> : <span />}
                <Link to={position ? `/store-finder?lat=${position.latitude.toFixed(6)}&lng=${position.longitude.toFixed(6)}` : '/store-finder'} className="text-sm font-medium text-brand-700 hover:underline">
                  {fr.storeFinder.title}
                </Link>
              </div>
              <StoreStep
                position={position}
                tileUrl={config.data?.tile_url}
                places={nearby.data ?? []}
                placesLoading={Boolean(position) && nearby.isPending}
                productId={product?.id ?? null}
                value={store}
                onChange={setStore}
              />
            </Step>
            <Step title={fr.contribute.step3} done={Number(price) > 0}>
              <TextField label={fr.contribute.price} type="number" min={0} step={0.01} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
            </Step>
            <Step title={fr.contribute.step4} done={Boolean(photo)}>
              <PhotoStep value={photo} onChange={setPhoto} onScanBarcode={() => setScanning(true)} />
            </Step>
            <div className="space-y-2">
              <Button size="lg" block icon={<Send size={18} />} disabled={missing.length > 0} busy={submit.isPending} busyLabel={fr.contribute.submitting} onClick={send}>
                {fr.contribute.submit}
              </Button>
              {missing.length > 0 && (
                <p className="text-sm text-slate-500">
                  {fr.contribute.missing} {missing.join(' · ')}
                </p>
              )}
            </div>
          </div>
          <aside>
            <Card className="space-y-3 border-amber-200 bg-amber-50 p-4 lg:sticky lg:top-4">
              <h2 className="flex items-center gap-2 font-semibold text-amber-900">
                <Lightbulb size={18} aria-hidden="true" />
                {fr.contribute.tipsTitle}
              </h2>
              <ul className="list-disc space-y-1.5 pl-5 text-sm text-amber-900/90">
                {fr.contribute.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </Card>
          </aside>
        </div>
      )}
      <BarcodeScanner
        open={scanning}
        onClose={() => setScanning(false)}
        onDetected={(code) => {
          setScanning(false);
          // The scan may start from step 4: its answer is shown in step 1.
          document.getElementById(PRODUCT_SEARCH_ID)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
          void scanned.lookup(code);
        }}
      />
    </div>
  );
}
