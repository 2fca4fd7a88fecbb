// The "Annonces" queue of /admin: ads by status, those waiting for review first, then bank
// transfers to confirm, then the others, a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { fr } from '#contract/messages';
import { EmptyState } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
import { ADMIN_AD_FILTERS, adminAdsQuery, type AdminAdFilter } from './admin-ads-api';
import { AdReviewCard } from './AdReviewCard';
import { PagedQueue } from './PagedQueue';

const a = fr.adsUi.admin;

export function AdReviewQueue() {
  const [status, setStatus] = useState<AdminAdFilter>('awaiting_review');
  const [page, setPage] = useState(1);
  const query = useQuery(adminAdsQuery(status, page));

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
      <PagedQueue query={query} page={page} onPage={setPage} empty={<EmptyState icon={<Megaphone size={24} />} title={a.empty} />}>
        {(items) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((ad) => (
              <li key={ad.id}>
                <AdReviewCard ad={ad} />
              </li>
            ))}
          </ul>
        )}
      </PagedQueue>
    </div>
  );
}
