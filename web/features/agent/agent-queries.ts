// Server state of the agent space: the agent's application, then (once approved) the orders.
// Available orders are polled so a new order appears without a reload; when the browser gives a
// position, they come with the distance from the agent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentApplicationState, AgentOrder, AgentOrderResponse, AvailableOrdersResponse, MyOrdersResponse } from '#contract/agent';
import { fr } from '#contract/messages';
import { api, errorMessage } from '../../lib/api';
import { useGeolocation, type LatLng } from '../../lib/geolocation';
import { notifyError, notifySuccess } from '../../lib/notify';

const POLL_MS = 30_000;
/** While a moderator has not decided, the space looks again now and then: approval opens it without a reload. */
const APPLICATION_POLL_MS = 60_000;

// About 100 m: a phone's position moving a little does not refetch the list.
const rounded = (position: LatLng | null) => (position ? { latitude: Number(position.latitude.toFixed(3)), longitude: Number(position.longitude.toFixed(3)) } : null);

export const agentKeys = {
  all: ['agent'] as const,
  application: ['agent', 'application'] as const,
  available: (position: LatLng | null) => ['agent', 'available', position] as const,
  mine: ['agent', 'mine'] as const,
};

export function useAgentApplication() {
  return useQuery({
    queryKey: agentKeys.application,
    queryFn: () => api.get<AgentApplicationState>('/delivery-agent/application'),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? APPLICATION_POLL_MS : false),
  });
}

export function useAgentOrders() {
  const geo = useGeolocation();
  const position = rounded(geo.position);
  const available = useQuery({
    queryKey: agentKeys.available(position),
    queryFn: () => api.get<AvailableOrdersResponse>('/delivery-agent/available-orders', { query: { ...position } }).then((r) => r.available_orders),
    refetchInterval: POLL_MS,
    placeholderData: (previous) => previous,
  });
  const mine = useQuery({
    queryKey: agentKeys.mine,
    queryFn: () => api.get<MyOrdersResponse>('/delivery-agent/my-orders').then((r) => r.my_orders),
    refetchInterval: POLL_MS,
  });
  return {
    available: available.data ?? [],
    mine: mine.data ?? [],
    isPending: available.isPending || mine.isPending,
    isError: available.isError || mine.isError,
    refetch: () => Promise.all([available.refetch(), mine.refetch()]),
  };
}

/** 'Je me lance !', then « Récupérée au magasin » and « En route » (completion is useHandover's). */
export function useOrderActions(onDone?: (order: AgentOrder) => void) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: agentKeys.all });
  const accept = useMutation({
    mutationFn: (id: string) => api.post<AgentOrderResponse>(`/delivery-agent/accept-order/${id}`),
    onSuccess: (res) => {
      notifySuccess(fr.agent.accepted);
      onDone?.(res.order);
    },
    onError: () => notifyError(fr.agent.acceptError),
    onSettled: refresh,
  });
  const step = useMutation({
    mutationFn: ({ id, next }: { id: string; next: 'picked_up' | 'en_route' }) =>
      api.put<AgentOrderResponse>(`/delivery-agent/update-status/${id}`, undefined, { query: { new_status: next } }),
    onSuccess: (res) => {
      notifySuccess(fr.agent.statusUpdated);
      onDone?.(res.order);
    },
    onError: (error) => notifyError(errorMessage(error, fr.agent.statusError)),
    onSettled: refresh,
  });
  return { accept, step, busyId: (accept.isPending ? accept.variables : step.isPending ? step.variables.id : null) ?? null };
}

/** « Terminer la livraison »: the customer's code, or a photo at the door when the customer cannot give it. */
export function useHandover(onDone?: (order: AgentOrder) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code, photo }: { id: string; code?: string; photo?: File }) => {
      const url = `/delivery-agent/orders/${id}/complete`;
      if (!photo) return api.post<AgentOrderResponse>(url, { handover_code: code });
      const form = new FormData();
      form.append('photo', photo, photo.name);
      return api.post<AgentOrderResponse>(url, form);
    },
    onSuccess: (res) => {
      notifySuccess(res.message);
      onDone?.(res.order);
    },
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
