// "Détails": the product with an image carousel, its price in every store (flagged best, with how
// fresh and confirmed each is, and "Signaler ce prix" for consumers) and the price history chart.
// The prices come cheapest first, or the stores of the user's town first when the position is known
// (each with its distance) or a city is saved; a city filter, remembered per user (price-city.ts),
// shows one town's stores only.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Award, Check, ChevronLeft, ChevronRight, Copy, Flag, Megaphone, Pencil, Tag } from 'lucide-react';
import { formatDate, formatOneDecimal, formatXaf } from '#contract/format';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';
import type { ProductDetail, ProductPrice } from '#contract/products';
import { useKnownPosition } from '../../lib/known-position';
import { useSession } from '../../lib/session';
import { Button, buttonClasses } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Money, UnitPrice } from '../../ui/Money';
import { PriceFreshness } from '../../ui/PriceFreshness';
import { SavedDataNote } from '../../ui/SavedDataNote';
import { CategoryIllustration } from '../../ui/ProductImage';
import { Spinner } from '../../ui/Spinner';
import { FlagPriceDialog, type FlagTarget } from './FlagPriceDialog';
import { usePriceCity, useStoreCities } from './price-city';
import { priceHistoryQuery, productDetailQuery } from './products-api';

const PriceHistoryChart = lazy(() => import('./PriceHistoryChart'));

