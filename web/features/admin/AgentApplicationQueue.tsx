// The "Livreurs" queue: delivery agents' applications waiting for a decision (oldest first), and
// those already accepted or refused (latest decision first), a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { useState } from 'react';
import { AGENT_APPLICATION_STATUSES, type AgentApplicationStatus } from '#contract/agent';
import { fr } from '#contract/messages';
import { useStepBackPastLastPage } from '../../lib/use-last-page';
import { EmptyState } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
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

  useStepBackPastLastPage(data, page, setPage);

  const show = (next: AgentApplicationStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <FilterChips label={texts.filterLabel} options={AGENT_APPLICATION_STATUSES} selected={status} onSelect={show}>
        {(key) => texts.filters[key]}
      </FilterChips>
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
