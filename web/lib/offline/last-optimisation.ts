// The last optimisation of each list, kept for offline reading: the optimiser's answer is a POST,
// so it is put in the query cache by hand (key 'last-optimisation', saved to IndexedDB with the
// other offline pages) and read back when the optimiser cannot reach the server.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

const keyOf = (listId: string) => ['last-optimisation', listId] as const;

export type SavedOptimisation<T> = { result: T; computedAt: number };

export function useLastOptimisation<T>(listId: string | null | undefined) {
  const client = useQueryClient();
  const remember = useCallback((result: T) => void (listId && client.setQueryData(keyOf(listId), result)), [client, listId]);
  const recall = useCallback((): SavedOptimisation<T> | null => {
    const state = listId ? client.getQueryState<T>(keyOf(listId)) : undefined;
    return state?.data ? { result: state.data, computedAt: state.dataUpdatedAt } : null;
  }, [client, listId]);
  return { remember, recall };
}
