// What /price-comparison must not forget on a reload or a step back: the chosen items (and the
// saved list they came from), the cart of step 3 and the order booked from it. The step itself is
// in the address (?etape=2); the rest lives in sessionStorage, for this tab and this user only (the
// key holds the user's id: someone else signing in on the same tab starts afresh).
import type { CartRef } from '#contract/checkout';
import type { BasketLine } from './OptimisationPanel';

export type ComparatorLine = BasketLine & { key: string };

export type ComparatorState = {
  lines: ComparatorLine[];
  /** The saved list the lines are (when they are exactly one). */
  list: { id: string; name: string } | null;
  cart: CartRef | null;
  orderId: string | null;
};

const keyFor = (userId: string) => `monpanier:comparateur:${userId}`;
export const EMPTY_COMPARATOR: ComparatorState = { lines: [], list: null, cart: null, orderId: null };

const isLine = (value: unknown): value is ComparatorLine => {
  const line = value as ComparatorLine;
  return typeof line?.key === 'string' && typeof line.product_name === 'string' && Number.isInteger(line.quantity) && line.quantity >= 1 && (line.product_id === null || typeof line.product_id === 'string');
};

/** The saved state, or the empty one when there is none or it cannot be read (storage off, old shape). */
export function loadComparator(userId: string): ComparatorState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(keyFor(userId)) ?? 'null') as Partial<ComparatorState> | null;
    if (!saved || !Array.isArray(saved.lines) || !saved.lines.every(isLine)) return EMPTY_COMPARATOR;
    return {
      lines: saved.lines,
      list: typeof saved.list?.id === 'string' && typeof saved.list.name === 'string' ? { id: saved.list.id, name: saved.list.name } : null,
      cart: saved.cart && typeof saved.cart.cart_id === 'string' ? saved.cart : null,
      orderId: typeof saved.orderId === 'string' ? saved.orderId : null,
    };
  } catch {
    return EMPTY_COMPARATOR;
  }
}

export function saveComparator(userId: string, state: ComparatorState): void {
  try {
    sessionStorage.setItem(keyFor(userId), JSON.stringify(state));
  } catch {
    // Storage full or disabled: the comparator still works, it just will not survive a reload.
  }
}

/** The step the address asks for (?etape=1..3), 1 when absent or invalid. */
export function stepOf(search: URLSearchParams): 1 | 2 | 3 {
  const step = Number(search.get('etape'));
  return step === 2 || step === 3 ? step : 1;
}

/** The furthest step the state allows: 2 needs items, 3 a cart. */
export function allowedStep(wanted: 1 | 2 | 3, state: ComparatorState): 1 | 2 | 3 {
  if (wanted === 3 && state.cart) return 3;
  if (wanted >= 2 && state.lines.length > 0) return 2;
  return 1;
}
