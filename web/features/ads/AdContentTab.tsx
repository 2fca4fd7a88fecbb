// Wizard tab 1: title, subtitle, description (with counters), the ad's type and, for an image or a
// video, whether its text is drawn over it (« Texte sur l'image »): a poster that carries its own
// text is shown as the merchant made it, and the title then only names the ad.
import { AD_DESCRIPTION_MAX, AD_SUBTITLE_MAX, AD_TITLE_MAX, AD_TYPES, type AdType } from '#contract/ads';
import { fr } from '#contract/messages';
import type { AdFormErrors, AdFormValues } from './ad-form';
import { ChoiceCards } from './ChoiceCards';
import { CountedField } from './CountedField';

const t = fr.adsUi;

type TabProps = { values: AdFormValues; errors: AdFormErrors; onChange: (patch: Partial<AdFormValues>) => void };

export function AdContentTab({ values, errors, onChange }: TabProps) {
  const withMedia = values.type !== 'text';
  return (
    <div className="space-y-4">
      <ChoiceCards<AdType>
        legend={t.type}
        value={values.type}
        onChange={(type) => onChange({ type })}
        choices={AD_TYPES.map((type) => ({ value: type, label: t.types[type], hint: t.typeHints[type] }))}
      />
      {withMedia && (
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-700" checked={values.showText} onChange={(e) => onChange({ showText: e.target.checked })} />
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{t.showText}</span>
            <span className="block text-xs text-slate-500">{t.showTextHint}</span>
          </span>
        </label>
      )}
      <div className="space-y-1">
        <CountedField label={t.title} value={values.title} max={AD_TITLE_MAX} onChange={(title) => onChange({ title })} error={errors.title} placeholder={t.titlePlaceholder} />
        {withMedia && !values.showText && <p className="text-xs text-slate-500">{t.titleNameHint}</p>}
      </div>
      <CountedField
        label={withMedia ? t.subtitleOptional : t.subtitle}
        value={values.subtitle}
        max={AD_SUBTITLE_MAX}
        onChange={(subtitle) => onChange({ subtitle })}
        error={errors.subtitle}
        placeholder={t.subtitlePlaceholder}
      />
      <CountedField
        label={t.description}
        value={values.description}
        max={AD_DESCRIPTION_MAX}
        onChange={(description) => onChange({ description })}
        error={errors.description}
        placeholder={t.descriptionPlaceholder}
        multiline
      />
    </div>
  );
}
