// Profile › Notifications: turn on web push for this browser (with the spec's messages for granted,
// denied and unsupported browsers), send a test, the notification settings and quiet hours.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, BellOff, MoonStar, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fr } from '#contract/messages';
import { SETTING_TOGGLES, type NotificationSettings, type NotificationSettingsUpdate } from '#contract/notifications';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { NOTIFICATIONS_QUERY_KEY, enablePush, hasPushSubscription, pushState, type PushState } from '../../lib/push';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { LoadError } from '../../ui/LoadError';
import { UnsavedChangesGuard } from './UnsavedChanges';

const texts = fr.notifications;
const settingsKey = [...NOTIFICATIONS_QUERY_KEY, 'settings'] as const;

export function NotificationsTab() {
  return (
    <div className="space-y-4">
      <PushCard />
      <SettingsCards />
    </div>
  );
}

function PushCard() {
  const client = useQueryClient();
  const [state, setState] = useState<PushState>(pushState);
  const [subscribed, setSubscribed] = useState(false);
  const [enabling, setEnabling] = useState(false);
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    void hasPushSubscription().then(setSubscribed, () => setSubscribed(false));
  }, []);

  const enable = async () => {
    setEnabling(true);
    try {
      const result = await enablePush();
      setState(pushState());
      if (result === 'granted') {
        setSubscribed(true);
        notifySuccess(texts.pushEnabled);
      } else {
        notifyError(texts.pushDenied);
      }
    } catch (error) {
      console.error('Activation des notifications push', error);
      notifyError(texts.pushError);
    } finally {
      setEnabling(false);
    }
  };

  const sendTest = async () => {
    setTesting(true);
    try {
      await api.post('/notifications/test');
      notifySuccess(texts.testSent);
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    } catch {
      notifyError(texts.testError);
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-start gap-3">
        <span className={`rounded-xl p-2.5 ${state === 'denied' || state === 'unsupported' ? 'bg-slate-100 text-slate-500' : 'bg-brand-50 text-brand-700'}`}>
          {state === 'denied' || state === 'unsupported' ? <BellOff size={22} /> : <BellRing size={22} />}
        </span>
        <div>
          <h2 className="font-semibold">{texts.pushTitle}</h2>
          <p className="text-sm text-slate-600">{texts.pushIntro}</p>
        </div>
      </div>

      {state === 'unsupported' && <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">{texts.pushUnsupported}</p>}
      {state === 'denied' && (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <p className="font-semibold">{texts.pushDenied}</p>
          <p>{texts.pushDeniedHelp}</p>
        </div>
      )}
      {state === 'granted' && subscribed && (
        <p className="rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-800" role="status">
          {texts.pushEnabledState}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {(state === 'default' || (state === 'granted' && !subscribed)) && (
          <Button className="w-full sm:w-auto" onClick={() => void enable()} busy={enabling} busyLabel={texts.enablingPush} icon={<BellRing size={16} aria-hidden="true" />}>
            {texts.enablePush}
          </Button>
        )}
        <Button className="w-full sm:w-auto" variant="outline" onClick={() => void sendTest()} busy={testing} busyLabel={texts.sendingTest} icon={<Send size={16} aria-hidden="true" />}>
          {texts.sendTest}
        </Button>
      </div>
    </Card>
  );
}

function SettingsCards() {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => api.get<NotificationSettings>('/notifications/settings') });
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    if (settings.isError) notifyError(texts.settingsLoadError);
  }, [settings.isError]);

  /** PUT with only the changed field(s); the toggle moves at once and comes back on failure. */
  const save = async (change: NotificationSettingsUpdate, key: string) => {
    const previous = client.getQueryData<NotificationSettings>(settingsKey);
    client.setQueryData<NotificationSettings>(settingsKey, (s) => s && ({ ...s, ...change } as NotificationSettings));
    setSaving(key);
    try {
      const saved = await api.put<NotificationSettings>('/notifications/settings', change);
      client.setQueryData(settingsKey, saved);
      notifySuccess(texts.settingsSaved);
      return true;
    } catch {
      client.setQueryData(settingsKey, previous);
      notifyError(texts.settingsSaveError);
      return false;
    } finally {
      setSaving(null);
    }
  };

  if (settings.isPending) {
    return (
      <Card className="flex items-center justify-center gap-2 p-6 text-sm text-slate-500">
        <Spinner size={16} /> {fr.common.loading}
      </Card>
    );
  }
  if (!settings.data) {
    return (
      <LoadError message={texts.settingsLoadError} onRetry={() => void settings.refetch()} />
    );
  }
  const values = settings.data;
  return (
    <>
      <Card className="p-5">
        <h2 className="mb-3 font-semibold">{texts.settingsTitle}</h2>
        <ul className="divide-y divide-slate-100">
          {SETTING_TOGGLES.map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <span>
                <span className="block text-sm font-medium text-slate-800" id={`setting-${key}`}>
                  {texts.settingLabels[key]}
                </span>
                <span className="block text-xs text-slate-500">{texts.settingHints[key]}</span>
              </span>
              <Switch labelledBy={`setting-${key}`} checked={values[key]} disabled={saving === key} onChange={(checked) => void save({ [key]: checked }, key)} />
            </li>
          ))}
        </ul>
      </Card>
      <QuietHoursCard values={values} busy={saving === 'quiet'} onSave={(change) => save(change, 'quiet')} />
    </>
  );
}

function Switch({ checked, onChange, disabled, labelledBy }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; labelledBy: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${checked ? 'bg-brand-700' : 'bg-slate-300'}`}
    >
      <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`} />
    </button>
  );
}

function QuietHoursCard({ values, busy, onSave }: { values: NotificationSettings; busy: boolean; onSave: (change: NotificationSettingsUpdate) => Promise<boolean> }) {
  const [start, setStart] = useState(values.quiet_hours_start ?? '');
  const [end, setEnd] = useState(values.quiet_hours_end ?? '');
  const changes: NotificationSettingsUpdate = {};
  if (start !== (values.quiet_hours_start ?? '')) changes.quiet_hours_start = start;
  if (end !== (values.quiet_hours_end ?? '')) changes.quiet_hours_end = end;
  const dirty = Object.keys(changes).length > 0;
  const hasHours = Boolean(values.quiet_hours_start || values.quiet_hours_end);

  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-violet-50 p-2.5 text-violet-700">
          <MoonStar size={22} />
        </span>
        <div>
          <h2 className="font-semibold">{texts.quietHours}</h2>
          <p className="text-sm text-slate-600">{texts.quietHoursHint}</p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        <HourSelect label={texts.quietHoursStart} value={start} onChange={setStart} />
        <HourSelect label={texts.quietHoursEnd} value={end} onChange={setEnd} />
      </div>
      <UnsavedChangesGuard dirty={dirty} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void onSave(changes)} disabled={!dirty} busy={busy}>
          {texts.quietHoursSave}
        </Button>
        {hasHours && (
          <Button
            variant="ghost"
            onClick={() =>
              void onSave({ quiet_hours_start: '', quiet_hours_end: '' }).then((ok) => {
                if (ok) {
                  setStart('');
                  setEnd('');
                }
              })
            }
          >
            {texts.quietHoursClear}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** Half-hour steps in 24-hour time, the same on every phone whatever its language settings. */
const HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

function HourSelect({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const options = value && !HOURS.includes(value) ? [value, ...HOURS] : HOURS;
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">--:--</option>
      {options.map((h) => (
        <option key={h} value={h}>
          {h}
        </option>
      ))}
    </SelectField>
  );
}
