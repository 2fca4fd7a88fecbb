// The product's prices in the store over 90 days, small enough to sit in a queue card: published
// prices as a green line of dots, held ones as amber rings, rejected ones as red crosses, the
// price under review ringed and the price shown now as a dashed line. The lines are an SVG
// stretched to the box; the marks are positioned in percent over it, so they stay round at any width.
import { X } from 'lucide-react';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { StoreHistoryPoint } from '#contract/moderation';

/** A few francs of difference should not fill the whole height: the scale spans at least this share of the top price. */
const MIN_SPREAD = 0.2;

type SparklineProps = { history: StoreHistoryPoint[]; current: { observed_at: string; price: number }; shownPrice: number | null };

const texts = fr.adminUi;

export function StoreHistorySparkline({ history, current, shownPrice }: SparklineProps) {
  if (history.length === 0) return <p className="text-sm text-slate-500">{texts.historyEmpty}</p>;
  const times = history.map((p) => new Date(p.observed_at).getTime());
  const prices = [...history.map((p) => p.price), ...(shownPrice !== null ? [shownPrice] : [])];
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [low0, high0] = [Math.min(...prices), Math.max(...prices)];
  const pad = Math.max(0, high0 * MIN_SPREAD - (high0 - low0)) / 2;
  const [p0, p1] = [Math.max(0, low0 - pad), high0 + pad];
  // Percent of the plot box: x from the left, y from the top.
  const x = (t: number) => (t1 === t0 ? 50 : ((t - t0) / (t1 - t0)) * 100);
  const y = (p: number) => (p1 === p0 ? 50 : 100 - ((p - p0) / (p1 - p0)) * 100);
  const points = history.map((p, i) => ({ ...p, left: x(times[i]), top: y(p.price), current: p.observed_at === current.observed_at && p.price === current.price }));
  const line = points
    .filter((p) => p.status === 'accepted')
    .map((p) => `${p.left.toFixed(2)},${p.top.toFixed(2)}`)
    .join(' ');
  const low = formatXaf(Math.min(...history.map((p) => p.price)));
  const high = formatXaf(Math.max(...history.map((p) => p.price)));

  return (
    <figure className="space-y-1.5">
      <div className="relative h-[72px] rounded-lg bg-slate-50" role="img" aria-label={texts.historyAria(history.length, low, high)}>
        <div className="absolute inset-x-3 inset-y-3">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 size-full overflow-visible" aria-hidden="true">
            {shownPrice !== null && (
              <line x1={0} x2={100} y1={y(shownPrice)} y2={y(shownPrice)} className="stroke-slate-400" strokeWidth={1} strokeDasharray="4 3" vectorEffect="non-scaling-stroke" />
            )}
            {line && <polyline points={line} fill="none" className="stroke-brand-600" strokeWidth={1.5} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />}
          </svg>
          {points.map((p, i) => (
            <span key={i} className="absolute -translate-x-1/2 -translate-y-1/2" style={{ left: `${p.left}%`, top: `${p.top}%` }} aria-hidden="true">
              {p.current && <span className="absolute left-1/2 top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-[1.5px] border-slate-900" />}
              {p.status === 'rejected' ? (
                <X size={11} strokeWidth={3.5} className="block text-rose-600" />
              ) : p.status === 'held' ? (
                <span className="block size-2.5 rounded-full border-2 border-amber-600 bg-white" />
              ) : (
                <span className="block size-2 rounded-full bg-brand-700" />
              )}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{texts.historyRange(low, high, history.length)}</span>
        <span className="inline-flex items-center gap-1">
          <span className="size-2 rounded-full bg-brand-700" aria-hidden="true" />
          {texts.legendAccepted}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="size-2.5 rounded-full border-2 border-amber-600" aria-hidden="true" />
          {texts.legendHeld}
        </span>
        <span className="inline-flex items-center gap-1">
          <X size={11} strokeWidth={3.5} className="text-rose-600" aria-hidden="true" />
          {texts.legendRejected}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="size-3 rounded-full border-[1.5px] border-slate-900" aria-hidden="true" />
          {texts.legendThis}
        </span>
        {shownPrice !== null && (
          <span className="inline-flex items-center gap-1">
            <span className="w-3 border-t border-dashed border-slate-400" aria-hidden="true" />
            {texts.legendShown}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
