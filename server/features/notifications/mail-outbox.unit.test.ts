import { describe, expect, it } from 'vitest';
import { endOfQuietHours } from './mail-outbox';

// Libreville is UTC+1 all year.
const at = (utc: string, day = '23') => new Date(`2026-11-${day}T${utc}Z`);

describe('the end of quiet hours (when a held e-mail may leave)', () => {
  it('is later the same day for a window inside one day', () => {
    expect(endOfQuietHours('14:00', at('11:30:00'))).toEqual(at('13:00:00')); // 12:30 → 14:00
  });

  it('is the next morning for a window crossing midnight, evening or after midnight', () => {
    expect(endOfQuietHours('07:00', at('21:30:00'))).toEqual(at('06:00:00', '24')); // 22:30 → 07:00 next day
    expect(endOfQuietHours('07:00', at('23:30:00'))).toEqual(at('06:00:00', '24')); // 00:30 → 07:00
  });

  it('starts on the minute, whatever the seconds of now', () => {
    expect(endOfQuietHours('07:00', at('05:59:42.123', '24'))).toEqual(at('06:00:00', '24')); // 06:59:42 → 07:00
  });
});
