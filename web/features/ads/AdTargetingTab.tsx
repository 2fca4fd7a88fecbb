// Wizard tab 3: duration (which sets the budget), audience and the slide's colours. The audience is
// « Tout le Gabon », a place — a town that has listed stores, or one of its districts with stores,
// as GET /api/ads/places lists them — or one of the spec's groups of users. An ad kept with the
// spec's 'libreville' or 'port-gentil' shows as that town, and keeps its value until changed.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Check } from 'lucide-react';
import { AD_DURATIONS, AD_ESTIMATED_VIEWS_PER_DAY, AD_GRADIENTS, AD_SEGMENTS, type AdPlaces, foldPlace, parseAdTarget, placeTarget } from '#contract/ads';
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { AD_GRADIENT_CLASSES } from '../../ui/ad-gradients';
import { SelectField } from '../../ui/Field';
import { withDuration, type AdFormValues } from './ad-form';
import { adPlacesQuery } from './ads-api';
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
      <AudienceChoice value={values.targetAudience} onChange={(targetAudience) => onChange({ targetAudience })} />
      <fieldset>
        <legend className="mb-2 block text-sm font-medium text-slate-700">{t.background}</legend>
        {values.type !== 'text' && <p className="-mt-1 mb-2 text-xs text-slate-500">{t.backgroundHint}</p>}
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

type AudienceKind = 'all' | 'place' | (typeof AD_SEGMENTS)[number];

function AudienceChoice({ value, onChange }: { value: string; onChange: (target: string) => void }) {
  const target = parseAdTarget(value);
  const kind: AudienceKind = !target || target.kind === 'all' ? 'all' : target.kind === 'segment' ? target.segment : 'place';
  const places = useQuery(adPlacesQuery);
  // « Une ville ou un quartier » chosen before the towns are read: the first town once they are.
  const [waiting, setWaiting] = useState(false);
  const firstCity = places.data?.cities[0]?.city;
  useEffect(() => {
    if (waiting && firstCity) {
      setWaiting(false);
      onChange(placeTarget(firstCity));
    }
  }, [waiting, firstCity, onChange]);
  const choose = (next: AudienceKind) => {
    setWaiting(false);
    if (next === kind) return;
    if (next !== 'place') return onChange(next);
    if (firstCity) onChange(placeTarget(firstCity));
    else setWaiting(true);
  };
  const choices: { value: AudienceKind; label: string; hint: string }[] = [
    { value: 'all', label: t.audiences.all, hint: t.audienceHints.all },
    { value: 'place', label: t.audiencePlace, hint: t.audiencePlaceHint },
    ...AD_SEGMENTS.map((segment) => ({ value: segment, label: t.audiences[segment], hint: t.audienceHints[segment] })),
  ];
  const place = target?.kind === 'place' ? target : null;
  return (
    <div className="space-y-3">
      <ChoiceCards<AudienceKind> legend={t.audience} value={waiting ? 'place' : kind} onChange={choose} columns="grid-cols-1 min-[400px]:grid-cols-2" choices={choices} />
      {(waiting || place) && <PlacePicker places={places.data} failed={places.isError} city={place?.city ?? ''} district={place?.district ?? null} onChange={onChange} />}
    </div>
  );
}

type PlacePickerProps = { places?: AdPlaces; failed: boolean; city: string; district: string | null; onChange: (target: string) => void };

/** The town, then « Toute la ville » or one of its districts. */
function PlacePicker({ places, failed, city, district, onChange }: PlacePickerProps) {
  if (failed) return <p role="alert" className="text-sm text-rose-600">{t.placesError}</p>;
  if (!places) return <p className="text-sm text-slate-500">{t.placesLoading}</p>;
  const town = places.cities.find((c) => foldPlace(c.city) === foldPlace(city));
  const quarter = district && town?.districts.find((d) => foldPlace(d.district) === foldPlace(district));
  return (
    <div className="space-y-2 rounded-xl border border-brand-600/30 bg-brand-50/40 p-3">
      <div className="grid gap-3 min-[400px]:grid-cols-2">
        <SelectField label={t.placeCity} value={town?.city ?? ''} onChange={(e) => onChange(placeTarget(e.target.value))}>
          {!town && <option value="">{city}</option>}
          {places.cities.map((c) => (
            <option key={c.city} value={c.city}>
              {t.placeOption(c.city, c.store_count)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t.placeDistrict} value={quarter ? quarter.district : ''} disabled={!town || town.districts.length === 0} onChange={(e) => town && onChange(placeTarget(town.city, e.target.value || null))}>
          <option value="">{t.wholeCity}</option>
          {town?.districts.map((d) => (
            <option key={d.district} value={d.district}>
              {t.placeOption(d.district, d.store_count)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-xs text-slate-500">{t.placeHint}</p>
    </div>
  );
}
