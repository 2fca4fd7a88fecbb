// The catalogue (/products): search by name or brand (accents, case and a typo ignored by the API),
// category filter, sort, 6 cards per page with a 5-button page window, the product dialogs, and for
// users who contribute in store, a location note and the nearby-store invitation. On a phone the
// first product shows without scrolling: compact actions, filters side by side, and the location
// note and invitation after the list.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, PackageSearch, Plus, ScanBarcode, Search } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import { CATALOGUE, PRODUCT_CATEGORIES, PRODUCT_SORTS, catalogueSort, type ProductSort } from '#contract/catalogue';
import type { Product } from '#contract/products';
import { useGeolocation } from '../../lib/geolocation';
import { orderSaved, savedProducts, searchSaved } from '../../lib/offline/saved-products';
import { useOnline } from '../../lib/use-online';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Card, EmptyState } from '../../ui/Card';
import { Pagination } from '../../ui/Pagination';
import { CatalogueHeader } from './CatalogueHeader';
import { ProductCard } from './ProductCard';
import type { ProductDraft } from './ProductFormDialog';
import { catalogueFiltersFromUrl, productPageQuery, type CatalogueFilters } from './products-api';
import { LoadError } from '../../ui/LoadError';
import { MountWhenOpened, lazyNamed } from '../../ui/LazyDialog';
import { SavedDataNote } from '../../ui/SavedDataNote';
import { SizesAvailableNote } from './SizesAvailableNote';

// The dialogs load when first opened: the catalogue's first screen needs none of them.
const BarcodeScanner = lazyNamed(() => import('../../ui/BarcodeScanner'), 'BarcodeScanner');
const DuplicateDialog = lazyNamed(() => import('./DuplicateDialog'), 'DuplicateDialog');
const ProductDetailsDialog = lazyNamed(() => import('./ProductDetailsDialog'), 'ProductDetailsDialog');
const ProductFormDialog = lazyNamed(() => import('./ProductFormDialog'), 'ProductFormDialog');
const SmartScannerDialog = lazyNamed(() => import('./SmartScannerDialog'), 'SmartScannerDialog');
// Shown offline only.
const SavedResultsNote = lazyNamed(() => import('../../ui/SavedResultsNote'), 'SavedResultsNote');
// The invitation waits for the user's position anyway.
const NearbyStoreInvite = lazyNamed(() => import('./NearbyStoreInvite'), 'NearbyStoreInvite');

const SEARCH_DEBOUNCE_MS = 300;
const SORT_LABELS: Record<ProductSort, string> = { relevance: fr.navigation.sortRelevance, name: fr.catalogueUi.sortName, recent: fr.catalogueUi.sortRecent, unit_price: fr.catalogueUi.sortUnitPrice };

/**
 * The catalogue's page, search, category and sort live in the URL, so Back, Forward and a reload
 * find them again: a page, category or sort change is a new history entry (Back from page 5 is
 * page 4); the search box replaces its entry as the user types, rather than one per keystroke.
 */
function useCatalogueFilters() {
  const [params, setParams] = useSearchParams();
  const { filters, chosenSort } = catalogueFiltersFromUrl(params);
  const update = (changes: Partial<CatalogueFilters>, { replace = false } = {}) => {
    const next = { ...filters, ...changes, page: changes.page ?? 1 };
    const sort = changes.sort ?? chosenSort;
    const search = new URLSearchParams();
    if (next.search) search.set('q', next.search);
    if (next.category) search.set('category', next.category);
    if (sort && sort !== catalogueSort(undefined, next.search)) search.set('sort', catalogueSort(sort, next.search));
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace });
  };
  return { filters, update };
}

/** The search box; its barcode button scans a code into it (the API finds a product by its barcode). */
function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChangeRef.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const [scanning, setScanning] = useState(false);
  return (
    <div className="relative">
      <label htmlFor="catalogue-search" className="sr-only">
        {fr.catalogueUi.searchLabel}
      </label>
      <Search size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <input
        id="catalogue-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={fr.catalogueUi.searchPlaceholder}
        className="block h-11 w-full rounded-xl border border-slate-300 bg-white pl-10 pr-12 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
      />
      <button
        type="button"
        onClick={() => setScanning(true)}
        aria-label={fr.catalogueUi.searchByBarcode}
        title={fr.catalogueUi.searchByBarcode}
        className="absolute right-1 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-brand-700"
      >
        <ScanBarcode size={20} aria-hidden="true" />
      </button>
      <MountWhenOpened open={scanning}>
        <BarcodeScanner
          open={scanning}
          onClose={() => setScanning(false)}
          onDetected={(code) => {
            setScanning(false);
            setText(code);
            onChangeRef.current(code);
          }}
        />
      </MountWhenOpened>
    </div>
  );
}

const SELECT = 'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';

function CardSkeleton() {
  return (
    <Card className="h-56 animate-pulse p-3">
      <div className="flex gap-3">
        <div className="size-20 rounded-xl bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-3/4 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
        </div>
      </div>
    </Card>
  );
}

