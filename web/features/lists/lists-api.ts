// Server state of the lists feature: queries and calls. The lists shown are the server's with this
// device's pending writes applied (pending-lists.ts); writes that may wait for the network go
// through the outbox (list-sync.ts); delete and duplicate need the server at once.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ShoppingList } from '#contract/lists';
import { api } from '../../lib/api';
import { searchCatalogue } from '../../lib/catalogue-search';
import { useOutbox } from '../../lib/offline/outbox-store';
import { uploadDocument, type UploadProgress } from './import-upload';
import { listsQueryKey } from './list-keys';
import { pendingListIds, withPendingChanges, type ListOutboxEntry } from './pending-lists';

export { listsQueryKey, searchCatalogue };
export const listsQuery = { queryKey: listsQueryKey, queryFn: () => api.get<ShoppingList[]>('/shopping-lists') };

/** The user's lists with their pending changes, and which lists have changes waiting to be sent. */
export function useShoppingLists() {
  const query = useQuery(listsQuery);
  const { entries, loaded } = useOutbox();
  const pending = entries as ListOutboxEntry[];
  // Until the outbox is read, the lists would show without their pending changes: wait for it.
  const lists = useMemo(() => (query.data && loaded ? withPendingChanges(query.data, pending) : undefined), [query.data, loaded, pending]);
  const pendingIds = useMemo(() => pendingListIds(pending), [pending]);
  return { ...query, isPending: query.isPending || !loaded, data: lists, pendingIds };
}

export const deleteList = (id: string) => api.delete<void>(`/shopping-lists/${id}`);
export const duplicateList = (id: string) => api.post<ShoppingList>(`/shopping-lists/${id}/duplicate`);
/** A photo, a PDF or a text/CSV file (pasted text travels as a .txt file), analysed with progress. */
export const extractShoppingList = (file: Blob, filename: string, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) =>
  uploadDocument('/extract-shopping-list', file, filename, onProgress, signal);
