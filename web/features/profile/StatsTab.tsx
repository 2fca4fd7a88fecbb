import { useQuery } from '@tanstack/react-query';
import { ClipboardList, PiggyBank, Tag, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber, formatRelativeTime } from '#contract/format';
import { fr } from '#contract/messages';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { PageLoader } from '../../ui/Spinner';
import { statsQuery } from './profile-queries';

export function StatsTab() {
  const { data, isPending, isError } = useQuery(statsQuery);
  const labels = fr.profile.stats;
  if (isPending) return <PageLoader />;
  if (isError || !data) return <p className="text-sm text-rose-700">{fr.common.unknownError}</p>;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat icon={<ClipboardList size={20} />} label={labels.listsCreated} value={formatNumber(data.lists_created)} />
        <Stat icon={<Tag size={20} />} label={labels.pricesContributed} value={formatNumber(data.prices_contributed)} />
        <Stat icon={<Truck size={20} />} label={labels.deliveries} value={formatNumber(data.deliveries)} />
        <Stat icon={<PiggyBank size={20} />} label={labels.savings} value={<Money amount={data.total_savings} />} />
      </div>
      <Card className="p-5">
        <h2 className="mb-3 font-semibold">{labels.recentActivity}</h2>
        {data.recent_activity.length === 0 ? (
          <p className="text-sm text-slate-500">{labels.noActivity}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.recent_activity.map((a, i) => (
              <li key={`${a.created_at}-${i}`} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <span className="min-w-0 text-slate-700 wrap-anywhere">{a.label}</span>
                <span className="shrink-0 text-xs text-slate-400">{formatRelativeTime(a.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Card className="p-4">
      <span className="mb-2 inline-flex rounded-lg bg-brand-50 p-2 text-brand-700">{icon}</span>
      <p className="text-xl font-bold tabular-nums">{value}</p>
      <p className="text-sm text-slate-500">{label}</p>
    </Card>
  );
}
