// The catalogue's server calls and their query keys.
import type { PriceHistory } from '#contract/prices';
import { CATALOGUE, PRODUCT_SORTS, SIZE_FOUND_HEADER, TOTAL_COUNT_HEADER, catalogueSort, type ProductSort } from '#contract/catalogue';
import type { PricedProductsResponse, Product, ProductDetail } from '#contract/products';
import { api } from '../../lib/api';

export type CatalogueFilters = { search: string; category: string; sort: ProductSort; page: number };

/**
 * The catalogue's filters as its URL holds them (?q=&category=&sort=&page=), and the order the user
 * chose, if any: without one a search is shown best match first, the catalogue A-Z.
 */
export function catalogueFiltersFromUrl(params: URLSearchParams): { filters: CatalogueFilters; chosenSort: ProductSort | undefined } {
  const sortParam = params.get('sort');
  const chosenSort = (PRODUCT_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as ProductSort) : undefined;
  const search = params.get('q') ?? '';
  return {
    filters: { search, category: params.get('category') ?? '', sort: catalogueSort(chosenSort, search), page: Math.max(1, Number(params.get('page')) || 1) },
    chosenSort,
  };
}

export const productKeys = {
  all: ['products'] as const,
  page: (filters: CatalogueFilters) => ['products', 'page', filters] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  history: (id: string) => ['products', 'history', id] as const,
  pricedAt: (storeId: string) => ['products', 'priced-at', storeId] as const,
};

/** A page of the catalogue; `sizeFound` false when the search asked for a size no product has (the page then says which exist). */
export async function fetchProductPage(filters: CatalogueFilters): Promise<{ products: Product[]; total: number; sizeFound?: boolean }> {
  let total = 0;
  let sizeFound: boolean | undefined;
  const products = await api.get<Product[]>('/products', {
    query: { search: filters.search.trim() || undefined, category: filters.category || undefined, sort: filters.sort, page: filters.page, limit: CATALOGUE.pageSize },
    onHeaders: (headers) => {
      total = Number(headers.get(TOTAL_COUNT_HEADER) ?? 0);
      const found = headers.get(SIZE_FOUND_HEADER);
      sizeFound = found === null ? undefined : found === 'true';
    },
  });
  return { products, total, sizeFound };
}

export const productPageQuery = (filters: CatalogueFilters) => ({
  queryKey: productKeys.page(filters),
  queryFn: () => fetchProductPage(filters),
});

/**
 * What a product's price list is ordered by (issue 28, item 5): the position, when known, lists the
 * stores of the user's town first with their distances; the saved city (signed in) does it without
 * a position, so its answer changes with it.
 */
export type DetailNear = { position?: { latitude: number; longitude: number } | null; savedCity?: string | null };

export const productDetailQuery = (id: string, { position = null, savedCity = null }: DetailNear = {}) => ({
  queryKey: [...productKeys.detail(id), position, savedCity] as const,
  queryFn: () => api.get<ProductDetail>(`/products/${id}`, { query: position ? { latitude: position.latitude, longitude: position.longitude } : undefined }),
});

export const priceHistoryQuery = (id: string) => ({
  queryKey: productKeys.history(id),
  queryFn: () => api.get<PriceHistory>(`/products/${id}/price-history`),
});

/** Priced products of a store, the longest unconfirmed first (the nearby-store invitation). */
export const pricedAtQuery = (storeId: string, limit: number) => ({
  queryKey: [...productKeys.pricedAt(storeId), limit],
  queryFn: async () => (await api.get<PricedProductsResponse>('/products-with-prices', { query: { store_id: storeId, limit } })).products,
});
