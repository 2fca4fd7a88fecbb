// The review screen's pure rules: a read receipt's lines as the user corrects them, why a line is in
// amber (an uncertain reading, or arithmetic that fails: quantity × unit ≠ line total), which lines
// are sent (a product and a price) and the submit body.
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { Receipt, ReceiptLine, ReceiptSubmit } from '#contract/receipts';

export type LineProduct = { id: string; name: string };

export type ReviewLine = {
  index: number;
  read: string;
  product: LineProduct | null;
  /** The product read first (to go back to it) and the next best ones. */
  choices: LineProduct[];
  /** « Pas dans le catalogue »: kept on screen, never sent. */
  excluded: boolean;
  /** As typed; a weighed article has decimals (1,25 kg). */
  quantity: string;
  /** As typed, in FCFA. */
  price: string;
  lineTotal: number | null;
  confidence: ReceiptLine['confidence'];
  /** The user chose the product or typed the price themselves. */
  changed: boolean;
};

export function toReviewLines(receipt: Receipt): ReviewLine[] {
  return receipt.lines.map((line) => {
    const product = line.product_id && line.product_name ? { id: line.product_id, name: line.product_name } : null;
    const choices: LineProduct[] = product ? [product] : [];
    for (const c of line.candidates) if (!choices.some((p) => p.id === c.product_id)) choices.push({ id: c.product_id, name: c.name });
    return {
      index: line.index,
      read: line.original_text.replace(/\s+/g, ' ').trim(),
      product,
      choices,
      excluded: false,
      quantity: formatNumber(line.quantity),
      price: line.unit_price_xaf === null ? '' : String(line.unit_price_xaf),
      lineTotal: line.line_total_xaf,
      confidence: line.confidence,
      changed: false,
    };
  });
}

/** "1,25" or "1.25" → 1.25; null when it is not a positive number. */
export function quantityOf(line: Pick<ReviewLine, 'quantity'>): number | null {
  const value = Number(line.quantity.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The unit price typed, as whole FCFA; null when it is not a positive integer. */
export function unitPriceOf(line: Pick<ReviewLine, 'price'>): number | null {
  const value = Number(line.price.replace(/\s/g, ''));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The till's arithmetic, as the server checks it: exact for a count, within 1 FCFA for a weight. */
export function agrees(quantity: number, unit: number, total: number): boolean {
  const product = quantity * unit;
  return Number.isInteger(quantity) ? product === total : Math.abs(product - total) <= 1;
}

/** The short French reason a line is shown in amber, or null. */
export function lineProblem(line: ReviewLine): string | null {
  if (line.excluded) return null;
  const unit = unitPriceOf(line);
  if (unit === null) return fr.receiptsUi.noPrice;
  const quantity = quantityOf(line);
  if (quantity !== null && line.lineTotal !== null && !agrees(quantity, unit, line.lineTotal)) {
    return fr.receiptsUi.arithmetic(formatNumber(quantity), formatXaf(unit), formatXaf(line.lineTotal));
  }
  if (line.confidence === 'low' && !line.changed) return fr.receiptsUi.lowConfidence;
  return null;
}

export const isSent = (line: ReviewLine) => !line.excluded && line.product !== null && unitPriceOf(line) !== null;

export function toSubmit(lines: ReviewLine[], storeId: string, purchasedAt: string | undefined): ReceiptSubmit {
  return {
    store_id: storeId,
    ...(purchasedAt ? { purchased_at: purchasedAt } : {}),
    lines: lines.filter(isSent).map((line) => ({ index: line.index, product_id: line.product!.id, unit_price_xaf: unitPriceOf(line)! })),
  };
}
