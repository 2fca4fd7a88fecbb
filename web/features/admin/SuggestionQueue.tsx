// Pending product suggestions, oldest first, a page at a time.
import { useQuery } from '@tanstack/react-query';
import { PencilLine } from 'lucide-react';
import { useState } from 'react';
import { fr } from '#contract/messages';
import { useStepBackPastLastPage } from '../../lib/use-last-page';
import { EmptyState } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { suggestionsQuery } from './admin-api';
import { QueuePager } from './QueuePager';
import { SuggestionCard } from './SuggestionCard';

const texts = fr.adminUi;

export function SuggestionQueue() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useQuery(suggestionsQuery(page));

  useStepBackPastLastPage(data, page, setPage);

  if (isPending) return <PageLoader />;
  if (isError) return <LoadError message={texts.loadError} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState icon={<PencilLine size={24} />} title={texts.emptySuggestions} text={texts.emptySuggestionsText} />;
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={texts.tabs.suggestions}>
        {data.items.map((suggestion) => (
          <li key={suggestion.id}>
            <SuggestionCard suggestion={suggestion} />
          </li>
        ))}
      </ul>
      <QueuePager page={data.page} pages={data.pages} onChange={setPage} />
    </div>
  );
}
