// The body of a moderators' queue: a loader, a French load error with « Réessayer », the queue's
// empty state, or its entries as a list (one card each).
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fr } from '#contract/messages';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';

type QueueListProps<T> = {
  query: Pick<UseQueryResult<T[]>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  label: string;
  empty: ReactNode;
  keyOf: (entry: T) => string;
  children: (entry: T) => ReactNode;
};

export function QueueList<T>({ query, label, empty, keyOf, children }: QueueListProps<T>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) return <LoadError message={fr.adminUi.loadError} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <>{empty}</>;
  return (
    <ul className="space-y-4" aria-label={label}>
      {query.data.map((entry) => (
        <li key={keyOf(entry)}>{children(entry)}</li>
      ))}
    </ul>
  );
}
