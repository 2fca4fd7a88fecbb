// /mes-annonces: the advertiser's ads, newest first, with their status and measured performance; a
// new ad or an edit opens the ad manager's wizard.
import { useQuery } from '@tanstack/react-query';
import { Megaphone, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AdResponse } from '#contract/ads-api';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { EmptyState, PageHeader } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { myAdsQuery } from './ads-api';
import { MyAdCard } from './MyAdCard';

const AdWizard = lazy(async () => ({ default: (await import('./AdWizard')).AdWizard }));
const t = fr.adsUi;

export function MyAdsPage() {
  const { data, isPending, isError, refetch } = useQuery(myAdsQuery);
  // null: closed; 'new': a new ad; an ad: editing it.
  const [wizard, setWizard] = useState<AdResponse | 'new' | null>(null);

  const newButton = (
    <Button icon={<Plus size={18} />} onClick={() => setWizard('new')}>
      {t.newAd}
    </Button>
  );

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t.myAdsTitle} subtitle={t.myAdsSubtitle} actions={newButton} />
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={t.loadError} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState icon={<Megaphone size={24} />} title={t.emptyTitle} text={t.emptyText} action={newButton} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.map((ad) => (
            <li key={ad.id}>
              <MyAdCard ad={ad} onEdit={setWizard} />
            </li>
          ))}
        </ul>
      )}
      {wizard && (
        <Suspense fallback={null}>
          <AdWizard open onClose={() => setWizard(null)} ad={wizard === 'new' ? null : wizard} />
        </Suspense>
      )}
    </div>
  );
}
