// Wizard tab 4: the slide as the banner will draw it (the whole image, the « Annonce » label below
// it as in the banner), and a summary of what is bought.
import { AD_ESTIMATED_VIEWS_PER_DAY, adTargetLabel } from '#contract/ads';
import { PROMO } from '#contract/constants';
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { AdSlide } from '../../ui/AdSlide';
import { previewMedia, type AdFormValues } from './ad-form';

const t = fr.adsUi;

export function AdPreviewTab({ values }: { values: AdFormValues }) {
  const media = previewMedia(values);
  const rows: [string, string][] = [
    [t.summaryType, t.types[values.type]],
    [t.summaryDuration, t.days(values.duration)],
    [t.summaryAudience, adTargetLabel(values.targetAudience)],
    [t.summaryBudget, formatXaf(values.budget)],
    [t.summaryViews, formatNumber(values.duration * AD_ESTIMATED_VIEWS_PER_DAY)],
  ];
  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm font-medium text-slate-700">{t.previewTitle}</p>
        <p className="text-xs text-slate-500">{t.previewHint}</p>
      </div>
      <div>
        <div className="overflow-hidden rounded-2xl shadow-sm" style={{ height: PROMO.heightPx }} data-testid="ad-preview">
          <AdSlide
            slide={{
              title: values.title || t.title,
              subtitle: values.type === 'text' ? values.subtitle || t.subtitle : values.subtitle,
              type: values.type,
              gradient: values.bgColor,
              textColor: values.textColor,
              showText: values.showText,
              mediaUrl: media?.url ?? null,
              mediaMime: media?.mime,
            }}
          />
        </div>
        <p className="px-1 pt-1.5 text-[11px] font-semibold uppercase tracking-wide text-slate-500">{t.sponsored}</p>
      </div>
      {values.description && <p className="text-sm text-slate-600">{values.description}</p>}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">{t.visibleAfterValidation}</p>
    </div>
  );
}
