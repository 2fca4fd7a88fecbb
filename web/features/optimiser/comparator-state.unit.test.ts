import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedStep, EMPTY_COMPARATOR, loadComparator, saveComparator, stepOf, type ComparatorState } from './comparator-state';

const line = { key: 'p1', product_id: 'p1', product_name: 'Riz parfumé, sac 5 kg', quantity: 2 };
const cart = { cart_id: 'c1', view_type: 'best_prices' as const, total_cost: 6300 };

describe('the comparator step in the address', () => {
  it('reads ?etape=2 and ?etape=3, anything else is step 1', () => {
    expect(stepOf(new URLSearchParams('etape=2'))).toBe(2);
    expect(stepOf(new URLSearchParams('etape=3'))).toBe(3);
    for (const search of ['', 'etape=0', 'etape=4', 'etape=deux', 'etape=2.5']) expect(stepOf(new URLSearchParams(search))).toBe(1);
  });

  it('never shows a step its state cannot: step 2 needs items, step 3 a cart', () => {
    const withItems: ComparatorState = { ...EMPTY_COMPARATOR, lines: [line] };
    expect(allowedStep(2, EMPTY_COMPARATOR)).toBe(1);
    expect(allowedStep(3, EMPTY_COMPARATOR)).toBe(1);
    expect(allowedStep(3, withItems)).toBe(2);
    expect(allowedStep(3, { ...withItems, cart })).toBe(3);
    expect(allowedStep(1, { ...withItems, cart })).toBe(1);
  });
});

describe('the comparator state in sessionStorage', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives back what was saved, for the same user only', () => {
    const state: ComparatorState = { lines: [line], list: { id: 'l1', name: 'Courses' }, cart, orderId: 'o1' };
    saveComparator('user-a', state);
    expect(loadComparator('user-a')).toEqual(state);
    expect(loadComparator('user-b')).toEqual(EMPTY_COMPARATOR);
  });

  it('starts empty from a damaged or foreign entry', () => {
    for (const raw of ['{', 'null', '{"lines":"x"}', JSON.stringify({ lines: [{ ...line, quantity: 0 }] }), JSON.stringify({ lines: [{ key: 1 }] })]) {
      store.set('monpanier:comparateur:u', raw);
      expect(loadComparator('u'), raw).toEqual(EMPTY_COMPARATOR);
    }
    store.set('monpanier:comparateur:u', JSON.stringify({ lines: [line], list: { id: 3 }, cart: { nope: true }, orderId: 7 }));
    expect(loadComparator('u')).toEqual({ lines: [line], list: null, cart: null, orderId: null });
  });

  it('keeps working when storage refuses to write', () => {
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } });
    expect(() => saveComparator('u', EMPTY_COMPARATOR)).not.toThrow();
  });
});
