// A product's name as lists of products show it on a phone (issue 28, item 6): up to two lines,
// and its size as a small badge of its own that is never cut, since the size is what tells
// « Huile de palme raffinée Cuisin'Or, bouteille 0,9 L » from its 2 L and 5 L siblings.
import { type ProductSize, sizeLabel } from '#contract/product-size';

type SizeBadgeProps = { size: ProductSize | null; packCount: number | null; className?: string };

/** « 0,9 L », « 6 × 1,5 L »; nothing when the size is not known. */
export function SizeBadge({ size, packCount, className = '' }: SizeBadgeProps) {
  const label = sizeLabel(size, packCount);
  if (!label) return null;
  return (
    <span className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-brand-800 ring-1 ring-inset ring-brand-200 ${className}`} data-testid="size-badge">
      {label}
    </span>
  );
}

type ProductNameProps = { name: string; size: ProductSize | null; packCount: number | null; className?: string };

/** The name on up to two lines (its full text in `title`), then the size badge. */
export function ProductName({ name, size, packCount, className = '' }: ProductNameProps) {
  return (
    <span className={`block min-w-0 ${className}`}>
      <span className="line-clamp-2 [overflow-wrap:anywhere]" title={name}>
        {name}
      </span>
      <SizeBadge size={size} packCount={packCount} className="mt-0.5" />
    </span>
  );
}
