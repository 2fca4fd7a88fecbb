// The agent space opens once a moderator approved the application. Until then it says where the
// application stands ("Candidature en cours d'examen", or refused with the reason) and shows no order.
import { Hourglass, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';
import { Card } from '../../ui/Card';
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
    <Card
      className={`flex flex-col items-center gap-3 px-6 py-10 text-center ${refused ? 'border-rose-200' : 'border-amber-200'}`}
      role="status"
      data-testid="agent-application-state"
    >
      <span className={`rounded-full p-3 ${refused ? 'bg-rose-50 text-rose-700' : 'bg-amber-50 text-amber-700'}`}>
        {refused ? <XCircle size={28} aria-hidden="true" /> : <Hourglass size={28} aria-hidden="true" />}
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{refused ? texts.refusedTitle : texts.pendingTitle}</h2>
      <p className="max-w-md text-sm text-slate-600">{refused ? texts.refusedText : texts.pendingText}</p>
      {refused && data.reason && <p className="max-w-md rounded-xl bg-rose-50 px-4 py-2 text-sm font-medium text-rose-800">{texts.refusedReason(data.reason)}</p>}
      <p className="text-xs text-slate-500">{texts.sentOn(formatDate(data.registered_at))}</p>
    </Card>
  );
}
