// Server state of the agent space: the agent's application, then (once approved) the orders.
// Available orders are polled so a new order appears without a reload; when the browser gives a
// position, they come with the distance from the agent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentApplicationState, AgentOrder, AgentOrderResponse, AvailableOrdersResponse, MyOrdersResponse } from '#contract/agent';
import { fr } from '#contract/messages';
import { api } from '../../lib/api';
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

/** 'Je me lance !' and 'Marquer Terminé', with the spec's success and error messages. */
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
  const complete = useMutation({
    mutationFn: (id: string) => api.put<AgentOrderResponse>(`/delivery-agent/update-status/${id}`, undefined, { query: { new_status: 'completed' } }),
    onSuccess: (res) => {
      notifySuccess(fr.agent.statusUpdated);
      onDone?.(res.order);
    },
    onError: () => notifyError(fr.agent.statusError),
    onSettled: refresh,
  });
  return { accept, complete, busyId: (accept.isPending ? accept.variables : complete.isPending ? complete.variables : null) ?? null };
}
