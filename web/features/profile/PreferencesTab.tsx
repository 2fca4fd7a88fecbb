import { useState } from 'react';
import { fr } from '#contract/messages';
import type { Preferences, SessionUser, User } from '#contract/users';
import { api, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { updateUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Field';
import { UnsavedChangesGuard } from './UnsavedChanges';

const KEYS = ['track_prices', 'contribute_in_store', 'notifications', 'location_sharing'] as const;

export function PreferencesTab({ user }: { user: SessionUser }) {
  const [values, setValues] = useState<Preferences>(user.preferences);
  const [busy, setBusy] = useState(false);
  const labels = fr.profile.preferences;
  const dirty = KEYS.some((key) => values[key] !== user.preferences[key]);

  const save = async () => {
    setBusy(true);
    try {
      // Only this tab's switches: the price list's city (preferences.city) is chosen elsewhere and may have changed since.
      const saved = await api.put<User>('/users/me/preferences', Object.fromEntries(KEYS.map((key) => [key, values[key]])));
      updateUser({ preferences: saved.preferences });
      notifySuccess(fr.profile.preferencesSaved);
    } catch (error) {
      notifyError(errorMessage(error, fr.profile.preferencesError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="space-y-5 p-5">
      <h2 className="font-semibold">{labels.title}</h2>
      {KEYS.map((key) => (
        <Checkbox
          key={key}
          label={labels[key]}
          hint={labels[`${key}_hint`]}
          checked={values[key]}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
        />
      ))}
      <Button onClick={() => void save()} busy={busy}>
        {labels.save}
      </Button>
      <UnsavedChangesGuard dirty={dirty} />
    </Card>
  );
}
