import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Eye, EyeOff, Lightbulb, ListPlus, MapPinned, PackageSearch, ReceiptText, Tag, Truck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '#contract/format';
import { fr } from '#contract/messages';
import type { DashboardSummary } from '#contract/dashboard';
import { PromoBanner } from '../../app/shell/PromoBanner';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage-keys';
import { buttonClasses } from '../../ui/Button';
import { Card, EmptyState } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';

export const dashboardQuery = { queryKey: ['dashboard'], queryFn: () => api.get<DashboardSummary>('/dashboard') };

export function DashboardPage() {
  const { user } = useSession();
  const { data, isPending, isError, refetch } = useQuery(dashboardQuery);
  const [promoVisible, setPromoVisible] = useState(() => readStorage(STORAGE_KEYS.promoVisible) !== 'false');
  const togglePromo = () => {
    writeStorage(STORAGE_KEYS.promoVisible, String(!promoVisible));
    setPromoVisible(!promoVisible);
  };

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{fr.dashboard.greeting(user?.full_name ?? '')}</h1>
          <p className="mt-1 text-slate-600">{fr.dashboard.subtitle}</p>
        </div>
        <button type="button" onClick={togglePromo} className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-slate-500 hover:text-slate-800 sm:self-auto">
          {promoVisible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
          {promoVisible ? fr.promo.hide : fr.promo.show}
        </button>
      </div>

      <PromoBanner visible={promoVisible} />

      <section aria-label="Compteurs" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        <Counter label={fr.dashboard.lists} value={data?.counters.shopping_lists} loading={isPending} icon={<ClipboardList size={20} />} to="/shopping-lists" />
        <Counter label={fr.dashboard.deliveries} value={data?.counters.deliveries} loading={isPending} icon={<Truck size={20} />} to="/deliveries" />
        <Counter label={fr.dashboard.contributions} value={data?.counters.contributions} loading={isPending} icon={<Tag size={20} />} to="/contribute" />
      </section>
      {isError && (
        <LoadError message={fr.dashboard.loadError} onRetry={() => void refetch()} />
      )}

      <section>
        <h2 className="mb-3 text-lg font-semibold">{fr.dashboard.quickActions}</h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <QuickAction to="/create-list" label={fr.dashboard.newList} icon={<ListPlus size={22} />} tone="bg-brand-50 text-brand-800" />
          <QuickAction to="/products" label={fr.dashboard.browseProducts} icon={<PackageSearch size={22} />} tone="bg-sky-50 text-sky-800" />
          <QuickAction to="/contribute" label={fr.dashboard.contribute} icon={<MapPinned size={22} />} tone="bg-amber-50 text-amber-800" />
          <QuickAction to="/contribute?mode=ticket" label={fr.receiptsUi.quickAction} icon={<ReceiptText size={22} />} tone="bg-rose-50 text-rose-800" />
          <QuickAction to="/deliveries" label={fr.dashboard.myDeliveries} icon={<Truck size={22} />} tone="bg-violet-50 text-violet-800" />
        </div>
      </section>

      <section>
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold">{fr.dashboard.recentLists}</h2>
          <Link to="/shopping-lists" className="text-sm font-medium text-brand-700 hover:underline">
            {fr.dashboard.seeAll}
          </Link>
        </div>
        {data && data.recent_lists.length === 0 ? (
          <EmptyState
            icon={<ClipboardList size={24} />}
            title={fr.dashboard.emptyTitle}
            text={fr.dashboard.emptyText}
            action={
              <Link to="/create-list" className={buttonClasses()}>
                {fr.dashboard.emptyAction}
              </Link>
            }
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {data?.recent_lists.map((list) => (
              <li key={list.id} className="min-w-0">
                <Card className="flex h-full flex-col gap-3 p-4">
                  <div>
                    <p className="line-clamp-2 font-semibold text-slate-900 wrap-anywhere">{list.name}</p>
                    <p className="text-sm text-slate-500">
                      {fr.dashboard.items(list.item_count)} · {fr.dashboard.createdOn(formatDate(list.created_at))}
                    </p>
                  </div>
                  <Link to={`/shopping-lists/${list.id}/compare`} className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} mt-auto self-start`}>
                    {fr.dashboard.compare}
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Card className="flex gap-3 border-amber-200 bg-amber-50 p-4">
        <Lightbulb className="mt-0.5 shrink-0 text-amber-600" size={22} aria-hidden="true" />
        <div>
          <p className="font-semibold text-amber-900">{fr.dashboard.tipTitle}</p>
          <p className="text-sm text-amber-900/80">{fr.dashboard.tip}</p>
        </div>
      </Card>
    </div>
  );
}

function Counter({ label, value, loading, icon, to }: { label: string; value?: number; loading: boolean; icon: ReactNode; to: string }) {
  return (
    <Link to={to} className="group">
      <Card className="flex items-center gap-4 p-4 transition group-hover:border-brand-200 group-hover:shadow">
        <span className="rounded-xl bg-brand-50 p-3 text-brand-700">{icon}</span>
        <span>
          <span className="block text-2xl font-bold tabular-nums text-slate-900" data-testid={`counter-${to.slice(1)}`}>
            {loading || value === undefined ? <span className="inline-block h-7 w-8 animate-pulse rounded bg-slate-200" /> : formatNumber(value)}
          </span>
          <span className="text-sm text-slate-600">{label}</span>
        </span>
      </Card>
    </Link>
  );
}

function QuickAction({ to, label, icon, tone }: { to: string; label: string; icon: ReactNode; tone: string }) {
  return (
    <Link to={to} className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow">
      <span className={`rounded-xl p-2.5 ${tone}`}>{icon}</span>
      <span className="text-sm font-semibold text-slate-800">{label}</span>
    </Link>
  );
}
