// Turns the API's price history (one list of points per store) into uPlot's aligned columns.
import type { PriceHistory } from '#contract/prices';

/** At most this many stores are drawn: the cheapest ones by their latest price. */
export const MAX_CHART_STORES = 8;

export type AlignedHistory = { stores: string[]; data: [number[], ...(number | null)[][]] };

/** One shared x axis (every observation time, in seconds) and each store's price where it has one. */
export function alignSeries(history: PriceHistory): AlignedHistory {
  const latest = (s: PriceHistory['series'][number]) => s.points[s.points.length - 1]?.price ?? Number.POSITIVE_INFINITY;
  const series = [...history.series].sort((a, b) => latest(a) - latest(b)).slice(0, MAX_CHART_STORES);
  const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => seconds(p.observed_at))))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const columns = series.map((s) => {
    const values: (number | null)[] = new Array(times.length).fill(null);
    for (const p of s.points) values[index.get(seconds(p.observed_at))!] = p.price;
    return values;
  });
  return { stores: series.map((s) => s.store_name), data: [times, ...columns] };
}
