// "Mot de passe oublié ?": asks the account's e-mail and sends the reset link. The answer is the
// same whether or not an account exists, so the page says "if an account exists…".
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { fr } from '#contract/messages';
import { type DetailResponse, type PasswordResetRequest, PasswordResetRequestSchema } from '#contract/users';
import { api, errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';

const texts = fr.accountSecurity;

export function ForgotPasswordPage() {
  const location = useLocation();
  const arrival = (location.state as { email?: string; from?: string } | null) ?? {};
  const loginPath = arrival.from === '/delivery-agent/login' ? '/delivery-agent/login' : '/login';
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: arrival.email ?? '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api.post<DetailResponse>('/auth/password-reset', values, { auth: false });
      setSent(answer.detail);
    } catch (error) {
      notifyError(errorMessage(error, fr.common.unknownError));
    }
  });

  return (
    <AuthCard title={texts.forgotTitle} subtitle={texts.forgotSubtitle}>
      {sent ? (
        <div role="status" className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
          <p className="flex gap-2.5 font-medium">
            <MailCheck size={20} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>{sent}</span>
          </p>
          <p className="text-brand-800">{texts.resetRequestedHint}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label={fr.auth.email} type="email" autoComplete="email" inputMode="email" icon={<Mail size={18} />} error={errors.email?.message} {...register('email')} />
          <Button type="submit" block size="lg" busy={isSubmitting} busyLabel={texts.forgotSubmitting}>
            {texts.forgotSubmit}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={loginPath} className="font-semibold text-brand-700 hover:underline">
          {texts.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