function Carousel({ images, name, category }: { images: string[]; name: string; category: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [images]);
  // Without a photo, the drawing of its category.
  if (images.length === 0) return <CategoryIllustration category={category} className="h-28 w-full rounded-2xl p-2 md:aspect-[4/3] md:h-auto md:p-8" />;
  const go = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <div className="space-y-2" role="group" aria-roledescription="carrousel" aria-label={name}>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-slate-100">
        <img src={images[index]} alt={`${name} — ${fr.products.imageOf(index + 1, images.length)}`} className="size-full object-contain" />
        {images.length > 1 && (
          <>
            <button type="button" onClick={() => go(-1)} aria-label={fr.products.previousImage} className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white">
              <ChevronLeft size={18} aria-hidden="true" />
            </button>
            <button type="button" onClick={() => go(1)} aria-label={fr.products.nextImage} className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white">
              <ChevronRight size={18} aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {images.length > 1 && (
        <div className="flex justify-center gap-2">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={fr.products.imageOf(i + 1, images.length)}
              aria-current={i === index}
              className={`size-2.5 rounded-full ${i === index ? 'bg-brand-700' : 'bg-slate-300'}`}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function PriceHistorySection({ productId }: { productId: string }) {
  const { data, isPending, isError } = useQuery(priceHistoryQuery(productId));
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900">{fr.products.historyTitle}</h3>
      {isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={16} /> {fr.products.historyLoading}
        </p>
      ) : isError ? (
        <p className="text-sm text-rose-700">{fr.products.detailsError}</p>
      ) : data.series.length === 0 ? (
        <p className="text-sm text-slate-500">{fr.products.noHistory}</p>
      ) : (
        <Suspense fallback={<Spinner size={16} />}>
          <PriceHistoryChart history={data} />
        </Suspense>
      )}
    </section>
  );
}

/** « Prix annoncé par le magasin » with its date (and its amount when shoppers' price shown differs), and « Prix en rayon différent ». */
function StoreAnnouncement({ price }: { price: ProductPrice }) {
  const { announced } = price;
  if (!announced && !price.shelf_differs) return null;
  const date = announced ? formatDate(announced.announced_at) : '';
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5" data-testid="store-announcement">
      {announced && (
        <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-[11px] font-semibold leading-4 text-sky-800 ring-1 ring-sky-200 ring-inset">
          <Megaphone size={11} aria-hidden="true" />
          {announced.price_xaf === price.price ? `${fr.announcedPrice.byStore} ${fr.announcedPrice.on(date)}` : fr.announcedPrice.differentAmount(formatXaf(announced.price_xaf), date)}
        </span>
      )}
      {price.shelf_differs && (
        <span title={fr.announcedPrice.shelfDiffersHint} className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold leading-4 text-amber-900 ring-1 ring-amber-300 ring-inset">
          <AlertTriangle size={11} aria-hidden="true" />
          {fr.announcedPrice.shelfDiffers}
        </span>
      )}
    </span>
  );
}

function StorePriceRow({ price, flagged, onFlag }: { price: ProductPrice; flagged: boolean; onFlag?: (target: FlagTarget) => void }) {
  const observationId = price.observation_id;
  return (
    <li className={`flex items-start justify-between gap-3 px-3 py-2.5 ${price.is_best ? 'bg-brand-50' : ''}`}>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">{price.store_name}</span>
        <span className="block truncate text-xs text-slate-500">
          {price.distance_km !== null && <span className="font-medium text-slate-700">{fr.nearbyPrices.distance(formatOneDecimal(price.distance_km))} · </span>}
          {price.store_address}
        </span>
        <PriceFreshness freshness={price} className="mt-1" />
        <StoreAnnouncement price={price} />
        {onFlag &&
          observationId &&
          (flagged ? (
            <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-slate-500">
              <Check size={13} aria-hidden="true" />
              {fr.trustUi.flagged}
            </span>
          ) : (
            <button
              type="button"
              onClick={() => onFlag({ observation_id: observationId, store_name: price.store_name, price: price.price })}
              aria-label={fr.trustUi.flagFor(price.store_name)}
              className="-mx-1 mt-0.5 inline-flex items-center gap-1 rounded-md px-1 py-1 text-xs font-medium text-slate-500 hover:bg-rose-50 hover:text-rose-700"
            >
              <Flag size={13} aria-hidden="true" />
              {fr.trustUi.flag}
            </button>
          ))}
      </span>
      <span className="shrink-0 text-right">
        <Money amount={price.price} className="block font-semibold text-slate-900" />
        <UnitPrice value={price.unit_price} className="block text-xs text-slate-600" />
        {price.is_best && (
          <span className="mt-0.5 inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-[11px] font-semibold text-white">
            <Award size={12} aria-hidden="true" />
            {fr.products.bestPrice}
          </span>
        )}
      </span>
    </li>
  );
}

const sameCity = (a: string | null, b: string) => a !== null && a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0;

/** « Prix par magasin »: the city filter, then the stores of that city (or all), in the server's order. */
function PricesSection({ product, city, onCity, flagged, onFlag }: { product: ProductDetail; city: string | null; onCity: (city: string | null) => void; flagged: ReadonlySet<string>; onFlag?: (target: FlagTarget) => void }) {
  const cities = useStoreCities();
  const options = city && !cities.some((c) => sameCity(c, city)) ? [...cities, city] : cities;
  const shown = city ? product.prices.filter((p) => sameCity(p.city, city)) : product.prices;
  return (
    <section className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 className="whitespace-nowrap font-semibold text-slate-900">{fr.products.pricesTitle}</h3>
        {product.prices.length > 0 && (
          <label className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
            <span className="shrink-0">{fr.nearbyPrices.cityFilter}</span>
            <select
              value={city ?? ''}
              onChange={(e) => onCity(e.target.value || null)}
              className="h-9 min-w-0 max-w-[11rem] rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
            >
              <option value="">{fr.nearbyPrices.allCities}</option>
              {options.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {product.prices.length === 0 ? (
        <p className="text-sm text-slate-500">{fr.products.noPrices}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-500">{fr.nearbyPrices.noPriceInCity(city ?? '')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 md:max-h-80 md:overflow-y-auto" aria-label={fr.products.pricesTitle}>
          {shown.map((price) => (
            <StorePriceRow key={price.store_id} price={price} flagged={flagged.has(price.observation_id ?? '')} onFlag={onFlag} />
          ))}
        </ul>
      )}
    </section>
  );
}

type DetailsProps = { productId: string | null; onClose: () => void; onEdit: (p: ProductDetail) => void; onDuplicate: (p: ProductDetail) => void };

export function ProductDetailsDialog({ productId, onClose, onEdit, onDuplicate }: DetailsProps) {
  const { user } = useSession();
  const [city, setCity] = usePriceCity();
  const { position } = useKnownPosition();
  // The answer without a position shows at once; the one with the distances replaces it when the position comes.
  const { data: product, isPending, isError, refetch, dataUpdatedAt } = useQuery({
    ...productDetailQuery(productId ?? '', { position, savedCity: user ? city : null }),
    enabled: Boolean(productId),
    placeholderData: (previous) => (previous?.id === productId ? previous : undefined),
  });
  const images = product ? [product.main_image, ...product.gallery_images].filter((u): u is string => Boolean(u)) : [];
  const canFlag = user?.user_type === 'consumer';
  const [flagging, setFlagging] = useState<FlagTarget | null>(null);
  // Prices this user flagged while the dialog is open (the server refuses a second flag anyway).
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setFlagged(new Set()), [productId]);

  return (
    <Modal
      open={Boolean(productId)}
      title={product?.name ?? fr.products.detailsTitle}
      description={product ? [product.brand, product.category].filter(Boolean).join(' · ') : undefined}
      onClose={onClose}
      size="xl"
      footer={
        product && (
          <>
            <Link to={`/contribute?product=${product.id}`} className={buttonClasses({ variant: 'secondary' })}>
              <Tag size={16} aria-hidden="true" />
              {fr.products.contributePrice}
            </Link>
            <Button variant="outline" icon={<Copy size={16} />} onClick={() => onDuplicate(product)}>
              {fr.catalogueUi.duplicate}
            </Button>
            <Button icon={<Pencil size={16} />} onClick={() => onEdit(product)}>
              {fr.common.edit}
            </Button>
          </>
        )
      }
    >
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner size={28} className="text-brand-700" />
        </div>
      ) : isError || !product ? (
        <div className="space-y-3 py-6 text-center">
          <p className="text-rose-700">{fr.products.detailsError}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {fr.common.retry}
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <SavedDataNote fetchedAt={dataUpdatedAt} className="md:col-span-2" />
          {product.listing === 'pending' && (
            <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-inset ring-amber-200 md:col-span-2">
              {fr.catalogueHygiene.pendingNotice}
            </p>
          )}
          <div className="space-y-4">
            <Carousel images={images} name={product.name} category={product.category} />
            <div className="space-y-1 text-sm text-slate-600">
              {product.unit && <p>{fr.products.unitLabel(product.unit)}</p>}
              {product.barcode && <p>{fr.products.barcodeLabel(product.barcode)}</p>}
              {!product.availability && <p className="font-medium text-amber-700">{fr.catalogueUi.unavailable}</p>}
            </div>
            {product.description && <p className="text-sm text-slate-700">{product.description}</p>}
          </div>
          <div className="min-w-0 space-y-6">
            <PricesSection product={product} city={city} onCity={setCity} flagged={flagged} onFlag={canFlag ? setFlagging : undefined} />
            <PriceHistorySection productId={product.id} />
          </div>
        </div>
      )}
      <FlagPriceDialog target={flagging} onClose={() => setFlagging(null)} onFlagged={(id) => setFlagged((ids) => new Set(ids).add(id))} />
    </Modal>
  );
}
