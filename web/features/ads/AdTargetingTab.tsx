// Wizard tab 3: duration (which sets the budget), audience and the slide's colours.
import { Check } from 'lucide-react';
import { AD_AUDIENCES, AD_DURATIONS, AD_ESTIMATED_VIEWS_PER_DAY, AD_GRADIENTS, type AdAudience } from '#contract/ads';
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { AD_GRADIENT_CLASSES } from '../../ui/ad-gradients';
import { withDuration, type AdFormValues } from './ad-form';
import { ChoiceCards } from './ChoiceCards';

const t = fr.adsUi;

/** `termsLocked`: an ad already submitted to payment keeps its duration (and so its price). */
type TabProps = { values: AdFormValues; onChange: (patch: Partial<AdFormValues>) => void; termsLocked?: boolean };

export function AdTargetingTab({ values, onChange, termsLocked = false }: TabProps) {
  return (
    <div className="space-y-5">
      {termsLocked ? (
        <p className="text-sm text-slate-700">
          {t.duration} : <strong>{t.days(values.duration)}</strong> — {fr.adsApi.termsLocked}
        </p>
      ) : (
        <ChoiceCards<number>
          legend={t.duration}
          value={values.duration}
          onChange={(days) => onChange(withDuration(values, days))}
          columns="grid-cols-2 sm:grid-cols-3"
          choices={AD_DURATIONS.map((d) => ({ value: d.days, label: t.days(d.days), hint: formatXaf(d.price) }))}
        />
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl bg-brand-50 px-4 py-3">
        <p className="text-sm text-brand-900">
          {t.budget} : <strong className="text-base" data-testid="ad-budget">{formatXaf(values.budget)}</strong>
        </p>
        <p className="text-xs text-brand-900/80">{t.estimatedViews(formatNumber(values.duration * AD_ESTIMATED_VIEWS_PER_DAY))}</p>
        <p className="w-full text-xs text-brand-900/70">{t.budgetHint}</p>
      </div>
      <ChoiceCards<AdAudience>
        legend={t.audience}
        value={values.targetAudience}
        onChange={(targetAudience) => onChange({ targetAudience })}
        columns="grid-cols-1 min-[400px]:grid-cols-2"
        choices={AD_AUDIENCES.map((a) => ({ value: a, label: t.audiences[a], hint: t.audienceHints[a] }))}
      />
      <fieldset>
        <legend className="mb-2 block text-sm font-medium text-slate-700">{t.background}</legend>
        <div className="flex flex-wrap gap-3">
          {AD_GRADIENTS.map((g) => {
            const checked = values.bgColor === g;
            return (
              <label key={g} className="flex cursor-pointer flex-col items-center gap-1 text-xs text-slate-600">
                <input type="radio" name="ad-gradient" className="peer sr-only" checked={checked} onChange={() => onChange({ bgColor: g })} aria-label={t.gradients[g]} />
                <span
                  className={`flex size-11 items-center justify-center rounded-full bg-gradient-to-r ${AD_GRADIENT_CLASSES[g]} text-white ring-offset-2 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 ${checked ? 'ring-2 ring-slate-900' : ''}`}
                  aria-hidden="true"
                >
                  {checked && <Check size={18} />}
                </span>
                {t.gradients[g]}
              </label>
            );
          })}
        </div>
      </fieldset>
      <ChoiceCards<'white' | 'dark'>
        legend={t.textColor}
        value={values.textColor}
        onChange={(textColor) => onChange({ textColor })}
        columns="grid-cols-2"
        choices={(['white', 'dark'] as const).map((c) => ({ value: c, label: t.textColors[c] }))}
      />
    </div>
  );
}
