// The price history of a product as a uPlot line chart: one line per store, time on x, FCFA on y.
// Loaded on demand (the details dialog imports it lazily) so the catalogue page stays light.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDate, formatOneDecimal, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { PriceHistory } from '#contract/prices';
import { alignSeries } from './price-history-series';

const COLORS = ['#047857', '#e11d48', '#2f5fa0', '#d97706', '#7c3aed', '#0891b2', '#be185d', '#4d7c0f', '#9a3412', '#475569'];
export default function PriceHistoryChart({ history }: { history: PriceHistory }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { stores, data } = alignSeries(history);
    const width = Math.max(260, element.clientWidth);
    const options: uPlot.Options = {
      width,
      height: 220,
      scales: { x: { time: true } },
      axes: [
        { values: (_u, ticks) => ticks.map((t) => formatDate(new Date(t * 1000)).slice(0, 5)), size: 32, gap: 4 },
        { values: (_u, ticks) => ticks.map((v) => (v >= 1000 ? `${formatOneDecimal(v / 1000)} k` : String(v))), size: 48, gap: 4 },
      ],
      series: [
        { value: (_u, t) => (t == null ? '—' : formatDate(new Date(t * 1000))) },
        ...stores.map((name, i) => ({
          label: name,
          stroke: COLORS[i % COLORS.length],
          width: 2,
          spanGaps: true,
          points: { show: true, size: 5 },
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : formatXaf(v)),
        })),
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
    };
    const chart = new uPlot(options, data as uPlot.AlignedData, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(260, element.clientWidth), height: 220 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [history]);

  const { stores } = alignSeries(history);
  return (
    <figure className="min-w-0 space-y-2">
      <div ref={container} className="w-full overflow-hidden text-xs" role="img" aria-label={fr.products.historyTitle} />
      <figcaption className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        {stores.map((name, i) => (
          <span key={name} className="inline-flex min-w-0 max-w-full items-center gap-1.5">
            <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: COLORS[i % COLORS.length] }} aria-hidden="true" />
            <span className="truncate">{name}</span>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
