// The catalogue search box of the list editor and the comparator: a product per line with its
// brand and category, and how many stores price it from which price.
import { formatXaf } from '#contract/format';
import type { ProductSuggestion } from '#contract/lists';
import { fr } from '#contract/messages';
import { ProductName } from './ProductName';
import { SearchCombobox } from './SearchCombobox';

type ProductSearchComboboxProps = {
  search: (query: string, signal: AbortSignal) => Promise<ProductSuggestion[]>;
  onPick: (product: ProductSuggestion) => void;
  /** Show brand and category before the price line. */
  detailed?: boolean;
};

export function ProductSearchCombobox({ search, onPick, detailed = false }: ProductSearchComboboxProps) {
  return (
    <SearchCombobox<ProductSuggestion>
      label={fr.listsUi.searchCatalogue}
      placeholder={fr.listsUi.searchPlaceholder}
      search={search}
      keyOf={(p) => p.id}
      optionLabel={(p) => p.name}
      onPick={onPick}
      emptyText={fr.listsUi.noResult}
      loadingText={fr.listsUi.searching}
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
