// The pure rules behind the request checks: which texts may be stored, how deep an input may go
// (walked without recursion), and which dates exist.
import { describe, expect, it } from 'vitest';
import { isIsoDate, isIsoDateTime } from '#contract/fields';
import { inputProblem, MAX_DEPTH, textProblem } from './request-input';

describe('textProblem', () => {
  it('refuses NUL characters and lone surrogates, accepts everything else', () => {
    expect(textProblem('a\u0000b')).toBe('TEXT_NUL_CHARACTER');
    expect(textProblem('\ud800')).toBe('TEXT_INVALID_UNICODE');
    expect(textProblem('x\udc00')).toBe('TEXT_INVALID_UNICODE');
    expect(textProblem('\udc00\ud800')).toBe('TEXT_INVALID_UNICODE'); // reversed pair
    for (const fine of ['', 'Crème fraîche', 'Fête 🎉', '𝒳', 'ligne\nsuivante\t', '\u00a0']) expect(textProblem(fine)).toBeNull();
  });
});

describe('inputProblem', () => {
  it('finds a problem at any depth, in values and in property names', () => {
    expect(inputProblem({ a: [{ b: ['ok', 'x\u0000'] }] })).toBe('TEXT_NUL_CHARACTER');
    expect(inputProblem({ a: { ['cl\ud800']: 1 } })).toBe('TEXT_INVALID_UNICODE');
    expect(inputProblem({ items: [{ name: 'Riz', quantity: 2 }], notes: null, ok: true })).toBeNull();
    expect(inputProblem(undefined)).toBeNull();
  });

  it('refuses nesting beyond MAX_DEPTH, and walks 200 000 levels without overflowing the stack', () => {
    const nested = (depth: number) => {
      let value: unknown = 'fond';
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    expect(inputProblem(nested(MAX_DEPTH))).toBeNull();
    expect(inputProblem(nested(MAX_DEPTH + 1))).toBe('INPUT_TOO_DEEP');
    expect(inputProblem(nested(200_000))).toBe('INPUT_TOO_DEEP');
  });
});

describe('dates', () => {
  it('isIsoDate: yyyy-mm-dd naming a day that exists', () => {
    for (const date of ['2026-11-30', '2028-02-29', '2000-02-29', '0001-01-01']) expect(isIsoDate(date), date).toBe(true);
    for (const date of ['2026-11-31', '2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '2026-11-25T10:00:00Z', ' 2026-11-25', '']) expect(isIsoDate(date), date).toBe(false);
  });

  it('isIsoDateTime: a full ISO date-time with an offset, every part in range', () => {
    for (const value of ['2026-11-25T00:00:00.000Z', '2026-11-25T08:30Z', '2026-11-25T23:59:59+01:00', '2026-11-25T10:00:00.123456-03:30']) expect(isIsoDateTime(value), value).toBe(true);
    for (const value of ['2026-11-25T99:99:99garbage', '2026-11-25T24:00:00Z', '2026-11-25T10:60:00Z', '2026-11-31T10:00:00Z', '2026-11-25T10:00:00', '2026-11-25T10:00:00+25:00', '2026-11-25 10:00:00Z']) {
      expect(isIsoDateTime(value), value).toBe(false);
    }
  });
});
