import { formatXaf } from '#contract/format';
import type { UnitPrice as UnitPriceValue } from '#contract/products';

/** An XAF amount shown as "4 700 FCFA". */
export function Money({ amount, className = '' }: { amount: number; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatXaf(amount)}</span>;
}

/** A price per kilo, litre or item: "760 FCFA/kg" (nothing when the size is not known). */
export function UnitPrice({ value, className = '' }: { value: UnitPriceValue | null; className?: string }) {
  if (!value) return null;
  return <span className={`tabular-nums ${className}`}>{`${formatXaf(value.amount_xaf)}/${value.per}`}</span>;
}
