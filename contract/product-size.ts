// A product's size as the catalogue holds it (products.size_value in g or mL, size_unit, pack_count:
// read from its name, editable by moderators) and the short label a card shows for it, so that the
// part of a name that tells two products apart (« 0,9 L », « 5 L ») is never the part cut off at
// 360 px (issue 28, item 6).
import { formatDecimal } from './format';

export const SIZE_UNITS = ['g', 'mL'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** What one item holds: grams or millilitres. */
export type ProductSize = { value: number; unit: SizeUnit };

const NBSP = '\u00a0';

/** 900 mL → « 0,9 L », 5 000 g → « 5 kg », 400 g → « 400 g ». */
export function formatSize(size: ProductSize): string {
  const large = size.value >= 1000;
  const value = large ? size.value / 1000 : size.value;
  const unit = size.unit === 'g' ? (large ? 'kg' : 'g') : large ? 'L' : 'mL';
  return `${formatDecimal(value, { maxFraction: 3 })}${NBSP}${unit}`;
}

/**
 * The label of a size and pack: « 0,9 L », « 6 × 1,5 L », « × 6 » (a pack whose items' size is not
 * known); null when neither is known.
 */
export function sizeLabel(size: ProductSize | null, packCount: number | null): string | null {
  const pack = packCount !== null && packCount > 1 ? packCount : null;
  if (size && pack) return `${pack}${NBSP}×${NBSP}${formatSize(size)}`;
  if (size) return formatSize(size);
  if (pack) return `×${NBSP}${pack}`;
  return null;
}
