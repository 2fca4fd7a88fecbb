import { formatXaf } from '#contract/format';

/** An XAF amount shown as "4 700 FCFA". */
export function Money({ amount, className = '' }: { amount: number; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatXaf(amount)}</span>;
}
