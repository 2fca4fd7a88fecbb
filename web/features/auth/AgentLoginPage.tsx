import { Link } from 'react-router';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';

export function AgentLoginPage() {
  return (
    <AuthCard title={fr.auth.agentLoginTitle} subtitle={fr.auth.agentLoginSubtitle}>
      <LoginForm userType="delivery_agent" demo={DEMO_ACCOUNTS.agent} />
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {fr.auth.consumerLink}
        </Link>
      </p>
    </AuthCard>
  );
}
