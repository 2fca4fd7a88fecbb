import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, LogOut, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';
import { ProfileUpdateSchema, type SessionUser, type User } from '#contract/users';
import { ApiError, api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { logout, updateUser } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PasswordField, SelectField, TextField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { AvatarPicker } from '../../ui/AvatarPicker';
import { PasswordSection } from './PasswordSection';
import { UnsavedChangesDialog, UnsavedChangesGuard } from './UnsavedChanges';
import { CountryOptions } from '../../ui/CountryOptions';

type ProfileForm = z.input<typeof ProfileUpdateSchema>;
const formValues = (user: SessionUser): ProfileForm => ({
  full_name: user.full_name,
  email: user.email,
  phone: user.phone,
  country_region: user.country_region,
  current_password: '',
});
/** Compared as the server stores it: trimmed, lower case. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function ProfileTab({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  // The form follows the session's user (a new avatar, a refreshed session) without losing edits.
  const form = useForm<ProfileForm>({ resolver: zodResolver(ProfileUpdateSchema), values: formValues(user), resetOptions: { keepDirtyValues: true } });
  const { errors, isDirty, isSubmitting } = form.formState;
  // A new address needs the current password (the server checks it and tells the old address).
  const emailChanges = editing && !sameEmail(form.watch('email') ?? '', user.email);

  const stopEditing = () => {
    form.reset(formValues(user));
    setEditing(false);
    setConfirmCancel(false);
  };

  const onSave = form.handleSubmit(async ({ current_password, ...values }) => {
    if (emailChanges && !current_password) {
      form.setError('current_password', { message: fr.accountSecurity.emailChangeNeedsPassword });
      return;
    }
    try {
      const saved = await api.put<User>('/users/me', emailChanges ? { ...values, current_password } : values);
      updateUser(saved);
      form.reset(formValues({ ...user, ...saved }));
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      notifySuccess(fr.profile.updated);
    } catch (error) {
      const message = errorMessage(error, fr.profile.updateError);
      if (error instanceof ApiError && (error.code === 'WRONG_CURRENT_PASSWORD' || error.code === 'EMAIL_CHANGE_NEEDS_PASSWORD')) {
        form.setError('current_password', { message });
      }
      notifyError(message);
    }
  });

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="relative self-start">
            <Avatar url={user.avatar_url} name={user.full_name} size={80} />
            <button
              type="button"
              onClick={() => setAvatarOpen(true)}
              className="absolute -bottom-1 -right-1 rounded-full bg-brand-700 p-2 text-white shadow hover:bg-brand-800"
              aria-label={fr.profile.changeAvatar}
            >
              <Camera size={16} />
            </button>
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-xl font-semibold wrap-anywhere">{user.full_name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
            <p className="text-xs text-slate-400">{fr.profile.memberSince(formatDate(user.created_at))}</p>
          </div>
          {!editing && (
            <Button variant="outline" icon={<Pencil size={16} />} onClick={() => setEditing(true)}>
              {fr.profile.edit}
            </Button>
          )}
        </div>

        <form onSubmit={onSave} noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
          <TextField label={fr.profile.fullName} disabled={!editing} autoComplete="name" error={errors.full_name?.message} {...form.register('full_name')} />
          <TextField label={fr.profile.email} type="email" disabled={!editing} autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <SelectField label={fr.profile.country} disabled={!editing} error={errors.country_region?.message} {...form.register('country_region')}>
            <CountryOptions />
          </SelectField>
          <TextField label={fr.profile.phone} type="tel" disabled={!editing} autoComplete="tel" placeholder={fr.register.phonePlaceholder} error={errors.phone?.message} {...form.register('phone')} />
          {emailChanges && (
            <div className="sm:col-span-2">
              <PasswordField
                label={fr.accountSecurity.emailChangePassword}
                autoComplete="current-password"
                hint={fr.accountSecurity.emailChangePasswordHint}
                error={errors.current_password?.message}
                {...form.register('current_password')}
              />
            </div>
          )}
          {editing && (
            <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
              <Button variant="outline" onClick={() => (isDirty ? setConfirmCancel(true) : stopEditing())}>
                {fr.profile.cancel}
              </Button>
              <Button type="submit" busy={isSubmitting} busyLabel={fr.profile.saving}>
                {fr.profile.save}
              </Button>
            </div>
          )}
        </form>
      </Card>

      <PasswordSection />

      <Button variant="outline" icon={<LogOut size={16} />} onClick={() => void logout()} className="text-rose-700">
        {fr.profile.logout}
      </Button>

      <UnsavedChangesGuard dirty={editing && isDirty} onDiscard={stopEditing} />
      <UnsavedChangesDialog open={confirmCancel} onKeep={() => setConfirmCancel(false)} onDiscard={stopEditing} />
      {/* Mounted only while open: each opening starts from the saved avatar, a cancelled choice is gone. */}
      {avatarOpen && <AvatarModal user={user} onClose={() => setAvatarOpen(false)} />}
    </div>
  );
}

function AvatarModal({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const [value, setValue] = useState<string | null>(user.avatar_url);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await api.put<User>('/users/me/avatar', { avatar_url: value });
      updateUser(saved);
      notifySuccess(fr.profile.avatarUpdated);
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, fr.profile.updateError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={fr.profile.avatarTitle}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {fr.common.cancel}
          </Button>
          <Button onClick={() => void save()} busy={busy}>
            {fr.common.save}
          </Button>
        </>
      }
    >
      <AvatarPicker value={value} onChange={setValue} name={user.full_name} />
    </Modal>
  );
}
