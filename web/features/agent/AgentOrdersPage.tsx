import { useEffect, useState } from 'react';
import { fr } from '#contract/messages';
import { notifyError } from '../../lib/notify';
import { PageHeader } from '../../ui/Card';
import { PageLoader } from '../../ui/Spinner';
import { AgentApplicationGate } from './AgentApplicationGate';
import { mergeOrders, type AgentListOrder } from './agent-order-view';
import { useAgentOrders } from './agent-queries';
import { AgentOrdersPanel } from './AgentOrdersPanel';
import { LoadError } from '../../ui/LoadError';

type Filter = 'all' | 'pending' | 'in_progress' | 'completed';
const FILTERS: { key: Filter; matches: (o: AgentListOrder) => boolean }[] = [
  { key: 'all', matches: () => true },
  { key: 'pending', matches: (o) => o.status === 'pending_delivery' },
  { key: 'in_progress', matches: (o) => o.status === 'in_progress' },
  { key: 'completed', matches: (o) => o.status === 'completed' },
];

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
  const shown = all.filter(FILTERS.find((f) => f.key === filter)!.matches);

  return (
    <>
      <div role="group" aria-label={fr.agent.filterLabel} className="flex gap-2 overflow-x-auto pb-1">
        {FILTERS.map(({ key, matches }) => (
          <button
            key={key}
            type="button"
            aria-pressed={filter === key}
            onClick={() => setFilter(key)}
            className={`shrink-0 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
              filter === key ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
            }`}
          >
            {fr.agent.filters[key]} <span className={filter === key ? 'text-white/80' : 'text-slate-400'}>({all.filter(matches).length})</span>
          </button>
        ))}
      </div>
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
