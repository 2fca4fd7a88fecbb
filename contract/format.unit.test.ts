// The hand-written formats must print what Intl prints for fr-FR and Africa/Libreville (format.ts
// explains why they do not use it), for every kind of value the app shows.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDecimal, formatNumber, formatPercent, formatXaf, todayInGabon } from './format';

const intl = {
  xaf: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XAF', maximumFractionDigits: 0 }),
  number: new Intl.NumberFormat('fr-FR'),
  oneDecimal: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }),
  coordinate: new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false }),
  percent: new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 }),
  date: new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Africa/Libreville' }),
  dateTime: new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Libreville' }),
  day: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Libreville', year: 'numeric', month: '2-digit', day: '2-digit' }),
};

/** A reproducible pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EDGES = [0, 1, -1, 5, 9.5, 10.5, -0.5, 0.05, 0.95, 0.9999, 1.005, 2.675, 12.345, 99.95, 999, 1000, -1000, 9999.95, 123456.789, 1234567, 15000000, 999999999999, 0.0001, 1e-7];

function values(): number[] {
  const next = random(42);
  const list = [...EDGES];
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(next() * 10 - 3);
    const sign = next() < 0.2 ? -1 : 1;
    // Whole numbers, and values with a few or many decimals (distances, ratios, halves).
    list.push(sign * Math.round(next() * magnitude * 1000) / 1000, sign * next() * magnitude, sign * Math.round(next() * 20000) / 2);
  }
  return list;
}

describe('number formats', () => {
  it('prints amounts in FCFA as Intl does', () => {
    for (const v of values()) {
      const expected = Object.is(Math.round(v), -0) ? intl.xaf.format(0) : intl.xaf.format(Math.round(v));
      expect(formatXaf(v), String(v)).toBe(expected);
    }
    expect(formatXaf(4700)).toBe('4\u202f700\u00a0FCFA');
    expect(formatXaf('4700' as unknown as number)).toBe(intl.xaf.format(4700));
  });

  it('prints numbers, one-decimal figures, coordinates and rates as Intl does', () => {
    for (const v of values()) {
      expect(formatNumber(v), String(v)).toBe(intl.number.format(v).replace(/^-0$/, '0'));
      expect(formatDecimal(v, { maxFraction: 1 }), String(v)).toBe(intl.oneDecimal.format(v).replace(/^-0$/, '0'));
      expect(formatDecimal(v, { minFraction: 4, maxFraction: 4, grouping: false }), String(v)).toBe(intl.coordinate.format(v).replace(/^-(0,0000)$/, '$1'));
      expect(formatPercent(v / 100), String(v)).toBe(intl.percent.format(v / 100).replace(/^-(0\u00a0%)$/, '$1'));
    }
  });
});

describe('dates on Libreville clock', () => {
  it('prints dates, times and the day as Intl does, around midnight and across years', () => {
    const next = random(7);
    const instants = [Date.UTC(2026, 11, 31, 22, 59, 59), Date.UTC(2026, 11, 31, 23, 0, 0), Date.UTC(2027, 1, 28, 23, 30), Date.UTC(2028, 1, 28, 23, 30), Date.UTC(2026, 2, 29, 1, 0)];
    for (let i = 0; i < 2000; i++) instants.push(Date.UTC(2020, 0, 1) + Math.floor(next() * 15 * 365 * 86_400_000));
    for (const t of instants) {
      const date = new Date(t);
      expect(formatDate(date), date.toISOString()).toBe(intl.date.format(date));
      expect(formatDate(date.toISOString())).toBe(intl.date.format(date));
      expect(formatDateTime(date), date.toISOString()).toBe(intl.dateTime.format(date));
      expect(todayInGabon(date), date.toISOString()).toBe(intl.day.format(date));
    }
  });

  it('shows a plain date as it is', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
  });
});
