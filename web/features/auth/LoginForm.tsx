// The e-mail and password form shared by the consumer and agent sign-in pages. A plain form: the
// sign-in page is many users' first screen, and react-hook-form, zod and the schema would add
// nearly a tenth to its JavaScript; the schema loads with the first check.
import { Lock, Mail } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { UserType } from '#contract/constants';
import { fr } from '#contract/messages';
import type { LoginPayload, LoginResponse } from '#contract/users';
import { ApiError, api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pathAfterSignIn, signIn } from '../../lib/session';
import { Button } from '../../ui/Button';
import { PasswordField, TextField } from '../../ui/Field';

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['email', 'password'];

/** The values as the login schema reads them, or the first message of each field it refuses. */
async function check(values: Pick<LoginPayload, Field>): Promise<{ data?: Pick<LoginPayload, Field>; errors: Errors }> {
  const { LoginSchema } = await import('#contract/users');
  const result = LoginSchema.omit({ user_type: true }).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}

/** `demo`: the demo account to offer, only when the server is in demo mode. */
type LoginFormProps = { userType?: UserType; demo?: { email: string; password: string } };

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
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  /** Sets fields; once the form was submitted (or when asked), they are checked again as they change. */
  const update = (changes: Partial<Record<Field, string>>, recheck = submitted) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (recheck) void check(next).then(({ errors: found }) => setErrors((shown) => ({ ...shown, ...Object.fromEntries(Object.keys(changes).map((f) => [f, found[f as Field]])) })));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = await check(values);
    setErrors(found);
    const invalid = FIELDS.find((field) => found[field]);
    if (!data || invalid) return inputs[invalid ?? 'email'].current?.focus();
    setSubmitting(true);
    try {
      const response = await api.post<LoginResponse>('/auth/login', { ...data, ...(userType ? { user_type: userType } : {}) }, { auth: false });
      if (!response?.access_token) throw new ApiError(401, fr.auth.invalidCredentials);
      signIn(response);
      notifySuccess(fr.auth.loginSuccess, { description: fr.auth.welcome(response.user.full_name) });
      // Back to the page that sent the user here (a link, an expired session), if it is theirs to open.
      navigate(pathAfterSignIn(response.user, location.state), { replace: true });
    } catch (error) {
      notifyError(loginErrorMessage(error, userType));
    } finally {
      setSubmitting(false);
    }
  };

  const fillDemo = () => demo && update({ email: demo.email, password: demo.password }, true);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label={fr.auth.email} type="email" autoComplete="email" inputMode="email" icon={<Mail size={18} />} error={errors.email} name="email" ref={inputs.email} value={values.email} onChange={(e) => update({ email: e.target.value })} />
      <div>
        <PasswordField label={fr.auth.password} autoComplete="current-password" icon={<Lock size={18} />} error={errors.password} name="password" ref={inputs.password} value={values.password} onChange={(e) => update({ password: e.target.value })} />
        <p className="mt-1.5 text-right text-sm">
          {/* The e-mail typed so far goes along, so the next page does not ask for it twice. */}
          <Link
            to="/forgot-password"
            onClick={(event) => {
              event.preventDefault();
              navigate('/forgot-password', { state: { email: values.email, from: location.pathname } });
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
      {demo && (
        <div className="rounded-xl border border-dashed border-brand-200 bg-brand-50 p-3 text-sm text-brand-900" data-testid="demo-account">
          <p className="font-semibold">{fr.auth.demoTitle}</p>
          <p className="mt-1 break-all">
            {demo.email} · {demo.password}
          </p>
          <button type="button" onClick={fillDemo} className="mt-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            {fr.navigation.useDemoAccount}
          </button>
        </div>
      )}
    </form>
  );
}
