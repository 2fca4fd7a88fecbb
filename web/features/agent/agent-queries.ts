// Server state of the agent space. Available orders are polled so a new order appears without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentOrder, AgentOrderResponse, AvailableOrdersResponse, MyOrdersResponse } from '#contract/agent';
import { fr } from '#contract/messages';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';

const POLL_MS = 30_000;

export const agentKeys = { all: ['agent'] as const, available: ['agent', 'available'] as const, mine: ['agent', 'mine'] as const };

export function useAgentOrders() {
  const available = useQuery({
    queryKey: agentKeys.available,
    queryFn: () => api.get<AvailableOrdersResponse>('/delivery-agent/available-orders').then((r) => r.available_orders),
    refetchInterval: POLL_MS,
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
