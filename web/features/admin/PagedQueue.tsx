// A paged moderation list as the moderator sees it: a loader, the load error with "Réessayer", the
// empty state, or the items and their page buttons. After the last items of the last page are
// decided, it steps back to the new last page.
import type { ReactNode } from 'react';
import { fr } from '#contract/messages';
import { useStepBackPastLastPage } from '../../lib/use-last-page';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { QueuePager } from './QueuePager';

type Page<T> = { items: T[]; page: number; pages: number };

type PagedQueueProps<T> = {
  query: { data: Page<T> | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  loadError?: string;
  children: (items: T[]) => ReactNode;
};

export function PagedQueue<T>({ query, page, onPage, empty, loadError = fr.adminUi.loadError, children }: PagedQueueProps<T>) {
  const { data, isPending, isError, refetch } = query;
  useStepBackPastLastPage(data, page, onPage);
  if (isPending) return <PageLoader />;
  if (isError || !data) return <LoadError message={loadError} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(data.items)}
      <QueuePager page={data.page} pages={data.pages} onChange={onPage} />
    </>
  );
}
