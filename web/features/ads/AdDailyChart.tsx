// A small bar chart of an ad's days: views as wide light bars, clicks as narrow dark bars on the same
// scale of their own (clicks are few), with the exact figures in each bar's title and in a table for
// screen readers.
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';

type Day = { day: string; impressions: number; clicks: number };

const t = fr.adsUi;
const HEIGHT = 56;
const STEP = 12;

/** `columns`: the ad's whole duration, so that the days run so far fill only their share of it. */
export function AdDailyChart({ days, columns = days.length }: { days: Day[]; columns?: number }) {
  if (days.length === 0 || days.every((d) => d.impressions === 0 && d.clicks === 0)) return <p className="text-xs text-slate-500">{t.noStatsYet}</p>;
  const maxViews = Math.max(1, ...days.map((d) => d.impressions));
  const maxClicks = Math.max(1, ...days.map((d) => d.clicks));
  const width = Math.max(columns, days.length) * STEP;
  return (
    <figure className="space-y-1">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-14 w-full" role="img" aria-label={t.chartLabel}>
        {days.map((d, i) => {
          const views = (d.impressions / maxViews) * (HEIGHT - 2);
          const clicks = (d.clicks / maxClicks) * (HEIGHT - 2) * 0.6;
          return (
            <g key={d.day}>
              <title>{t.dayStats(formatDate(d.day), d.impressions, d.clicks)}</title>
              <rect x={i * STEP + 1} y={HEIGHT - views} width={STEP - 2} height={Math.max(views, d.impressions ? 1 : 0)} rx={1.5} className="fill-brand-200" />
              <rect x={i * STEP + 4} y={HEIGHT - clicks} width={STEP - 8} height={Math.max(clicks, d.clicks ? 1 : 0)} rx={1} className="fill-brand-700" />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex justify-between gap-2 text-[11px] text-slate-500">
        <span>{t.chartFrom(formatDate(days[0].day).slice(0, 5))}</span>
        <span className="flex gap-3">
          <span className="inline-flex items-center gap-1">
            <span className="size-2 rounded-sm bg-brand-200" aria-hidden="true" /> {t.chartLegendViews}
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="size-2 rounded-sm bg-brand-700" aria-hidden="true" /> {t.chartLegendClicks}
          </span>
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{t.chartLabel}</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{t.dayStats(formatDate(d.day), d.impressions, d.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
