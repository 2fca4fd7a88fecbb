import { fr } from '#contract/messages';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/Card';
import { UnderConstruction } from '../../ui/UnderConstruction';

export function AgentDashboardPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title={fr.dashboard.greeting(user?.full_name ?? '')} subtitle={fr.agent.dashboardSoon} />
      <UnderConstruction title={fr.nav.agentOrders} />
    </>
  );
}
