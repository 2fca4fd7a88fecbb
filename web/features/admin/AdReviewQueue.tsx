// The "Annonces" queue of /admin: ads by status, those waiting for review first, then bank
// transfers to confirm, then the others, a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fr } from '#contract/messages';
import { EmptyState } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { ADMIN_AD_FILTERS, adminAdsQuery, type AdminAdFilter } from './admin-ads-api';
import { AdReviewCard } from './AdReviewCard';
import { QueuePager } from './QueuePager';

const a = fr.adsUi.admin;

export function AdReviewQueue() {
  const [status, setStatus] = useState<AdminAdFilter>('awaiting_review');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useQuery(adminAdsQuery(status, page));

  useEffect(() => {
    if (data && data.items.length === 0 && page > 1 && page > data.pages) setPage(Math.max(1, data.pages));
  }, [data, page]);

  return (
    <div className="space-y-4">
      <div role="group" aria-label={a.statusFilter} className="flex gap-2 overflow-x-auto pb-1">
        {ADMIN_AD_FILTERS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={status === key}
            onClick={() => {
              setStatus(key);
              setPage(1);
            }}
            className={`shrink-0 rounded-full px-4 py-1.5 text-sm font-semibold transition-colors ${status === key ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`}
          >
            {fr.adsApi.statusLabels[key]}
          </button>
        ))}
      </div>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={fr.adminUi.loadError} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={<Megaphone size={24} />} title={a.empty} />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {data.items.map((ad) => (
              <li key={ad.id}>
                <AdReviewCard ad={ad} />
              </li>
            ))}
          </ul>
          <QueuePager page={page} pages={data.pages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
