// The review's store: the one read on the ticket, the other stores it may be (same chain, nearby),
// or any store found by name or on the map of nearby stores (the manual entry's StoreStep).
import { Check, Store as StoreIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { fr } from '#contract/messages';
import type { Receipt } from '#contract/receipts';
import { PLACES, type Place, type PlacesResponse } from '#contract/stores';
import { api } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { SearchCombobox } from '../../../ui/SearchCombobox';
import { StoreStep } from '../StoreStep';
import type { ChosenStore, StoreChoices } from './store-choices';

type ReceiptStoreProps = { read: Receipt['store']; value: ChosenStore | null; onChange: (store: ChosenStore) => void; choices: StoreChoices };

export function ReceiptStore({ read, value, onChange, choices }: ReceiptStoreProps) {
  const t = fr.receiptsUi;
  const [open, setOpen] = useState(!value);
  const { position } = choices;
  const search = useCallback(
    async (query: string, signal: AbortSignal) => {
      if (query.length < PLACES.queryMinLength) return [];
      const where = position ? { latitude: position.latitude, longitude: position.longitude } : {};
      return (await api.get<PlacesResponse>('/places/search-stores', { query: { query, ...where }, signal })).stores;
    },
    [position],
  );
  const pick = (store: ChosenStore) => {
    onChange(store);
    setOpen(false);
  };
  const others = read.candidates.filter((c) => c.store_id !== value?.id);

  return (
    <section className="space-y-3" aria-labelledby="receipt-store">
      <h3 id="receipt-store" className="flex items-center gap-1.5 text-sm font-semibold text-slate-700">
        <StoreIcon size={16} aria-hidden="true" /> {t.store}
      </h3>
      {value ? (
        <p className="flex items-start gap-1.5 font-medium text-brand-800 wrap-anywhere" data-testid="receipt-store">
          <Check size={18} className="mt-0.5 shrink-0" aria-hidden="true" /> {t.storeChosen(value.name)}
        </p>
      ) : (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">{t.storeUnknown}</p>
      )}
      {others.length > 0 && (
        <div className="space-y-1.5">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t.storeCandidates}</p>
          <ul className="flex flex-wrap gap-2" aria-label={t.storeCandidates}>
            {others.map((c) => (
              <li key={c.store_id} className="min-w-0 max-w-full">
                <button
                  type="button"
                  onClick={() => pick({ id: c.store_id, name: c.name })}
                  className="max-w-full rounded-full border border-slate-300 bg-white px-3 py-1.5 text-left text-sm break-words text-slate-800 hover:border-brand-500 hover:bg-brand-50"
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button variant="ghost" size="sm" onClick={() => setOpen(!open)} aria-expanded={open} className="-ml-3 text-brand-700">
        {open ? t.hideStores : t.changeStore}
      </Button>
      {open && (
        <div className="space-y-4">
          <SearchCombobox<Place>
            label={t.storeSearch}
            placeholder={t.storeSearchPlaceholder}
            search={search}
            keyOf={(p) => p.id}
            optionLabel={(p) => p.name}
            onPick={(p) => pick({ id: p.id, name: p.name })}
            emptyText={t.noStoreFound}
            loadingText={t.searching}
            renderOption={(p) => (
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words text-slate-900">{p.name}</span>
                <span className="block truncate text-xs text-slate-500">{p.vicinity || p.address}</span>
              </span>
            )}
          />
          <StoreStep
            position={choices.position}
            tileUrl={choices.tileUrl}
            places={choices.places}
            placesLoading={choices.placesLoading}
            productId={null}
            // Only a store placed on the map is marked there (one found by name may lie far away).
            value={choices.places.find((p) => p.id === value?.id) ?? null}
            onChange={(s) => pick({ id: s.id, name: s.name })}
          />
        </div>
      )}
    </section>
  );
}
