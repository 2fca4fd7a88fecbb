// Choosing the shop of a product form: stores near the user (5000 m, filtered here by name or address)
// and, from 3 characters, stores found by name (10000 m), debounced 300 ms. Search failures are only
// logged, as the spec asks; without a position the dialogs use Libreville's coordinates.
import { useQuery } from '@tanstack/react-query';
import { MapPin, Search, Store as StoreIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatOneDecimal } from '#contract/format';
import { fr } from '#contract/messages';
import { PLACES, type Place } from '#contract/stores';
import { DEFAULT_POSITION, useGeolocation } from '../../lib/geolocation';
import { fetchNearbyStores, fetchStoresByName, placesKeys } from '../../lib/places';
import { keepEnterInSearch } from '../../lib/search-keys';

export type ShopValue = { shop_id: string; shop_name: string; shop_address: string; shop_latitude: number; shop_longitude: number };

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const toShop = (place: Place): ShopValue => ({
  shop_id: place.id,
  shop_name: place.name,
  shop_address: place.address,
  shop_latitude: place.latitude,
  shop_longitude: place.longitude,
});

type ShopPickerProps = { value: ShopValue | null; onChange: (shop: ShopValue | null) => void; error?: string; required?: boolean };

export function ShopPicker({ value, onChange, error, required }: ShopPickerProps) {
  const inputId = useId();
  const geo = useGeolocation();
  const position = geo.position ?? (geo.status === 'denied' || geo.status === 'unsupported' ? DEFAULT_POSITION : null);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), PLACES.debounceMs);

  const nearby = useQuery({
    queryKey: position ? placesKeys.nearby(position, PLACES.dialogNearbyRadiusM) : ['places', 'nearby', 'none'],
    queryFn: () => fetchNearbyStores(position!, PLACES.dialogNearbyRadiusM).catch((e) => (console.warn(e), [] as Place[])),
    enabled: Boolean(position) && !value,
  });
  const byName = useQuery({
    queryKey: ['places', 'search', query, position?.latitude, position?.longitude],
    queryFn: () => fetchStoresByName(query, position ?? DEFAULT_POSITION, PLACES.dialogSearchRadiusM).catch((e) => (console.warn(e), [] as Place[])),
    enabled: query.length >= PLACES.suggestionMinLength && !value,
  });

  const suggestions = useMemo(() => {
    const wanted = fold(query);
    const near = (nearby.data ?? []).filter((p) => !wanted || fold(`${p.name} ${p.address}`).includes(wanted));
    const all = [...near, ...(byName.data ?? [])];
    return all.filter((p, i) => all.findIndex((q) => q.id === p.id) === i).slice(0, 8);
  }, [nearby.data, byName.data, query]);

  if (value) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700">
          {fr.products.shop} {required && <span className="text-rose-600">*</span>}
        </p>
        <div className="flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2.5">
          <span className="flex min-w-0 items-center gap-2 text-sm text-brand-800">
            <StoreIcon size={16} className="shrink-0" aria-hidden="true" />
            <span className="truncate">{fr.products.shopSelected(value.shop_name)}</span>
          </span>
          <button type="button" onClick={() => onChange(null)} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
            {fr.products.changeShop}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {fr.products.shopSearch} {required && <span className="text-rose-600">*</span>}
      </label>
      <div className="relative">
        <Search size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={keepEnterInSearch}
          placeholder={fr.products.shopSearchPlaceholder}
          aria-invalid={error ? true : undefined}
          className={`block h-11 w-full rounded-xl border bg-white pl-9 pr-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 ${error ? 'border-rose-500' : 'border-slate-300'}`}
        />
      </div>
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
      <p className="pt-1 text-xs font-medium uppercase tracking-wide text-slate-500">{query ? fr.products.shop : fr.products.nearbyShops}</p>
      <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white" aria-label={fr.products.nearbyShops}>
        {suggestions.length === 0 ? (
          <li className="px-3 py-3 text-sm text-slate-500">{nearby.isLoading || byName.isFetching ? fr.common.loading : fr.products.noShopFound}</li>
        ) : (
          suggestions.map((place) => (
            <li key={place.id}>
              <button type="button" onClick={() => onChange(toShop(place))} className="flex w-full items-start gap-2 px-3 py-2.5 text-left hover:bg-slate-50">
                <MapPin size={16} className="mt-0.5 shrink-0 text-rose-600" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-800">{place.name}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {place.vicinity}
                    {place.distance !== null && ` · ${formatOneDecimal(place.distance)} km`}
                  </span>
                </span>
              </button>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
