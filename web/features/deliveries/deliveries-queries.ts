import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDeliveryRequest, DeliveryRequest } from '#contract/orders';
import { api } from '../../lib/api';
import { NOTIFICATIONS_QUERY_KEY } from '../../lib/push';

export const deliveriesKey = ['deliveries'] as const;

export function useDeliveries() {
  return useQuery({ queryKey: deliveriesKey, queryFn: () => api.get<DeliveryRequest[]>('/deliveries'), refetchInterval: 60_000 });
}

/** A shopping list as the delivery form needs it (GET /api/shopping-lists). */
export type ListChoice = { id: string; name: string; status?: string | null; items?: unknown[]; item_count?: number };

export const itemCountOf = (list: ListChoice) => list.items?.length ?? list.item_count ?? 0;
/** Lists that can still be delivered: not already waiting for a delivery, not archived. */
export const isDeliverable = (list: ListChoice) => !list.status || list.status === 'active';

export function useDeliverableLists(enabled: boolean) {
  return useQuery({
    queryKey: ['shopping-lists'],
    queryFn: () => api.get<ListChoice[]>('/shopping-lists'),
    select: (lists) => lists.filter(isDeliverable),
    enabled,
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
