import { Copy, Eye, Pencil, Store } from 'lucide-react';
import { fr } from '#contract/messages';
import type { Product } from '#contract/products';
import { Card } from '../../ui/Card';
import { Money, UnitPrice } from '../../ui/Money';
import { PriceFreshness } from '../../ui/PriceFreshness';
import { ProductImage } from '../../ui/ProductImage';
import { ProductName } from '../../ui/ProductName';

type ProductCardProps = { product: Product; onDetails: () => void; onEdit: () => void; onDuplicate: () => void };

const ACTION = 'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg text-sm font-medium transition-colors';

export function ProductCard({ product, onDetails, onEdit, onDuplicate }: ProductCardProps) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <button type="button" onClick={onDetails} className="flex gap-3 p-3 text-left" aria-label={`${fr.catalogueUi.details} : ${product.name}`}>
        <ProductImage src={product.thumbnail_url} category={product.category} className="size-20 shrink-0 overflow-hidden rounded-xl bg-slate-100" />
        <span className="min-w-0 flex-1">
          <ProductName name={product.name} size={product.size} packCount={product.pack_count} className="font-semibold leading-snug text-slate-900" />
          {product.brand && <span className="block truncate text-sm text-slate-500">{product.brand}</span>}
          <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{product.category}</span>
        </span>
      </button>
      <div className="mt-auto border-t border-slate-100 px-3 py-2.5">
        {product.price !== null ? (
          <>
            <div className="flex items-end justify-between gap-2">
              <span className="min-w-0">
                <span className="block text-xs text-slate-500">{fr.catalogueUi.fromPrice}</span>
                <span className="flex items-center gap-1 truncate text-xs text-slate-500">
                  <Store size={12} className="shrink-0" aria-hidden="true" />
                  <span className="truncate">{product.shop_name}</span>
                </span>
              </span>
              <span className="shrink-0 text-right">
                <Money amount={product.price} className="block text-lg font-bold text-brand-800" />
                <UnitPrice value={product.unit_price} className="block text-xs font-medium text-slate-600" />
                <span className="text-xs text-slate-500">{fr.catalogueUi.storeCount(product.price_count)}</span>
              </span>
            </div>
            {product.price_freshness && <PriceFreshness freshness={product.price_freshness} className="mt-1.5" />}
          </>
        ) : (
          <p className="text-sm text-slate-500">{fr.catalogueUi.noPrice}</p>
        )}
        {!product.availability && <p className="mt-1 text-xs font-medium text-amber-700">{fr.catalogueUi.unavailable}</p>}
      </div>
      <div className="flex gap-1 border-t border-slate-100 p-1.5">
        <button type="button" onClick={onDetails} className={`${ACTION} text-brand-800 hover:bg-brand-50`}>
          <Eye size={15} aria-hidden="true" />
          {fr.catalogueUi.details}
        </button>
        <button type="button" onClick={onEdit} className={`${ACTION} text-slate-700 hover:bg-slate-100`}>
          <Pencil size={15} aria-hidden="true" />
          {fr.common.edit}
        </button>
        <button type="button" onClick={onDuplicate} className={`${ACTION} text-slate-700 hover:bg-slate-100`}>
          <Copy size={15} aria-hidden="true" />
          {fr.catalogueUi.duplicate}
        </button>
      </div>
    </Card>
  );
}
