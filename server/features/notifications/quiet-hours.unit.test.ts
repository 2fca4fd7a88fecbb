import { describe, expect, it } from 'vitest';
import { isQuietTime, librevilleMinutes } from './quiet-hours';

// Libreville is UTC+1 all year.
const at = (utc: string) => new Date(`2026-11-23T${utc}:00Z`);

describe('quiet hours (Libreville time)', () => {
  it('reads the time in Libreville, not UTC', () => {
    expect(librevilleMinutes(at('21:30'))).toBe(22 * 60 + 30);
    expect(librevilleMinutes(at('23:15'))).toBe(15);
  });

  it('a window inside one day includes its start and excludes its end', () => {
    expect(isQuietTime('12:00', '14:00', at('10:59'))).toBe(false); // 11:59
    expect(isQuietTime('12:00', '14:00', at('11:00'))).toBe(true); // 12:00
    expect(isQuietTime('12:00', '14:00', at('12:59'))).toBe(true); // 13:59
    expect(isQuietTime('12:00', '14:00', at('13:00'))).toBe(false); // 14:00
  });

  it('a window crossing midnight covers the late evening and the early morning', () => {
    expect(isQuietTime('22:00', '07:00', at('20:59'))).toBe(false); // 21:59
    expect(isQuietTime('22:00', '07:00', at('21:00'))).toBe(true); // 22:00
    expect(isQuietTime('22:00', '07:00', at('23:30'))).toBe(true); // 00:30
    expect(isQuietTime('22:00', '07:00', at('05:59'))).toBe(true); // 06:59
    expect(isQuietTime('22:00', '07:00', at('06:00'))).toBe(false); // 07:00
    expect(isQuietTime('22:00', '07:00', at('11:00'))).toBe(false); // 12:00
  });

  it('no window without both bounds, or with equal bounds', () => {
    expect(isQuietTime(null, '07:00', at('05:00'))).toBe(false);
    expect(isQuietTime('22:00', null, at('22:00'))).toBe(false);
    expect(isQuietTime('08:00', '08:00', at('07:00'))).toBe(false);
  });
});
