import { zodResolver } from '@hookform/resolvers/zod';
import { Bike, ShoppingCart } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PRESET_AVATARS } from '#contract/constants';
import { fr } from '#contract/messages';
import { RegisterFormSchema, type RegisterResponse } from '#contract/users';
import { ApiError, api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pendingPhoneCode } from '../../lib/pending-phone-code';
import { pathAfterSignIn, signIn } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Checkbox, PasswordField, SelectField, TextField } from '../../ui/Field';
import { AuthCard, LegalLinks } from './AuthCard';
import { AvatarPicker } from '../../ui/AvatarPicker';
import { CountryOptions } from '../../ui/CountryOptions';

type RegisterForm = z.input<typeof RegisterFormSchema>;

const USER_TYPE_OPTIONS = [
  { value: 'consumer', label: fr.register.consumer, hint: fr.register.consumerHint, icon: ShoppingCart },
  // An agent's application is reviewed by a moderator before any order is shown.
  { value: 'delivery_agent', label: fr.register.agent, hint: fr.agentVetting.registerHint, icon: Bike },
] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, control, watch, setError, formState } = useForm<RegisterForm>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: {
      full_name: '',
      email: '',
      country_region: 'Gabon',
      phone: '',
      password: '',
      confirm_password: '',
      user_type: 'consumer',
      avatar_url: PRESET_AVATARS[0],
      preferences: { track_prices: true, contribute_in_store: false },
    },
  });
  const { errors, isSubmitting } = formState;
  const fullName = watch('full_name');

  const onSubmit = handleSubmit(async (values) => {
    // The confirmation only checks the typing: it is never sent.
    const { confirm_password: _confirmation, ...payload } = values as RegisterForm;
    try {
      const response = await api.post<RegisterResponse>('/auth/register', payload, { auth: false });
      // A consumer types the SMS code next (pathAfterSignIn): a verified phone makes their prices count.
      if (response.user.user_type === 'consumer') pendingPhoneCode.set(response.phone_verification);
      signIn(response);
      notifySuccess(response.user.user_type === 'delivery_agent' ? fr.agentVetting.registeredAsAgent : fr.auth.registerSuccess);
      navigate(pathAfterSignIn(response.user, location.state), { replace: true });
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 && error.detail ? error.detail : fr.auth.registerError;
      if (error instanceof ApiError && error.status === 409) setError('email', { message });
      // The server's password rule (common passwords…) is shown on the field it is about.
      if (error instanceof ApiError && error.code?.startsWith('PASSWORD_')) setError('password', { message });
      notifyError(message);
    }
  });

  return (
    <AuthCard title={fr.register.title} subtitle={fr.register.subtitle} wide>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Controller name="avatar_url" control={control} render={({ field }) => <AvatarPicker value={field.value ?? null} onChange={field.onChange} name={fullName} />} />
        {errors.avatar_url?.message && <p className="text-sm text-rose-600">{errors.avatar_url.message}</p>}

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={fr.register.fullName} autoComplete="name" error={errors.full_name?.message} {...register('full_name')} />
          <TextField label={fr.register.email} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <SelectField label={fr.register.country} error={errors.country_region?.message} {...register('country_region')}>
            <CountryOptions />
          </SelectField>
          <TextField label={fr.register.phone} type="tel" autoComplete="tel" inputMode="tel" placeholder={fr.register.phonePlaceholder} error={errors.phone?.message} {...register('phone')} />
          <PasswordField label={fr.auth.password} autoComplete="new-password" hint={fr.accountSecurity.passwordHint} error={errors.password?.message} {...register('password')} />
          <PasswordField label={fr.auth.confirmPassword} autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
        </div>

        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{fr.register.userType}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {USER_TYPE_OPTIONS.map(({ value, label, hint, icon: Icon }) => (
              <label key={value} className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input type="radio" value={value} className="mt-1 accent-brand-700" {...register('user_type')} />
                <span>
                  <span className="flex items-center gap-2 font-semibold text-slate-800">
                    <Icon size={16} aria-hidden="true" />
                    {label}
                  </span>
                  <span className="text-xs text-slate-500">{hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.user_type?.message && <p className="mt-1 text-sm text-rose-600">{errors.user_type.message}</p>}
        </fieldset>

        <div className="space-y-3 rounded-xl bg-slate-50 p-4">
          <Checkbox label={fr.register.trackPrices} {...register('preferences.track_prices')} />
          <Checkbox label={fr.register.contributeInStore} {...register('preferences.contribute_in_store')} />
        </div>

        <Button type="submit" block size="lg" busy={isSubmitting} busyLabel={fr.register.submitting}>
          {fr.register.submit}
        </Button>
        <LegalLinks intro={fr.register.acceptTerms} />
        <p className="text-center text-sm text-slate-600">
          {fr.auth.haveAccount}{' '}
          <Link to="/login" state={location.state} className="font-semibold text-brand-700 hover:underline">
            {fr.auth.signIn}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
