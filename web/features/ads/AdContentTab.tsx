// Wizard tab 1: title, subtitle, description (with counters) and the ad's type.
import { AD_DESCRIPTION_MAX, AD_SUBTITLE_MAX, AD_TITLE_MAX, AD_TYPES, type AdType } from '#contract/ads';
import { fr } from '#contract/messages';
import type { AdFormErrors, AdFormValues } from './ad-form';
import { ChoiceCards } from './ChoiceCards';
import { CountedField } from './CountedField';

const t = fr.adsUi;

type TabProps = { values: AdFormValues; errors: AdFormErrors; onChange: (patch: Partial<AdFormValues>) => void };

export function AdContentTab({ values, errors, onChange }: TabProps) {
  return (
    <div className="space-y-4">
      <CountedField label={t.title} value={values.title} max={AD_TITLE_MAX} onChange={(title) => onChange({ title })} error={errors.title} placeholder={t.titlePlaceholder} />
      <CountedField label={t.subtitle} value={values.subtitle} max={AD_SUBTITLE_MAX} onChange={(subtitle) => onChange({ subtitle })} error={errors.subtitle} placeholder={t.subtitlePlaceholder} />
      <CountedField
        label={t.description}
        value={values.description}
        max={AD_DESCRIPTION_MAX}
        onChange={(description) => onChange({ description })}
        error={errors.description}
        placeholder={t.descriptionPlaceholder}
        multiline
      />
      <ChoiceCards<AdType>
        legend={t.type}
        value={values.type}
        onChange={(type) => onChange({ type })}
        choices={AD_TYPES.map((type) => ({ value: type, label: t.types[type], hint: t.typeHints[type] }))}
      />
    </div>
  );
}
