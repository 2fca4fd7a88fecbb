// The held or the flagged prices, oldest first, a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Flag, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { fr } from '#contract/messages';
import type { ObservationQueueName } from '#contract/moderation';
import { useStepBackPastLastPage } from '../../lib/use-last-page';
import { EmptyState } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { observationsQuery } from './admin-api';
import { ObservationCard } from './ObservationCard';
import { QueuePager } from './QueuePager';

const texts = fr.adminUi;
const EMPTY = {
  held: { icon: <Hourglass size={24} />, title: texts.emptyHeld, text: texts.emptyHeldText },
  flagged: { icon: <Flag size={24} />, title: texts.emptyFlagged, text: texts.emptyFlaggedText },
};

export function ObservationQueue({ status }: { status: ObservationQueueName }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useQuery(observationsQuery(status, page));

  useStepBackPastLastPage(data, page, setPage);

  if (isPending) return <PageLoader />;
  if (isError) return <LoadError message={texts.loadError} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState {...EMPTY[status]} />;
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={texts.tabs[status]}>
        {data.items.map((item) => (
          <li key={item.id}>
            <ObservationCard item={item} queue={status} />
          </li>
        ))}
      </ul>
      <QueuePager page={data.page} pages={data.pages} onChange={setPage} />
    </div>
  );
}
