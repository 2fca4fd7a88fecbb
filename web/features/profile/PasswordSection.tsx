import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fr } from '#contract/messages';
import { PasswordChangeFormSchema } from '#contract/users';
import { ApiError, api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PasswordField } from '../../ui/Field';

type PasswordForm = z.input<typeof PasswordChangeFormSchema>;

export function PasswordSection() {
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    try {
      await api.put('/users/me/password', { current_password, new_password });
      reset();
      notifySuccess(fr.profile.passwordChanged);
    } catch (error) {
      const message = errorMessage(error, fr.profile.passwordError);
      if (error instanceof ApiError && error.code === 'WRONG_CURRENT_PASSWORD') setError('current_password', { message });
      if (error instanceof ApiError && (error.code?.startsWith('PASSWORD_') || error.code === 'SAME_PASSWORD')) setError('new_password', { message });
      notifyError(message);
    }
  });

  return (
    <Card className="p-5">
      <h2 className="mb-4 flex items-center gap-2 font-semibold">
        <KeyRound size={18} aria-hidden="true" />
        {fr.profile.passwordSection}
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <PasswordField label={fr.profile.currentPassword} autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />
        <PasswordField label={fr.profile.newPassword} autoComplete="new-password" hint={fr.accountSecurity.passwordHint} error={errors.new_password?.message} {...register('new_password')} />
        <PasswordField label={fr.profile.confirmNewPassword} autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" busy={isSubmitting} busyLabel={fr.profile.changingPassword}>
            {fr.profile.changePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}
