// The "Livreurs" queue: delivery agents' applications waiting for a decision (oldest first), and
// those already accepted or refused (latest decision first), a page at a time.
import { useQuery } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { useState } from 'react';
import { AGENT_APPLICATION_STATUSES, type AgentApplicationStatus } from '#contract/agent';
import { fr } from '#contract/messages';
import { EmptyState } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
import { agentApplicationsQuery } from './admin-api';
import { AgentApplicationCard } from './AgentApplicationCard';
import { PagedQueue } from './PagedQueue';

const texts = fr.agentVetting.admin;
const EMPTY: Record<AgentApplicationStatus, { title: string; text?: string }> = {
  pending: { title: texts.emptyPending, text: texts.emptyPendingText },
  approved: { title: texts.emptyApproved },
  refused: { title: texts.emptyRefused },
};

export function AgentApplicationQueue() {
  const [status, setStatus] = useState<AgentApplicationStatus>('pending');
  const [page, setPage] = useState(1);
  const query = useQuery(agentApplicationsQuery(status, page));

  const show = (next: AgentApplicationStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <FilterChips label={texts.filterLabel} options={AGENT_APPLICATION_STATUSES} selected={status} onSelect={show}>
        {(key) => texts.filters[key]}
      </FilterChips>
      <PagedQueue query={query} page={page} onPage={setPage} empty={<EmptyState icon={<Bike size={24} />} {...EMPTY[status]} />}>
        {(items) => (
          <ul className="space-y-4" aria-label={texts.queueLabel}>
            {items.map((application) => (
              <li key={application.id}>
                <AgentApplicationCard application={application} />
              </li>
            ))}
          </ul>
        )}
      </PagedQueue>
    </div>
  );
}
