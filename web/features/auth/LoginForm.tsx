// The e-mail and password form shared by the consumer and agent sign-in pages.
import { Lock, Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { UserType } from '#contract/constants';
import { fr } from '#contract/messages';
import type { LoginPayload, LoginResponse } from '#contract/users';
import { ApiError, api } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pathAfterSignIn, signIn } from '../../lib/session';
import { Button } from '../../ui/Button';
import { PasswordField, TextField } from '../../ui/Field';

const resolver = lazyZodResolver<LoginPayload>(async () => (await import('#contract/users')).LoginSchema.omit({ user_type: true }));

type LoginFormProps = { userType?: UserType; demo: { email: string; password: string } };

/** What to tell the user when sign-in fails (spec part 1 section 8). */
function loginErrorMessage(error: unknown, userType?: UserType): string {
  const agent = userType === 'delivery_agent';
  if (error instanceof ApiError) {
    if (error.status === 401) return agent ? fr.auth.agentLoginError : fr.auth.invalidCredentials;
    if (error.status >= 400 && error.status < 500 && error.detail) return error.detail;
  }
  return agent ? fr.auth.agentLoginError : fr.auth.loginError;
}

export function LoginForm({ userType, demo }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, setValue, getValues, formState } = useForm<LoginPayload>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await api.post<LoginResponse>('/auth/login', { ...values, ...(userType ? { user_type: userType } : {}) }, { auth: false });
      if (!response?.access_token) throw new ApiError(401, fr.auth.invalidCredentials);
      signIn(response);
      notifySuccess(fr.auth.loginSuccess, { description: fr.auth.welcome(response.user.full_name) });
      // Back to the page that sent the user here (a link, an expired session), if it is theirs to open.
      navigate(pathAfterSignIn(response.user, location.state), { replace: true });
    } catch (error) {
      notifyError(loginErrorMessage(error, userType));
    }
  });

  const fillDemo = () => {
    setValue('email', demo.email, { shouldValidate: true });
    setValue('password', demo.password, { shouldValidate: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label={fr.auth.email} type="email" autoComplete="email" inputMode="email" icon={<Mail size={18} />} error={errors.email?.message} {...register('email')} />
      <div>
        <PasswordField label={fr.auth.password} autoComplete="current-password" icon={<Lock size={18} />} error={errors.password?.message} {...register('password')} />
        <p className="mt-1.5 text-right text-sm">
          {/* The e-mail typed so far goes along, so the next page does not ask for it twice. */}
          <Link
            to="/forgot-password"
            onClick={(event) => {
              event.preventDefault();
              navigate('/forgot-password', { state: { email: getValues('email'), from: location.pathname } });
            }}
            className="font-medium text-brand-700 hover:underline"
          >
            {fr.accountSecurity.forgotLink}
          </Link>
        </p>
      </div>
      <Button type="submit" block size="lg" busy={isSubmitting} busyLabel={fr.auth.submittingLogin}>
        {fr.auth.submitLogin}
      </Button>
      <div className="rounded-xl border border-dashed border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
        <p className="font-semibold">{fr.auth.demoTitle}</p>
        <p className="mt-1 break-all">
          {demo.email} · {demo.password}
        </p>
        <button type="button" onClick={fillDemo} className="mt-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          Utiliser ce compte
        </button>
      </div>
    </form>
  );
}
