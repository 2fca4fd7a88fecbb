import { Link } from 'react-router';
import { fr } from '#contract/messages';
import { AuthCard } from './AuthCard';
import { useDemoAccounts } from '../../lib/app-config';
import { LoginForm } from './LoginForm';

export function AgentLoginPage() {
  const demo = useDemoAccounts();
  return (
    <AuthCard title={fr.auth.agentLoginTitle} subtitle={fr.auth.agentLoginSubtitle}>
      <LoginForm userType="delivery_agent" demo={demo?.agent} />
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {fr.auth.consumerLink}
        </Link>
      </p>
    </AuthCard>
  );
}
