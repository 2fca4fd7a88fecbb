import { ShieldCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { fr } from '#contract/messages';
import { AuthCard, LegalLinks } from './AuthCard';
import { type DemoAccount, useDemoAccounts } from '../../lib/app-config';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  // A new user who came from a link is led back to it after registering too.
  const { state } = useLocation();
  const demo = useDemoAccounts();
  return (
    <AuthCard title={fr.auth.loginTitle} subtitle={fr.auth.loginSubtitle}>
      <LoginForm demo={demo?.consumer} />
      {demo && <ModeratorDemo account={demo.moderator} />}
      <div className="mt-6 space-y-3 text-center text-sm">
        <p className="text-slate-600">
          {fr.auth.noAccount}{' '}
          <Link to="/register" state={state} className="font-semibold text-brand-700 hover:underline">
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

/** The demo moderator signs in on this same form and lands on /admin. */
function ModeratorDemo({ account }: { account: DemoAccount }) {
  const { email, password } = account;
  return (
    <div className="mt-3 flex gap-2.5 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-800" data-testid="moderator-demo">
      <ShieldCheck size={18} className="mt-0.5 shrink-0 text-ocean-600" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{fr.auth.demoModeratorTitle}</p>
        <p className="mt-1">
          <span className="break-all">{email}</span> · <span className="whitespace-nowrap">{password}</span>
        </p>
        <p className="mt-0.5 text-xs text-slate-500">{fr.auth.demoModeratorHint}</p>
      </div>
    </div>
  );
}
