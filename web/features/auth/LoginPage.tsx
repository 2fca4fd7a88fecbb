import { Link } from 'react-router';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import { AuthCard, LegalLinks } from './AuthCard';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  return (
    <AuthCard title={fr.auth.loginTitle} subtitle={fr.auth.loginSubtitle}>
      <LoginForm demo={DEMO_ACCOUNTS.consumer} />
      <div className="mt-6 space-y-3 text-center text-sm">
        <p className="text-slate-600">
          {fr.auth.noAccount}{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            {fr.auth.createAccount}
          </Link>
        </p>
        <p>
          <Link to="/delivery-agent/login" className="font-medium text-ocean-600 hover:underline">
            {fr.auth.agentLink}
          </Link>
        </p>
        <LegalLinks intro={fr.auth.termsNotice} />
      </div>
    </AuthCard>
  );
}
