// The catalogue search box of the list editor and the comparator: a product per line with its
// brand and category, and how many stores price it from which price. Offline (or when the request
// cannot reach the server), it searches the products this device saved and says so, rather than
// « Aucun produit trouvé » and an invitation to type a manual item (issue 28, item 8).
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useState } from 'react';
import { formatXaf } from '#contract/format';
import type { ProductSuggestion } from '#contract/lists';
import { fr } from '#contract/messages';
import { ApiError } from '../lib/api';
import { savedProducts, searchSaved, suggestionOf } from '../lib/offline/saved-products';
import { isOnline, useOnline } from '../lib/use-online';
import { ProductName } from './ProductName';
import { SearchCombobox } from './SearchCombobox';

type ProductSearchComboboxProps = {
  search: (query: string, signal: AbortSignal) => Promise<ProductSuggestion[]>;
  onPick: (product: ProductSuggestion) => void;
  /** Show brand and category before the price line. */
  detailed?: boolean;
};

export function ProductSearchCombobox({ search, onPick, detailed = false }: ProductSearchComboboxProps) {
  const client = useQueryClient();
  const online = useOnline();
  const [savedOnly, setSavedOnly] = useState(false);
  // `online` is a dependency: a search typed offline is run again, on the server, when the network returns.
  const run = useCallback(
    async (query: string, signal: AbortSignal) => {
      const saved = () => {
        setSavedOnly(true);
        return searchSaved(savedProducts(client), query).map(suggestionOf);
      };
      if (!online || !isOnline()) return saved();
      try {
        const found = await search(query, signal);
        setSavedOnly(false);
        return found;
      } catch (error) {
        if (error instanceof ApiError && error.status === 0 && !signal.aborted) return saved();
        throw error;
      }
    },
    [client, online, search],
  );
  return (
    <SearchCombobox<ProductSuggestion>
      label={fr.listsUi.searchCatalogue}
      placeholder={fr.listsUi.searchPlaceholder}
      search={run}
      keyOf={(p) => p.id}
      optionLabel={(p) => p.name}
      onPick={onPick}
      emptyText={fr.listsUi.noResult}
      loadingText={fr.listsUi.searching}
      note={
        savedOnly && (
          <span className="flex items-center gap-1.5">
            <WifiOff size={14} className="shrink-0" aria-hidden="true" />
            {fr.offline.savedResultsOnly}
          </span>
        )
      }
      renderOption={(p) => {
        const prices = p.store_count > 0 && p.min_price !== null ? fr.listsUi.fromStores(p.store_count, formatXaf(p.min_price)) : fr.listsUi.noPriceYet;
        const details = [p.brand, p.category].filter(Boolean).join(' · ');
        return (
          <span className="min-w-0 flex-1">
            <ProductName name={p.name} size={p.size} packCount={p.pack_count} className="font-medium text-slate-900" />
            <span className="block truncate text-xs text-slate-500">{detailed ? `${details} — ${prices}` : prices}</span>
          </span>
        );
      }}
    />
  );
}
