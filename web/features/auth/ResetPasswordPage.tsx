// The page of the e-mailed link: /reset-password?token=…. Asks the new password twice; the server
// applies the full rule (common passwords, the account's e-mail or name) and its detail is shown on
// the field. Afterwards every session of the account is closed: the user signs in again.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { fr } from '#contract/messages';
import { type DetailResponse, PasswordResetFormSchema } from '#contract/users';
import { ApiError, api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button, buttonClasses } from '../../ui/Button';
import { PasswordField } from '../../ui/Field';
import { AuthCard } from './AuthCard';

type ResetForm = z.input<typeof PasswordResetFormSchema>;
const texts = fr.accountSecurity;
/** Answers about the link itself: it cannot be used, a new one is needed. */
const LINK_ERRORS = new Set(['RESET_TOKEN_INVALID', 'RESET_TOKEN_USED', 'RESET_TOKEN_EXPIRED', 'ACCOUNT_SUSPENDED']);

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : texts.resetMissingToken);
  const { register, handleSubmit, setError, formState } = useForm<ResetForm>({
    resolver: zodResolver(PasswordResetFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ new_password }) => {
    try {
      const answer = await api.post<DetailResponse>('/auth/password-reset/confirm', { token, new_password }, { auth: false });
      notifySuccess(answer.detail);
      navigate('/login', { replace: true });
    } catch (error) {
      const message = errorMessage(error, fr.common.unknownError);
      if (error instanceof ApiError && error.code && LINK_ERRORS.has(error.code)) return setLinkProblem(message);
      if (error instanceof ApiError && error.status === 400) setError('new_password', { message });
      notifyError(message);
    }
  });

  return (
    <AuthCard title={texts.resetTitle} subtitle={texts.resetSubtitle}>
      {linkProblem ? (
        <div className="space-y-4">
          <p role="alert" className="flex gap-2.5 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
            <LinkIcon size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
            <span>{linkProblem}</span>
          </p>
          <Link to="/forgot-password" className={buttonClasses({ block: true, size: 'lg' })}>
            {texts.requestNewLink}
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <PasswordField
            label={fr.profile.newPassword}
            autoComplete="new-password"
            icon={<KeyRound size={18} />}
            hint={texts.passwordHint}
            error={errors.new_password?.message}
            {...register('new_password')}
          />
          <PasswordField
            label={fr.profile.confirmNewPassword}
            autoComplete="new-password"
            icon={<KeyRound size={18} />}
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <Button type="submit" block size="lg" busy={isSubmitting} busyLabel={texts.resetSubmitting}>
            {texts.resetSubmit}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {texts.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
