// /admin/orders: every order, newest first, read-only — test orders marked, refunds followed up.
// The filter and the page are kept in the address (?filtre=test|remboursements, ?page=).
import { useQuery } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import { EmptyState, PageHeader } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
import { ADMIN_ORDER_FILTERS, adminOrdersQuery, queueCountsQuery, type AdminOrdersFilter } from './admin-api';
import { AdminOrderList } from './AdminOrderList';
import { PagedQueue } from './PagedQueue';

const texts = fr.adminUi.orders;
/** The filter as the address spells it. */
const IN_ADDRESS: Record<AdminOrdersFilter, string | null> = { all: null, test: 'test', failedRefunds: 'remboursements' };
const filterOf = (value: string | null): AdminOrdersFilter => ADMIN_ORDER_FILTERS.find((f) => IN_ADDRESS[f] === value) ?? 'all';

export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filtre'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(adminOrdersQuery(filter, page));
  const { data: counts } = useQuery(queueCountsQuery);

  const show = (next: AdminOrdersFilter, nextPage = 1) => {
    const query: Record<string, string> = {};
    if (IN_ADDRESS[next]) query.filtre = IN_ADDRESS[next];
    if (nextPage > 1) query.page = String(nextPage);
    setParams(query, { replace: nextPage === 1 });
  };


  const failedRefunds = counts?.failed_refunds ?? 0;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      <div className="space-y-4">
        <FilterChips label={texts.filterLabel} options={ADMIN_ORDER_FILTERS} selected={filter} onSelect={(key) => show(key)}>
          {(key, selected) => (
            <>
              {texts.filters[key]}
              {key === 'failedRefunds' && failedRefunds > 0 && (
                <span className={`rounded-full px-1.5 text-xs font-bold tabular-nums ${selected ? 'bg-white text-rose-700' : 'bg-rose-600 text-white'}`} data-testid="failed-refunds-count">
                  {failedRefunds}
                </span>
              )}
            </>
          )}
        </FilterChips>
        <PagedQueue
          query={query}
          page={page}
          onPage={(n) => show(filter, n)}
          loadError={texts.loadError}
          empty={<EmptyState icon={<ShoppingBag size={24} />} title={texts.empty[filter].title} text={texts.empty[filter].text} />}
        >
          {(orders) => <AdminOrderList orders={orders} />}
        </PagedQueue>
      </div>
    </div>
  );
}
