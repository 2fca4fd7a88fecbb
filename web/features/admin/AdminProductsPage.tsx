// /admin/products: find a product in the catalogue and open its revisions (?product=<id>).
import { History, ImageOff } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import type { Product } from '#contract/products';
import { EmptyState, PageHeader } from '../../ui/Card';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { searchProducts } from './admin-api';
import { ProductRevisions } from './ProductRevisions';

const texts = fr.adminUi;

export function AdminProductsPage() {
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={texts.productsTitle} subtitle={texts.productsSubtitle} />
      <SearchCombobox<Product>
        label={texts.productSearch}
        placeholder={texts.productSearchPlaceholder}
        search={searchProducts}
        keyOf={(p) => p.id}
        optionLabel={(p) => p.name}
        onPick={(p) => setParams({ product: p.id })}
        emptyText={texts.productNotFound}
        loadingText={texts.productSearching}
        renderOption={(p) => (
          <>
            <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-400">
              {p.thumbnail_url ? <img src={p.thumbnail_url} alt="" className="size-full object-cover" /> : <ImageOff size={16} aria-hidden="true" />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{p.name}</span>
              <span className="block truncate text-xs text-slate-500">{[p.brand, p.category].filter(Boolean).join(' · ')}</span>
            </span>
          </>
        )}
      />
      {productId ? (
        <ProductRevisions key={productId} productId={productId} />
      ) : (
        <EmptyState icon={<History size={24} />} title={texts.pickProduct} text={texts.pickProductText} />
      )}
    </div>
  );
}
