// The "Annonces" queue of /admin: ads by status, those waiting for review first, then bank
// transfers to confirm, then the others, a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { fr } from '#contract/messages';
import { useStepBackPastLastPage } from '../../lib/use-last-page';
import { EmptyState } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
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

  useStepBackPastLastPage(data, page, setPage);

  return (
    <div className="space-y-4">
      <FilterChips
        label={a.statusFilter}
        options={ADMIN_AD_FILTERS}
        selected={status}
        onSelect={(key) => {
          setStatus(key);
          setPage(1);
        }}
      >
        {(key) => fr.adsApi.statusLabels[key]}
      </FilterChips>
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
