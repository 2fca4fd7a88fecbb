import { useEffect, useState } from 'react';
import { fr } from '#contract/messages';
import { notifyError } from '../../lib/notify';
import { PageHeader } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
import { PageLoader } from '../../ui/Spinner';
import { AgentApplicationGate } from './AgentApplicationGate';
import { mergeOrders, type AgentListOrder } from './agent-order-view';
import { useAgentOrders } from './agent-queries';
import { AgentOrdersPanel } from './AgentOrdersPanel';
import { LoadError } from '../../ui/LoadError';

type Filter = 'all' | 'pending' | 'in_progress' | 'completed';
const MATCHES: Record<Filter, (o: AgentListOrder) => boolean> = {
  all: () => true,
  pending: (o) => o.status === 'pending_delivery',
  in_progress: (o) => o.status === 'in_progress' || o.status === 'picked_up' || o.status === 'en_route',
  completed: (o) => o.status === 'completed',
};
const FILTER_KEYS = Object.keys(MATCHES) as Filter[];

export function AgentOrdersPage() {
  return (
    <div className="space-y-5">
      <PageHeader title={fr.agent.ordersTitle} subtitle={fr.agent.ordersSubtitle} />
      <AgentApplicationGate>
        <AgentOrders />
      </AgentApplicationGate>
    </div>
  );
}

function AgentOrders() {
  const { available, mine, isPending, isError, refetch } = useAgentOrders();
  const [filter, setFilter] = useState<Filter>('all');
  useEffect(() => {
    if (isError) notifyError(fr.agent.ordersLoadError);
  }, [isError]);

  const all = mergeOrders(available, mine);
  const shown = all.filter(MATCHES[filter]);

  return (
    <>
      <FilterChips label={fr.agent.filterLabel} options={FILTER_KEYS} selected={filter} onSelect={setFilter}>
        {(key, selected) => (
          <>
            {fr.agent.filters[key]} <span className={selected ? 'text-white' : 'text-slate-500'}>({all.filter(MATCHES[key]).length})</span>
          </>
        )}
      </FilterChips>
      {isPending ? (
        <PageLoader />
      ) : isError && all.length === 0 ? (
        <LoadError message={fr.agent.ordersLoadError} onRetry={() => void refetch()} />
      ) : (
        <AgentOrdersPanel orders={shown} emptyTitle={filter === 'all' ? fr.agent.empty : fr.agent.emptyFiltered} emptyText={fr.agent.emptyText} />
      )}
    </>
  );
}
