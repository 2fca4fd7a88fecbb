// The "Livreurs" queue: delivery agents' applications waiting for a decision (oldest first), and
// those already accepted or refused (latest decision first), a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AGENT_APPLICATION_STATUSES, type AgentApplicationStatus } from '#contract/agent';
import { fr } from '#contract/messages';
import { EmptyState } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { agentApplicationsQuery } from './admin-api';
import { AgentApplicationCard } from './AgentApplicationCard';
import { QueuePager } from './QueuePager';

const texts = fr.agentVetting.admin;
const EMPTY: Record<AgentApplicationStatus, { title: string; text?: string }> = {
  pending: { title: texts.emptyPending, text: texts.emptyPendingText },
  approved: { title: texts.emptyApproved },
  refused: { title: texts.emptyRefused },
};

export function AgentApplicationQueue() {
  const [status, setStatus] = useState<AgentApplicationStatus>('pending');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useQuery(agentApplicationsQuery(status, page));

  // After the last item of the last page is decided, step back to the new last page.
  useEffect(() => {
    if (data && data.items.length === 0 && page > data.pages) setPage(data.pages);
  }, [data, page]);

  const show = (next: AgentApplicationStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <div role="group" aria-label={texts.filterLabel} className="flex gap-2 overflow-x-auto pb-1">
        {AGENT_APPLICATION_STATUSES.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={status === key}
            onClick={() => show(key)}
            className={`shrink-0 rounded-full px-4 py-1.5 text-sm font-semibold transition-colors ${
              status === key ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
            }`}
          >
            {texts.filters[key]}
          </button>
        ))}
      </div>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={fr.adminUi.loadError} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={<Bike size={24} />} {...EMPTY[status]} />
      ) : (
        <>
          <ul className="space-y-4" aria-label={texts.queueLabel}>
            {data.items.map((application) => (
              <li key={application.id}>
                <AgentApplicationCard application={application} />
              </li>
            ))}
          </ul>
          <QueuePager page={data.page} pages={data.pages} onChange={setPage} />
        </>
      )}
    </div>
  );
}
