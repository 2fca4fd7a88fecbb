// Step 2 of /contribute: the map of nearby stores (red pins select a store), the first 5 nearby
// places (name, vicinity, rating out of 5) and the stores that already price the chosen product.
import { useQuery } from '@tanstack/react-query';
import { Check, MapPin, Star, Store as StoreIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatOneDecimal } from '#contract/format';
import { fr } from '#contract/messages';
import type { ProductDetail } from '#contract/products';
import { PLACES, type Place } from '#contract/stores';
import { api } from '../../lib/api';
import { DEFAULT_POSITION, type LatLng } from '../../lib/geolocation';
import { StoreMap } from '../../ui/StoreMap';

const MAP_STORES = 10;

export type PickedStore = { id: string; name: string; address: string; latitude: number; longitude: number };

type StoreStepProps = {
  position: LatLng | null;
  tileUrl: string | undefined;
  places: Place[];
  placesLoading: boolean;
  productId: string | null;
  value: PickedStore | null;
  onChange: (store: PickedStore) => void;
};

function Choice({ selected, onClick, title, subtitle, extra }: { selected: boolean; onClick: () => void; title: string; subtitle: string; extra?: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      className={`flex w-full items-start gap-3 px-3 py-2.5 text-left hover:bg-slate-50 ${selected ? 'bg-brand-50' : ''}`}
    >
      <MapPin size={16} className="mt-0.5 shrink-0 text-rose-600" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
        <span className="block truncate text-xs text-slate-500">{subtitle}</span>
      </span>
      {extra}
      {selected && <Check size={18} className="shrink-0 text-brand-700" aria-hidden="true" />}
    </button>
  );
}

export function StoreStep({ position, tileUrl, places, placesLoading, productId, value, onChange }: StoreStepProps) {
  const productStores = useQuery({
    queryKey: ['products', 'detail', productId],
    queryFn: () => api.get<ProductDetail>(`/products/${productId}`),
    enabled: Boolean(productId),
  });
  // The map shows the nearest stores only, so they stay apart enough to be tapped.
  const nearest = places.slice(0, MAP_STORES);
  const mapStores = value && !nearest.some((p) => p.id === value.id) ? [...nearest, value] : nearest;

  return (
    <div className="space-y-4">
      <StoreMap
        tileUrl={tileUrl}
        stores={mapStores}
        center={position ?? DEFAULT_POSITION}
        user={position}
        userLabel={fr.storeFinder.yourPosition}
        selectedId={value?.id}
        onSelect={(id) => {
          const store = mapStores.find((s) => s.id === id);
          if (store) onChange({ id: store.id, name: store.name, address: store.address, latitude: store.latitude, longitude: store.longitude });
        }}
        label={fr.contribute.mapLabel}
        className="h-64"
      />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <section className="space-y-1.5">
          <h3 className="text-sm font-semibold text-slate-700">{fr.contribute.nearbyPlaces}</h3>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label={fr.contribute.nearbyPlaces}>
            {placesLoading ? (
              <li className="p-3 text-sm text-slate-500">{fr.common.loading}</li>
            ) : places.length === 0 ? (
              <li className="p-3 text-sm text-slate-500">{fr.contribute.noNearby}</li>
            ) : (
              places.slice(0, PLACES.contributeListed).map((place) => (
                <li key={place.id}>
                  <Choice
                    selected={place.id === value?.id}
                    onClick={() => onChange(place)}
                    title={place.name}
                    subtitle={[place.vicinity, place.distance !== null ? `${formatOneDecimal(place.distance)} km` : null].filter(Boolean).join(' · ')}
                    extra={
                      place.rating !== null && (
                        <span className="flex shrink-0 items-center gap-0.5 text-xs text-amber-700">
                          <Star size={12} aria-hidden="true" />
                          {fr.contribute.rating(formatOneDecimal(place.rating))}
                        </span>
                      )
                    }
                  />
                </li>
              ))
            )}
          </ul>
        </section>
        {productId && (
          <section className="space-y-1.5">
            <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-700">
              <StoreIcon size={14} aria-hidden="true" />
              {fr.contribute.productStores}
            </h3>
            <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white" aria-label={fr.contribute.productStores}>
              {(productStores.data?.prices ?? []).map((price) => (
                <li key={price.store_id}>
                  <Choice
                    selected={price.store_id === value?.id}
                    onClick={() => onChange({ id: price.store_id, name: price.store_name, address: price.store_address, latitude: price.latitude, longitude: price.longitude })}
                    title={price.store_name}
                    subtitle={price.store_address}
                  />
                </li>
              ))}
              {productStores.data?.prices.length === 0 && <li className="p-3 text-sm text-slate-500">{fr.products.noPrices}</li>}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
