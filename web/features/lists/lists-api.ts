// Server state of the lists feature: queries and calls.
import type { ImportResult, ProductSuggestion, SaveList, ShoppingList } from '#contract/lists';
import { api } from '../../lib/api';

export const listsQueryKey = ['shopping-lists'] as const;
export const listsQuery = { queryKey: listsQueryKey, queryFn: () => api.get<ShoppingList[]>('/shopping-lists') };

export const saveList = (payload: SaveList, id?: string) =>
  id ? api.put<ShoppingList>(`/shopping-lists/${id}`, payload) : api.post<ShoppingList>('/shopping-lists', payload);
export const deleteList = (id: string) => api.delete<void>(`/shopping-lists/${id}`);
export const duplicateList = (id: string) => api.post<ShoppingList>(`/shopping-lists/${id}/duplicate`);
export const importListText = (text: string, filename: string | null) => api.post<ImportResult>('/shopping-lists/import-text', { text, filename });

export const searchCatalogue = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: ProductSuggestion[] }>('/shopping-lists/product-search', { query: { search, limit: 12 }, signal })).products;
