// Server state of the lists feature: queries and calls.
import type { ProductSuggestion, SaveList, ShoppingList } from '#contract/lists';
import { api } from '../../lib/api';
import { uploadDocument, type UploadProgress } from './import-upload';

export const listsQueryKey = ['shopping-lists'] as const;
export const listsQuery = { queryKey: listsQueryKey, queryFn: () => api.get<ShoppingList[]>('/shopping-lists') };

export const saveList = (payload: SaveList, id?: string) =>
  id ? api.put<ShoppingList>(`/shopping-lists/${id}`, payload) : api.post<ShoppingList>('/shopping-lists', payload);
export const deleteList = (id: string) => api.delete<void>(`/shopping-lists/${id}`);
export const duplicateList = (id: string) => api.post<ShoppingList>(`/shopping-lists/${id}/duplicate`);
/** A photo, a PDF or a text/CSV file (pasted text travels as a .txt file), analysed with progress. */
export const extractShoppingList = (file: Blob, filename: string, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) =>
  uploadDocument('/extract-shopping-list', file, filename, onProgress, signal);

export const searchCatalogue = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: ProductSuggestion[] }>('/shopping-lists/product-search', { query: { search, limit: 12 }, signal })).products;
