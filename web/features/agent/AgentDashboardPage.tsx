import { CheckCheck, ClipboardList, Truck, Wallet } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { Card, PageHeader } from '../../ui/Card';
import { PageLoader } from '../../ui/Spinner';
import { earningsOf, isActive, isDone, type AgentListOrder } from './agent-order-view';
import { AgentApplicationGate } from './AgentApplicationGate';
import { useAgentOrders } from './agent-queries';
import { AgentOrdersPanel } from './AgentOrdersPanel';

const RECENT = 5;
const RECENT_OWN = 3;

export function AgentDashboardPage() {
  const { user } = useSession();
  return (
    <div className="space-y-6">
      <PageHeader title={fr.dashboard.greeting(user?.full_name ?? '')} subtitle={fr.agent.dashboardSubtitle} />
      <AgentApplicationGate>
        <AgentDashboard />
      </AgentApplicationGate>
    </div>
  );
}

function AgentDashboard() {
  const { available, mine, isPending, isError } = useAgentOrders();
  useEffect(() => {
    if (isError) notifyError(fr.agent.loadError);
  }, [isError]);

  // On a failed load the counters read zero (spec), not stale numbers.
  const ok = !isError;
  const counters = {
    available: ok ? available.length : 0,
    active: ok ? mine.filter(isActive).length : 0,
    completed: ok ? mine.filter(isDone).length : 0,
    earnings: ok ? earningsOf(mine) : 0,
  };
  const recent: AgentListOrder[] = [...available, ...mine.slice(0, RECENT_OWN)].slice(0, RECENT);
  const labels = fr.agent.counters;

  return (
    <>
      <section aria-label="Compteurs" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Counter label={labels.available} value={formatNumber(counters.available)} icon={<ClipboardList size={20} />} tone="bg-amber-50 text-amber-700" loading={isPending} id="available" />
        <Counter label={labels.active} value={formatNumber(counters.active)} icon={<Truck size={20} />} tone="bg-sky-50 text-sky-700" loading={isPending} id="active" />
        <Counter label={labels.completed} value={formatNumber(counters.completed)} icon={<CheckCheck size={20} />} tone="bg-brand-50 text-brand-700" loading={isPending} id="completed" />
        <Counter label={labels.earnings} value={formatXaf(counters.earnings)} icon={<Wallet size={20} />} tone="bg-violet-50 text-violet-700" loading={isPending} id="earnings" />
      </section>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{fr.agent.recentOrders}</h2>
          <Link to="/delivery-agent/orders" className="text-sm font-medium text-brand-700 hover:underline">
            {fr.agent.seeAll}
          </Link>
        </div>
        {isPending ? <PageLoader /> : <AgentOrdersPanel orders={ok ? recent : []} emptyTitle={fr.agent.empty} emptyText={fr.agent.emptyText} />}
      </section>
    </>
  );
}

function Counter({ label, value, icon, tone, loading, id }: { label: string; value: string; icon: ReactNode; tone: string; loading: boolean; id: string }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <span className={`self-start rounded-xl p-2.5 ${tone}`}>{icon}</span>
      <span className="min-w-0">
        <span className="block truncate text-xl font-bold tabular-nums text-slate-900 sm:text-2xl" data-testid={`agent-counter-${id}`}>
          {loading ? <span className="inline-block h-7 w-10 animate-pulse rounded bg-slate-200" /> : value}
        </span>
        <span className="text-sm text-slate-600">{label}</span>
      </span>
    </Card>
  );
}
