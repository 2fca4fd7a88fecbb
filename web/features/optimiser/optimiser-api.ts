// Calls of the optimiser feature and the spec's mapping of a failed optimisation to its message.
import type { CartRef, CreateCart, CreateCartResult } from '#contract/checkout';
import type { ProductSuggestion, ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import type { DemoOptimization, OptimizeRequest, OptimizeResponse, Optimization, ViewType } from '#contract/optimiser';
import { api, ApiError } from '../../lib/api';

export const optimize = (request: OptimizeRequest) => api.post<OptimizeResponse>('/shopping/optimize', request);

export const switchStore = (cartId: string, itemIndex: number, storeId: string) =>
  api.post<{ optimization: Optimization }>('/shopping/switch-store', undefined, { query: { cart_id: cartId, item_index: itemIndex, new_store_id: storeId } });

export const createCart = (payload: CreateCart) => api.post<CreateCartResult>('/shopping/create-cart', payload);

export const myListsQuery = { queryKey: ['shopping-lists'], queryFn: () => api.get<ShoppingList[]>('/shopping-lists') };
export const listQuery = (id: string) => ({ queryKey: ['shopping-lists', id], queryFn: () => api.get<ShoppingList>(`/shopping-lists/${id}`) });

export const searchProducts = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: ProductSuggestion[] }>('/shopping-lists/product-search', { query: { search, limit: 12 }, signal })).products;

export const demoQuery = { queryKey: ['demo-optimization'], queryFn: () => api.get<DemoOptimization>('/shopping/demo-optimization', { auth: false }) };

/** Spec part 2 section 8, optimiser: offline, 401, 403, 404, 500, fetch failure, anything else. */
export function optimiserErrorMessage(error: unknown): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return fr.optimiser.offline;
  if (!(error instanceof ApiError)) return fr.optimiser.other;
  if (error.code === 'OFFLINE') return fr.optimiser.offline;
  if (error.status === 0) return fr.optimiser.network;
  if (error.status === 401) return fr.optimiser.unauthorized;
  if (error.status === 403) return fr.optimiser.forbidden;
  if (error.status === 404) return fr.optimiser.notFound;
  if (error.status >= 500) return fr.optimiser.server;
  return fr.optimiser.other;
}

/** The cart payload for a view: every item bought somewhere, at the price shown. */
export function cartPayload(view: Optimization, listId: string | null): CreateCart | null {
  const items = view.items
    .filter((i) => i.status === 'priced' && i.product_id && i.selected_store_id)
    .map((i) => ({
      product_id: i.product_id!,
      product_name: i.product_name,
      quantity: i.quantity,
      store_id: i.selected_store_id!,
      store_name: i.selected_store_name ?? undefined,
      unit_price: i.unit_price ?? undefined,
      total_price: i.total_price ?? undefined,
    }));
  if (items.length === 0) return null;
  return { items, total_cost: view.total_cost, view_type: view.view_type, stores_involved: view.store_count, shopping_list_id: listId, optimization_cart_id: view.cart_id };
}

export const cartRef = (result: CreateCartResult, view: ViewType, listId: string | null): CartRef => ({ cart_id: result.cart_id, view_type: view, total_cost: result.total_cost, shopping_list_id: listId });
