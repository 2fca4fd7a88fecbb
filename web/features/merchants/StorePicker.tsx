// The application's store: one of the stores listed in MonPanier, found by its name, district or
// town (accents and case aside). Chosen, it shows as a card with « Changer de magasin ».
import { useQuery } from '@tanstack/react-query';
import { MapPin, Store as StoreIcon } from 'lucide-react';
import { useCallback } from 'react';
import { foldLetters } from '#contract/fold';
import { fr } from '#contract/messages';
import type { Store } from '#contract/stores';
import { Button } from '../../ui/Button';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { storesQuery } from './merchants-api';

const t = fr.merchantsUi;
const SHOWN = 8;

export const placeOf = (store: Pick<Store, 'city' | 'district'>) => [store.district, store.city].filter(Boolean).join(', ');

function matches(store: Store, words: string[]): boolean {
  const text = foldLetters([store.name, store.address, store.district, store.city, store.chain].filter(Boolean).join(' '));
  return words.every((word) => text.includes(word));
}

type StorePickerProps = { value: Store | null; onChange: (store: Store | null) => void; error?: string };

export function StorePicker({ value, onChange, error }: StorePickerProps) {
  const stores = useQuery(storesQuery);
  const search = useCallback(
    async (query: string) => {
      const words = foldLetters(query).split(/\s+/).filter(Boolean);
      return (stores.data ?? []).filter((s) => matches(s, words)).slice(0, SHOWN);
    },
    [stores.data],
  );

  if (value)
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700">{t.store}</p>
        <div className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-3" data-testid="chosen-store">
          <StoreIcon size={18} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-slate-900">{value.name}</p>
            <p className="text-xs break-words text-slate-600">{placeOf(value) || value.address}</p>
          </div>
        </div>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          {t.changeStore}
        </Button>
      </div>
    );

  return (
    <div className="space-y-1.5">
      <SearchCombobox<Store>
        label={t.storeSearch}
        placeholder={t.storeSearchPlaceholder}
        search={search}
        searchEmpty
        debounceMs={0}
        keyOf={(s) => s.id}
        optionLabel={(s) => s.name}
        renderOption={(s) => (
          <>
            <MapPin size={16} className="mt-0.5 shrink-0 text-rose-600" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block text-sm font-medium break-words text-slate-900">{s.name}</span>
              <span className="block truncate text-xs text-slate-500">{placeOf(s) || s.address}</span>
            </span>
          </>
        )}
        onPick={onChange}
        emptyText={stores.isPending ? t.storesLoading : t.noStoreFound}
        loadingText={t.storeSearching}
      />
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