export function ProductsPage() {
  const { user } = useSession();
  const contributes = Boolean(user?.preferences.contribute_in_store);
  const geo = useGeolocation({ enabled: contributes, watch: true });
  const { filters, update } = useCatalogueFilters();
  // Asked for already by the route (router.tsx), as the page's code was loading.
  const { data: fetched, isError, isFetching, isPlaceholderData, refetch, dataUpdatedAt } = useQuery({ ...productPageQuery(filters), placeholderData: keepPreviousData });
  const online = useOnline();
  const queryClient = useQueryClient();
  // Offline, a search this device never ran (or whose saved answer is empty) is run on the products
  // it saved, and says so: never the previous search's cards, nor « Aucun produit trouvé » and an
  // invitation to add the product (issue 28, item 8).
  const savedOnly = !online && (!fetched || isPlaceholderData || fetched.products.length === 0);
  const saved = useMemo(() => {
    if (!savedOnly) return null;
    const found = orderSaved(searchSaved(savedProducts(queryClient), filters.search, filters.category), filters.sort);
    const start = (filters.page - 1) * CATALOGUE.pageSize;
    return { products: found.slice(start, start + CATALOGUE.pageSize), total: found.length };
  }, [savedOnly, queryClient, filters.search, filters.category, filters.sort, filters.page]);
  // A page of results is rendered in slices (a deferred value) rather than in one long task that
  // would freeze a cheap phone as it arrives; the skeleton or the previous page shows meanwhile.
  const data = useDeferredValue(saved ?? fetched);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / CATALOGUE.pageSize));

  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Product | null>(null);
  const [duplicating, setDuplicating] = useState<Product | null>(null);
  const [simpleAdd, setSimpleAdd] = useState(false);
  const [scanner, setScanner] = useState(false);
  const [draft, setDraft] = useState<ProductDraft | null>(null);

  return (
    <div className="space-y-5">
      <CatalogueHeader contributes={contributes} onAdd={() => setSimpleAdd(true)} onScan={() => setScanner(true)} />

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <SearchBox value={filters.search} onChange={(search) => update({ search }, { replace: true })} />
        </div>
        <label className="block">
          <span className="sr-only">{fr.catalogueUi.categoryFilter}</span>
          <select className={SELECT} value={filters.category} onChange={(e) => update({ category: e.target.value })} aria-label={fr.catalogueUi.categoryFilter}>
            <option value="">{fr.catalogueUi.allCategories}</option>
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="sr-only">{fr.catalogueUi.sortLabel}</span>
          <select className={SELECT} value={filters.sort} onChange={(e) => update({ sort: e.target.value as ProductSort })} aria-label={fr.catalogueUi.sortLabel}>
            {PRODUCT_SORTS.filter((s) => s !== 'relevance' || filters.search.trim()).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {isError && !data ? (
        <LoadError message={fr.catalogueUi.loadError} onRetry={() => void refetch()} />
      ) : !data ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: CATALOGUE.pageSize }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : savedOnly && data.products.length === 0 ? (
        <Suspense fallback={null}>
          <SavedResultsNote />
        </Suspense>
      ) : data.products.length === 0 ? (
        <EmptyState
          icon={<PackageSearch size={24} />}
          title={fr.catalogueUi.emptyTitle}
          text={fr.catalogueUi.emptyText}
          action={
            <Button icon={<Plus size={18} />} onClick={() => setSimpleAdd(true)}>
              {fr.catalogueUi.add}
            </Button>
          }
        />
      ) : (
        <>
          {savedOnly ? (
            <Suspense fallback={null}>
              <SavedResultsNote />
            </Suspense>
          ) : (
            <SavedDataNote fetchedAt={dataUpdatedAt} />
          )}
          {!savedOnly && fetched?.sizeFound === false && <SizesAvailableNote products={data.products} />}
          <p className="text-sm text-slate-500" aria-live="polite">
            {fr.catalogueUi.resultCount(data.total)}
          </p>
          <ul className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-70' : ''}`} aria-label={fr.catalogueUi.title} aria-busy={isFetching}>
            {data.products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  onDetails={() => setDetailsId(product.id)}
                  onEdit={() => setEditing(product)}
                  onDuplicate={() => setDuplicating(product)}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pages={pages}
            window={CATALOGUE.pageWindow}
            onChange={(page) => update({ page })}
            label={fr.catalogueUi.pagination}
            pageLabel={fr.catalogueUi.page}
            previousLabel={fr.catalogueUi.previousPage}
            nextLabel={fr.catalogueUi.nextPage}
          />
        </>
      )}

      {contributes && geo.status === 'granted' && (
        <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-800" role="status">
          <MapPin size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          {fr.catalogueUi.locationOn}
        </p>
      )}
      {contributes && geo.position && (
        <Suspense fallback={null}>
          <NearbyStoreInvite position={geo.position} />
        </Suspense>
      )}

      <MountWhenOpened open={Boolean(detailsId)}>
        <ProductDetailsDialog
          productId={detailsId}
          onClose={() => setDetailsId(null)}
          onEdit={(p) => {
            setDetailsId(null);
            setEditing(p);
          }}
          onDuplicate={(p) => {
            setDetailsId(null);
            setDuplicating(p);
          }}
        />
      </MountWhenOpened>
      <MountWhenOpened open={Boolean(editing)}>
        <ProductFormDialog open={Boolean(editing)} mode="edit" product={editing ?? undefined} onClose={() => setEditing(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={simpleAdd}>
        <ProductFormDialog open={simpleAdd} mode="simple" onClose={() => setSimpleAdd(false)} onSaved={(p) => setDetailsId(p.id)} />
      </MountWhenOpened>
      <MountWhenOpened open={Boolean(draft)}>
        <ProductFormDialog open={Boolean(draft)} mode="withShop" draft={draft ?? undefined} onClose={() => setDraft(null)} onSaved={(p) => setDetailsId(p.id)} />
      </MountWhenOpened>
      <MountWhenOpened open={Boolean(duplicating)}>
        <DuplicateDialog product={duplicating} onClose={() => setDuplicating(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={scanner}>
        <SmartScannerDialog
          open={scanner}
          onClose={() => setScanner(false)}
          onUse={(d) => {
            setScanner(false);
            setDraft(d);
          }}
          onOpenProduct={(id) => {
            setScanner(false);
            setDetailsId(id);
          }}
        />
      </MountWhenOpened>
    </div>
  );
}
