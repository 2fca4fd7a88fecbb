// Store finder (query store, lat, lng): the user's position on a Leaflet map, the supermarkets and
// grocery stores within 2000 m (wider on request), chosen by clicking a pin or a line of the list.
// The selected store shows some of its current prices, how fresh each is, and a link to contribute one there.
import { useQuery } from '@tanstack/react-query';
import { LocateFixed, MapPin, Tag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatOneDecimal } from '#contract/format';
import { fr } from '#contract/messages';
import type { PricedProductsResponse } from '#contract/products';
import { PLACES, type Place, type Store } from '#contract/stores';
import { api } from '../../lib/api';
import { appConfigQuery } from '../../lib/app-config';
import { DEFAULT_POSITION, positionFromParams, useGeolocation } from '../../lib/geolocation';
import { fetchNearbyStores, placesKeys } from '../../lib/places';
import { Button, buttonClasses } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { PriceFreshness } from '../../ui/PriceFreshness';
import { Spinner } from '../../ui/Spinner';
import { StoreMap } from '../../ui/StoreMap';

const RADII = [PLACES.finderRadiusM, 5000, 10_000] as const;
const SHOWN_PRICES = 6;

const km = (value: number | null) => (value === null ? '' : fr.storeFinder.distanceKm(formatOneDecimal(value)));

function StorePrices({ storeId }: { storeId: string }) {
  const { data, isPending } = useQuery({
    queryKey: ['products', 'priced-at', storeId, 'finder'],
    queryFn: async () => (await api.get<PricedProductsResponse>('/products-with-prices', { query: { store_id: storeId, limit: SHOWN_PRICES } })).products,
  });
  if (isPending) return <Spinner size={16} />;
  if (!data?.length) return null;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {data.map((product) => (
        <li key={product.id} className="flex items-start justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block truncate text-slate-700">{product.name}</span>
            {product.price_freshness && <PriceFreshness freshness={product.price_freshness} className="mt-0.5" />}
          </span>
          {product.price !== null && <Money amount={product.price} className="shrink-0 font-semibold" />}
        </li>
      ))}
    </ul>
  );
}

export function StoreFinderPage() {
  const [params] = useSearchParams();
  const fromLink = useMemo(() => positionFromParams(params), [params]);
  const geo = useGeolocation({ initial: fromLink });
  const position = geo.position ?? DEFAULT_POSITION;
  const [radius, setRadius] = useState<number>(PLACES.finderRadiusM);
  const [selectedId, setSelectedId] = useState<string | null>(params.get('store'));

  const config = useQuery(appConfigQuery);
  const nearby = useQuery({ queryKey: placesKeys.nearby(position, radius), queryFn: () => fetchNearbyStores(position, radius) });
  // A store named in the link is shown even when it is outside the radius.
  const linked = useQuery({
    queryKey: ['stores'],
    queryFn: () => api.get<Store[]>('/stores'),
    enabled: Boolean(params.get('store')),
    select: (stores) => stores.find((s) => s.id === params.get('store')) ?? null,
  });

  const stores: (Place | Store)[] = useMemo(() => {
    const list: (Place | Store)[] = [...(nearby.data ?? [])];
    if (linked.data && !list.some((s) => s.id === linked.data?.id)) list.unshift(linked.data);
    return list;
  }, [nearby.data, linked.data]);
  const selected = stores.find((s) => s.id === selectedId) ?? null;

  return (
    <div className="space-y-5">
      <PageHeader
        title={fr.storeFinder.title}
        subtitle={fr.storeFinder.subtitle}
        actions={
          <Button variant="outline" icon={<LocateFixed size={18} />} onClick={geo.request} busy={geo.status === 'locating'}>
            {fr.storeFinder.locate}
          </Button>
        }
      />
      {!geo.position && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {geo.error ?? fr.storeFinder.defaultPosition}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={fr.storeFinder.radiusLabel}>
        <span className="text-sm text-slate-600">{fr.storeFinder.radiusLabel} :</span>
        {RADII.map((r) => (
          <button
            key={r}
            type="button"
            onClick={() => setRadius(r)}
            aria-pressed={radius === r}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${radius === r ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {fr.storeFinder.radius(r)}
          </button>
        ))}
      </div>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <StoreMap
          tileUrl={config.data?.tile_url}
          stores={stores}
          center={position}
          user={geo.position}
          userLabel={fr.storeFinder.yourPosition}
          selectedId={selectedId}
          onSelect={setSelectedId}
          label={fr.storeFinder.mapLabel}
          className="h-80 lg:h-[28rem]"
        />
        <div className="space-y-4">
          {selected && (
            <Card className="space-y-3 border-brand-200 p-4" aria-label={fr.storeFinder.selected}>
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{fr.storeFinder.selected}</p>
                <p className="text-lg font-semibold text-slate-900">{selected.name}</p>
                <p className="text-sm text-slate-500">{selected.address}</p>
              </div>
              <StorePrices storeId={selected.id} />
              <Link
                to={`/contribute?store=${selected.id}&lat=${position.latitude.toFixed(6)}&lng=${position.longitude.toFixed(6)}`}
                className={buttonClasses({ block: true })}
              >
                <Tag size={16} aria-hidden="true" />
                {fr.storeFinder.contributeHere}
              </Link>
            </Card>
          )}
          <Card className="p-2">
            <p className="px-2 py-1.5 text-sm font-medium text-slate-600" aria-live="polite">
              {nearby.isPending ? fr.common.loading : nearby.isError ? fr.location.searchFailed : stores.length ? fr.storeFinder.found(stores.length) : fr.storeFinder.none}
            </p>
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {stores.map((store) => (
                <li key={store.id}>
                  <button
                    type="button"
                    onClick={() => setSelectedId(store.id)}
                    aria-pressed={store.id === selectedId}
                    className={`flex w-full items-start gap-3 rounded-xl px-2 py-2.5 text-left hover:bg-slate-50 ${store.id === selectedId ? 'bg-brand-50' : ''}`}
                  >
                    <MapPin size={18} className="mt-0.5 shrink-0 text-rose-600" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900">{store.name}</span>
                      <span className="block truncate text-xs text-slate-500">{store.address}</span>
                    </span>
                    {'distance' in store && <span className="shrink-0 text-xs font-medium text-slate-500">{km(store.distance)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}
