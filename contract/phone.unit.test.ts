import { describe, expect, it } from 'vitest';
import { maskedPhone, toE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['077 28 01 50', '+24177280150'],
    ['77 28 01 50', '+24177280150'],
    ['+241 77 28 01 50', '+24177280150'],
    ['+241 077 28 01 50', '+24177280150'],
    ['00241 77-28-01-50', '+24177280150'],
    ['(+241) 062.12.34.56', '+24162123456'],
    ['+237 6 77 12 34 56', '+237677123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 06 12 34 56 78', '+33612345678'],
    ['+242 06 612 3456', '+242066123456'],
  ])('%s → %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['7728015', 'too short for Gabon'],
    ['+241 77 28 01 50 9', 'too long for Gabon'],
    ['+1 415 555 0100', 'a country outside the form (SMS pumping)'],
    ['+44 7700 900123', 'a country outside the form'],
    ['+241 77 28 01 5O', 'a letter'],
    ['++24177280150', 'two plus signs'],
  ])('refuses %s (%s)', (typed) => {
    expect(toE164(typed)).toBeNull();
  });
});

describe('maskedPhone', () => {
  it('keeps the country code, the first and the last two digits', () => {
    expect(maskedPhone('+24177280150')).toBe('+241 77 •••• 50');
    expect(maskedPhone('+237677123456')).toBe('+237 67 ••••• 56');
  });
});
