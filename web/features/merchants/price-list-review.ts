// The review of a read price list, as pure rules: each line of the file as the merchant corrects it
// (the product, changeable among the candidates, searched in the catalogue or left out; the price as
// typed), which lines are published (a product and a whole, positive price) and the publish body.
import type { PriceList, PriceListLine, PriceListPublish } from '#contract/merchants';

export type LineProduct = { id: string; name: string };

export type ReviewLine = {
  index: number;
  /** What was read: the name, else the barcode. */
  read: string;
  barcode: string | null;
  unit: string | null;
  product: LineProduct | null;
  /** The product matched first (to go back to it) and the next best ones. */
  choices: LineProduct[];
  /** « Pas dans le catalogue »: kept on screen, never published. */
  excluded: boolean;
  /** As typed, in FCFA. */
  price: string;
  confidence: PriceListLine['confidence'];
  /** The merchant chose the product themselves. */
  changed: boolean;
};

export function toReviewLines(list: Pick<PriceList, 'lines'>): ReviewLine[] {
  return list.lines.map((line) => {
    const product = line.product_id && line.product_name ? { id: line.product_id, name: line.product_name } : null;
    const choices: LineProduct[] = product ? [product] : [];
    for (const c of line.candidates) if (!choices.some((p) => p.id === c.product_id)) choices.push({ id: c.product_id, name: c.name });
    return {
      index: line.index,
      read: (line.name ?? line.barcode ?? '').replace(/\s+/g, ' ').trim(),
      barcode: line.barcode,
      unit: line.unit,
      product,
      choices,
      excluded: false,
      price: line.price_xaf === null ? '' : String(line.price_xaf),
      confidence: line.confidence,
      changed: false,
    };
  });
}

/** The price typed, as whole FCFA (« 1 250 » is 1250); null when it is not a positive integer. */
export function priceOf(line: Pick<ReviewLine, 'price'>): number | null {
  const text = line.price.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** An uncertain match the merchant has not confirmed: shown in amber. */
export const needsCheck = (line: ReviewLine) => !line.excluded && !line.changed && (line.product === null || line.confidence === 'low');

export const isPublished = (line: ReviewLine) => !line.excluded && line.product !== null && priceOf(line) !== null;

export function toPublish(lines: ReviewLine[]): PriceListPublish {
  return { lines: lines.filter(isPublished).map((line) => ({ index: line.index, product_id: line.product!.id, price_xaf: priceOf(line)! })) };
}
