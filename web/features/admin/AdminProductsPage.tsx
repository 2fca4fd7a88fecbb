// /admin/products: find a product in the catalogue, open its revisions (?product=<id>), correct its
// size and pack, and give it a barcode another product squats.
import { History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import type { Product } from '#contract/products';
import { EmptyState, PageHeader } from '../../ui/Card';
import { ProductImage } from '../../ui/ProductImage';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { searchProducts } from './admin-api';
import { BarcodeClaimForm } from './BarcodeClaimForm';
import { ProductRevisions } from './ProductRevisions';
import { ProductSizeForm } from './ProductSizeForm';

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
            <ProductImage src={p.thumbnail_url} category={p.category} decorative className="size-10 shrink-0 overflow-hidden rounded-lg bg-slate-100" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{p.name}</span>
              <span className="block truncate text-xs text-slate-500">{[p.brand, p.category].filter(Boolean).join(' · ')}</span>
            </span>
          </>
        )}
      />
      {productId ? (
        <>
          <ProductSizeForm key={`size-${productId}`} productId={productId} />
          <BarcodeClaimForm key={`barcode-${productId}`} productId={productId} />
          <ProductRevisions key={productId} productId={productId} />
        </>
      ) : (
        <EmptyState icon={<History size={24} />} title={texts.pickProduct} text={texts.pickProductText} />
      )}
    </div>
  );
}
