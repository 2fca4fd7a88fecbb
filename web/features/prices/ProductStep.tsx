// Step 1 of /contribute: search and pick the product (name, brand, category), or scan its barcode.
import { useQuery } from '@tanstack/react-query';
import { Check, ScanBarcode, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fr } from '#contract/messages';
import type { Product } from '#contract/products';
import { api } from '../../lib/api';
import { keepEnterInSearch } from '../../lib/search-keys';
import { ProductName } from '../../ui/ProductName';
import { Spinner } from '../../ui/Spinner';

const DEBOUNCE_MS = 300;
const LISTED = 20;

export type PickedProduct = Pick<Product, 'id' | 'name' | 'brand' | 'category'> & { barcode?: string | null };

export const PRODUCT_SEARCH_ID = 'contribute-product-search';

type ProductStepProps = { value: PickedProduct | null; onChange: (product: PickedProduct) => void; onScan: () => void };

export function ProductStep({ value, onChange, onScan }: ProductStepProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isPending, isError } = useQuery({
    queryKey: ['products', 'contribute-search', search],
    queryFn: () => api.get<Product[]>('/products', { query: { search: search || undefined, limit: LISTED } }),
  });

  return (
    <div className="space-y-2">
      <label htmlFor={PRODUCT_SEARCH_ID} className="sr-only">
        {fr.contribute.productSearch}
      </label>
      <div className="relative">
        <Search size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          id={PRODUCT_SEARCH_ID}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={keepEnterInSearch}
          placeholder={fr.contribute.productSearchPlaceholder}
          className="block h-11 w-full rounded-xl border border-slate-300 bg-white pl-9 pr-12 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
        <button
          type="button"
          onClick={onScan}
          aria-label={fr.catalogueUi.searchByBarcode}
          title={fr.catalogueUi.searchByBarcode}
          className="absolute right-1 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-brand-700"
        >
          <ScanBarcode size={20} aria-hidden="true" />
        </button>
      </div>
      <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white" aria-label={fr.contribute.step1}>
        {isPending ? (
          <li className="flex justify-center p-4">
            <Spinner className="text-brand-700" />
          </li>
        ) : isError ? (
          <li className="p-3 text-sm text-rose-700">{fr.catalogueUi.loadError}</li>
        ) : data.length === 0 ? (
          <li className="p-3 text-sm text-slate-500">{fr.contribute.noProduct}</li>
        ) : (
          data.map((product) => {
            const selected = product.id === value?.id;
            return (
              <li key={product.id}>
                <button
                  type="button"
                  onClick={() => onChange(product)}
                  aria-pressed={selected}
                  className={`flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 ${selected ? 'bg-brand-50' : ''}`}
                >
                  <span className="min-w-0 flex-1">
                    <ProductName name={product.name} size={product.size} packCount={product.pack_count} className="text-sm font-medium text-slate-900" />
                    <span className="block truncate text-xs text-slate-500">{[product.brand, product.category].filter(Boolean).join(' · ')}</span>
                  </span>
                  {selected && <Check size={18} className="shrink-0 text-brand-700" aria-hidden="true" />}
                </button>
              </li>
            );
          })
        )}
      </ul>
    </div>
  );
}
