import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreateDeliveryRequest, DeliveryRequest } from '#contract/orders';
import { api } from '../../lib/api';
import { NOTIFICATIONS_QUERY_KEY, UNREAD_COUNT_QUERY_KEY } from '../../lib/push';
import { splitForDelivery, type ListChoice } from './deliverable-lists';

export const deliveriesKey = ['deliveries'] as const;

/** The user's deliveries; refreshed when the bell's count goes up (an order moved) and every minute. */
export function useDeliveries() {
  const client = useQueryClient();
  useEffect(() => {
    let last = client.getQueryData<number>(UNREAD_COUNT_QUERY_KEY);
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== JSON.stringify(UNREAD_COUNT_QUERY_KEY)) return;
      const count = event.query.state.data as number | undefined;
      if (count !== undefined && last !== undefined && count > last) void client.invalidateQueries({ queryKey: deliveriesKey });
      last = count;
    });
  }, [client]);
  return useQuery({ queryKey: deliveriesKey, queryFn: () => api.get<DeliveryRequest[]>('/deliveries'), refetchInterval: 60_000 });
}

export function useListsForDelivery(enabled: boolean) {
  return useQuery({
    queryKey: ['shopping-lists'],
    queryFn: () => api.get<ListChoice[]>('/shopping-lists'),
    select: splitForDelivery,
    enabled,
    // Read again at each opening: a list booked or delivered since (here or on another device)
    // must not be offered, and the explanation must be today's.
    staleTime: 0,
  });
}

export function useCreateDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDeliveryRequest) => api.post<DeliveryRequest>('/deliveries', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: deliveriesKey });
      void client.invalidateQueries({ queryKey: ['shopping-lists'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    },
  });
}

export function useCancelDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<DeliveryRequest>(`/deliveries/${id}/cancel`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: deliveriesKey });
      void client.invalidateQueries({ queryKey: ['shopping-lists'] });
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    },
  });
}
