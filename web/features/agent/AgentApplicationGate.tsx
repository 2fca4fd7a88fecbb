// The agent space opens once a moderator approved the application. Until then it says where the
// application stands ("Candidature en cours d'examen", or refused with the reason) and shows no order.
import type { ReactNode } from 'react';
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';
import { ApplicationState } from '../../ui/ApplicationState';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { useAgentApplication } from './agent-queries';

const texts = fr.agentVetting;

export function AgentApplicationGate({ children }: { children: ReactNode }) {
  const { data, isPending, isError, refetch } = useAgentApplication();
  if (isPending) return <PageLoader />;
  if (isError) return <LoadError message={texts.applicationLoadError} onRetry={() => void refetch()} />;
  if (data.status === 'approved') return <>{children}</>;

  const refused = data.status === 'refused';
  return (
    <ApplicationState
      refused={refused}
      title={refused ? texts.refusedTitle : texts.pendingTitle}
      text={refused ? texts.refusedText : texts.pendingText}
      reason={refused && data.reason ? texts.refusedReason(data.reason) : null}
      sentOn={texts.sentOn(formatDate(data.registered_at))}
      data-testid="agent-application-state"
    />
  );
}
