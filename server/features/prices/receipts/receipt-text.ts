// Reads a till receipt from its text (OCR lines in reading order, a PDF's text layer): the store
// hints of the header, the purchase date, the item lines with their quantity, unit price and line
// total, discounts (REMISE), deposits (CONSIGNE), VAT, totals, payment and change — the last ones
// never taken for items. The arithmetic is the check: quantity × unit = line total on each line,
// items − discounts (+ deposits, when the ticket counts them in) = the total. A line that fails it
// is never 'high'; 'high' needs the whole ticket to add up. Product matching is a later step
// (the catalogue matcher, on each line's printed label). Pure: no I/O.
import type { Size } from '../../imports/line-parser';
import { readSize } from '../../imports/line-parser';
import { findPurchaseDate, isDateLine, toIso } from './receipt-date';
import { isDepositReturn, lineKind, type LineKind, totalRank } from './receipt-kinds';
import { agrees, analyseLine, type AnalysedLine, type Figures } from './receipt-line';
import { findChain, findPhone, readStoreHints, type StoreHints } from './receipt-store';

export type ReceiptConfidence = 'high' | 'medium' | 'low';

/** A line as the OCR gives it; words with boxes let columns be told apart by their gaps. */
export type ReceiptInputLine = { text: string; words?: { text: string; bbox: { x0: number; y0: number; x1: number; y1: number } }[] };

export type ReadReceiptLine = {
  index: number;
  /** What was read, line by line ("RIZ PARF ELEPHANT 5KG\n2 X 6 500 13 000"). */
  original_text: string;
  /** The article's label as printed, chain abbreviations kept ("HUILE PALME CUISIN'OR 90CL"). */
  label: string;
  quantity: number;
  unit_price_xaf: number | null;
  line_total_xaf: number | null;
  /** A REMISE printed right under the line. */
  discount_xaf: number;
  /** The size written in the label ("5KG" → 5 000 g), for the product matching. */
  size: Size | null;
  /** quantity × unit = line total: held, failed, or not printed (a single article). */
  arithmetic: 'ok' | 'failed' | 'unchecked';
  confidence: ReceiptConfidence;
};

export type ReadReceipt = {
  store: StoreHints;
  purchased_at: string | null;
  total_xaf: number | null;
  lines: ReadReceiptLine[];
  discounts_xaf: number;
  deposits_xaf: number;
  /** A SOUS-TOTAL as printed (some tills print it before the discounts, some after). */
  subtotal_xaf: number | null;
  vat_xaf: number | null;
  paid_xaf: number | null;
  change_xaf: number | null;
  checks: {
    /** Items − discounts (+ deposits when the total counts them): what the total should be. */
    lines_total_xaf: number;
    matches_total: boolean;
    /** Whether the matching total counts the deposits (null when it matched neither way or none). */
    deposits_in_total: boolean | null;
  };
};

type Item = {
  raws: string[];
  label: string;
  readings: Figures[];
  /** The reading kept (index in readings), changed when the sum is repaired. */
  chosen: number;
  quantityFigures: Figures | null;
  discount: number;
  repaired: boolean;
  /** The most this line may be trusted with, whatever the sums say. */
  cap: ReceiptConfidence | null;
  /** Its quantity line was damaged: the unit price is derived, not read. */
  damaged: boolean;
};

type Classified = { line: AnalysedLine; kind: LineKind | 'item' | 'quantity' | 'amount' | 'text' | 'skip' };

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/** Lines of text from OCR words: a gap wider than two characters becomes a column gap (3 spaces). */
export function linesFromWords(lines: readonly ReceiptInputLine[]): string[] {
  return lines.map((line) => {
    if (!line.words || line.words.length < 2) return line.text;
    const words = [...line.words].sort((a, b) => a.bbox.x0 - b.bbox.x0);
    const chars = words.reduce((n, w) => n + w.text.length, 0);
    const width = words.reduce((n, w) => n + (w.bbox.x1 - w.bbox.x0), 0);
    const charWidth = chars > 0 ? width / chars : 10;
    let text = words[0].text;
    for (let i = 1; i < words.length; i++) {
      const gap = words[i].bbox.x0 - words[i - 1].bbox.x1;
      text += gap > charWidth * 2 ? '   ' : ' ';
      text += words[i].text;
    }
    return text;
  });
}

function classify(raw: string): Classified {
  const line = analyseLine(raw);
  const hasFigures = line.readings.length > 0;
  if (line.quantityLine && hasFigures) return { line, kind: 'quantity' };
  if (!line.label) return { line, kind: hasFigures ? 'amount' : 'skip' };
  if (isDateLine(raw)) return { line, kind: 'info' };
  const kind = lineKind(line.label);
  if (kind) return { line, kind };
  if (letters(line.label) < 2) return { line, kind: hasFigures ? 'amount' : 'skip' };
  return { line, kind: hasFigures ? 'item' : 'text' };
}

const firstTotal = (line: AnalysedLine) => line.readings[0]?.total ?? null;
const amountsOf = (line: AnalysedLine) => [...new Set(line.readings.map((r) => r.total).filter((t): t is number => t !== null))];

/**
 * A quantity line OCR damaged ("3 Xl; 345", "2 X1.1O0"): a count and an X-like mark. It is not a
 * label's continuation, and the article's unit price cannot be trusted from it.
 */
const damagedCount = (label: string) => /^(\d{1,3})\s*[xX×*%]\S*(?:\s+\S{1,3})?$/u.exec(label);

/** A continuation of a label cut in two: starts with its size or a figure, or is one short word. */
const continues = (label: string) => /^\d/.test(label) || readSize(label.split(' ')[0]) !== null || (label.length <= 8 && !label.includes(' '));

export function readReceiptText(input: string | readonly ReceiptInputLine[]): ReadReceipt {
  const rawLines = (typeof input === 'string' ? input.split(/\r\n|\r|\n/) : linesFromWords(input)).map((l) => l.replace(/\s+$/, '')).filter((l) => l.trim() !== '');
  const classified = rawLines.map(classify);

  // The body starts at the first priced article (or the label line just above its figures) and
  // ends at the first total or subtotal after it.
  let first = classified.findIndex((c) => c.kind === 'item' || c.kind === 'quantity' || (c.kind === 'amount' && classified[classified.indexOf(c) - 1]?.kind === 'text'));
  if (first === -1) first = classified.length;
  const chainLine = findChain(rawLines)?.line ?? -1;
  const startsBefore = (i: number) => {
    const c = classified[i];
    const prev = classified[i - 1];
    if (!prev || prev.kind !== 'text' || i - 1 === chainLine || findPhone([prev.line.raw])) return false;
    // A header line seldom carries a size: "RIZ PARF 5KG" above the first priced line is an article.
    return c.kind === 'quantity' || c.kind === 'amount' || (c.kind === 'item' && continues(c.line.label)) || readSize(prev.line.label) !== null;
  };
  if (first < classified.length && startsBefore(first)) first--;
  let bodyEnd = classified.findIndex((c, i) => i >= first && (c.kind === 'total' || c.kind === 'subtotal'));
  if (bodyEnd === -1) bodyEnd = classified.length;

  const items: Item[] = [];
  let pending: { raw: string; label: string } | null = null;
  let heldQuantity: Figures | null = null;
  let lastWasItem = false;
  let discounts = 0;
  let deposits = 0;
  // The till prints the detail ("3 X 1 015") under a line that already holds its total: there, a
  // detail line lost by the OCR cannot be told from a single article.
  let detailsBelow = false;
  const newItem = (raws: string[], label: string, readings: Figures[]): Item => {
    const item: Item = { raws, label, readings, chosen: 0, quantityFigures: null, discount: 0, repaired: false, cap: null, damaged: false };
    items.push(item);
    if (heldQuantity) {
      item.quantityFigures = heldQuantity;
      heldQuantity = null;
    }
    return item;
  };
  const flushPending = () => {
    if (pending) newItem([pending.raw], pending.label, []);
    pending = null;
  };

  for (let i = first; i < bodyEnd; i++) {
    const { line, kind } = classified[i];
    const open = lastWasItem ? items[items.length - 1] : null;
    lastWasItem = false;
    // A damaged quantity line reads as an article ("3 Xl; 345  4 035") or as figures ("2X-355  710").
    const damaged = kind === 'item' || kind === 'amount' ? damagedCount(line.label) : null;
    switch (damaged && (pending || (open && !open.quantityFigures)) ? 'damaged' : kind) {
      case 'damaged': {
        if (damaged) {
          // The article's count is read, its unit price is not: the line total stays, capped.
          const count = Number(damaged[1]);
          const target = pending ? newItem([pending.raw, line.raw], pending.label, line.readings.map((r) => ({ ...r, labelTail: '' }))) : open!;
          if (!pending) target.raws.push(line.raw);
          pending = null;
          const total = target.readings[target.chosen]?.total ?? null;
          if (count > 1) target.quantityFigures = { quantity: count, unit: total !== null && total % count === 0 ? total / count : null, total: null, arithmetic: 'unchecked', labelTail: '', fixed: true, inserted: false, negative: false };
          target.cap = 'medium';
          target.damaged = true;
          lastWasItem = true;
        }
        break;
      }
      case 'item': {
        if (pending && continues(line.label)) {
          const joined: { raw: string; label: string } = pending;
          pending = null;
          newItem([joined.raw, line.raw], `${joined.label} ${line.label}`, line.readings);
        } else {
          flushPending();
          newItem([line.raw], line.label, line.readings);
        }
        lastWasItem = true;
        break;
      }
      case 'text':
        flushPending();
        pending = { raw: line.raw, label: line.label };
        break;
      case 'quantity': {
        const figures = line.readings[0];
        if (pending) {
          const p: { raw: string; label: string } = pending;
          pending = null;
          const item = newItem([p.raw, line.raw], p.label, figures.total !== null ? line.readings : []);
          item.quantityFigures = figures;
          lastWasItem = true;
        } else if (open && !open.quantityFigures) {
          open.raws.push(line.raw);
          open.quantityFigures = figures;
          // "OEUFS PLATEAU 30" over "2 X 3 685   7 370": the quantity line adds up by itself and
          // the label line's figure disagrees with it — that figure is part of the label.
          const openTotal = open.readings[open.chosen]?.total ?? null;
          if (figures.arithmetic === 'ok' && figures.total !== null && openTotal !== figures.total && openTotal !== null) {
            const before = classified[i - 1].line;
            open.label = `${open.label} ${before.figuresText}`.trim();
            open.readings = line.readings;
            open.chosen = 0;
          } else detailsBelow = true;
          lastWasItem = true;
        } else heldQuantity = figures;
        break;
      }
      case 'amount': {
        if (pending) {
          const p: { raw: string; label: string } = pending;
          pending = null;
          // "397G      650" under its label: the size ends the label.
          newItem([p.raw, line.raw], `${p.label} ${line.label}`.trim(), line.readings);
          lastWasItem = true;
        } else if (open && open.quantityFigures && open.readings.length === 0) {
          open.raws.push(line.raw);
          open.readings = line.readings;
          lastWasItem = true;
        }
        break;
      }
      case 'discount': {
        flushPending();
        const amount = firstTotal(line) ?? 0;
        discounts += amount;
        if (open) open.discount += amount;
        break;
      }
      case 'deposit': {
        flushPending();
        const amount = firstTotal(line) ?? 0;
        deposits += isDepositReturn(line.label) ? -amount : amount;
        break;
      }
      default:
        flushPending();
    }
  }
  flushPending();

  // After the body: discounts and deposits before the last total, totals, VAT, payments, change.
  const totals: { amounts: number[]; rank: number; index: number }[] = [];
  let subtotal: number | null = null;
  let vat: number | null = null;
  let paid: number | null = null;
  let change: number | null = null;
  const lastTotalIndex = classified.reduce((last, c, i) => (c.kind === 'total' && i >= bodyEnd ? i : last), -1);
  for (let i = bodyEnd; i < classified.length; i++) {
    const { line, kind } = classified[i];
    const amount = firstTotal(line);
    if (amount === null) continue;
    if (kind === 'total') totals.push({ amounts: amountsOf(line), rank: totalRank(line.label), index: i });
    else if (kind === 'subtotal') subtotal ??= amount;
    else if (kind === 'discount' && i < lastTotalIndex) discounts += amount;
    else if (kind === 'deposit' && i < lastTotalIndex) deposits += isDepositReturn(line.label) ? -amount : amount;
    else if (kind === 'vat') vat = vat === null ? amount : Math.max(vat, amount);
    else if (kind === 'payment') paid = (paid ?? 0) + amount;
    else if (kind === 'change') change ??= amount;
  }

  const lineTotal = (item: Item) => {
    const figures = item.readings[item.chosen];
    if (figures?.total != null) return figures.total;
    const q = item.quantityFigures;
    return q && q.quantity !== null && q.unit !== null ? (q.total ?? Math.round(q.quantity * q.unit)) : null;
  };
  const itemsSum = () => items.reduce((sum, item) => sum + (lineTotal(item) ?? 0), 0);
  const candidates = totals.flatMap((t) => t.amounts.map((amount, k) => ({ amount, rank: t.rank - k * 0.1 })));
  // Cash given minus change is what was paid: a second witness of the total when its line is misread.
  if (paid !== null && (change !== null || candidates.length === 0)) candidates.push({ amount: paid - (change ?? 0), rank: 0 });

  const settle = () => {
    const sum = itemsSum() - discounts;
    const ways = deposits !== 0 ? [{ expected: sum + deposits, counted: true }, { expected: sum, counted: false }] : [{ expected: sum, counted: null }];
    for (const way of ways) {
      const found = candidates.filter((c) => c.amount === way.expected).sort((a, b) => b.rank - a.rank)[0];
      if (found) return { total: found.amount, matches: true, expected: way.expected, counted: way.counted };
    }
    return null;
  };
  let settled = settle();
  if (!settled && candidates.length > 0) {
    // Repair: one article read another way (its figures cut otherwise) that makes the ticket add up.
    const fixes: { item: Item; chosen: number }[] = [];
    for (const item of items) {
      const kept = item.chosen;
      for (let k = 0; k < item.readings.length; k++) {
        if (k === kept || item.readings[k].total === item.readings[kept]?.total) continue;
        item.chosen = k;
        if (settle()) fixes.push({ item, chosen: k });
      }
      item.chosen = kept;
    }
    const distinct = new Set(fixes.map((f) => f.item));
    if (distinct.size === 1) {
      fixes[0].item.chosen = fixes[0].chosen;
      fixes[0].item.repaired = true;
      settled = settle();
    }
  }
  const best = candidates.sort((a, b) => b.rank - a.rank)[0] ?? null;
  const total = settled?.total ?? best?.amount ?? null;
  const matches = settled !== null;
  const linesTotal = settled?.expected ?? itemsSum() - discounts + deposits;

  // A total that matches only with the printed deposits left out is a weaker witness: a till
  // charges the deposits it prints, so one changed amount could hide behind them.
  const confirmed = matches && settled?.counted !== false;
  if (detailsBelow) for (const item of items) if (!item.quantityFigures && item.readings[item.chosen]?.quantity == null) item.cap ??= 'medium';
  const lines = items.map((item, index) => toLine(item, index, lineTotal(item), confirmed, total !== null));
  const header = rawLines.slice(0, Math.max(first, 1));
  const found = findPurchaseDate(rawLines);
  return {
    store: readStoreHints(header, rawLines),
    purchased_at: found ? toIso(found) : null,
    total_xaf: total,
    lines,
    discounts_xaf: discounts,
    deposits_xaf: deposits,
    subtotal_xaf: subtotal,
    vat_xaf: vat,
    paid_xaf: paid,
    change_xaf: change,
    checks: { lines_total_xaf: linesTotal, matches_total: matches, deposits_in_total: settled?.counted ?? null },
  };
}

/**
 * Figures left at the end of a label that no article name ends with — a decimal ("OIGNONS 0,512"),
 * three digits or more, or several numbers: a quantity or price column read into the label, so the
 * figures taken for the price may not be the right ones. "OEUFS PLATEAU 30" is a name.
 */
function figuresInLabel(label: string): boolean {
  const words = label.split(' ');
  let last = words.length - 1;
  while (last >= 0 && !/\p{L}{2,}/u.test(words[last])) last--;
  // Bare figures only: a size ("1,5L", "125G") is part of the name.
  const tail = words.slice(last + 1).filter((w) => /^[\d.,]+$/.test(w));
  return tail.length >= 2 || tail.some((w) => /\d[.,]\d/.test(w) || /\d{3,}/.test(w));
}

/**
 * The figures a label ends with, read as the count (or weight) and unit price columns of a total:
 * "BAGUETTE q 185" with 740 → 4 × 185 (the count misread), "OIGNONS 0,512 - 905" with 463 →
 * 0,512 kg × 905. Null when no figure makes the total by itself.
 */
function columnsBefore(label: string, total: number): { quantity: number; unit: number; label: string } | null {
  const words = label.split(' ');
  let last = words.length - 1;
  while (last >= 0 && !/\p{L}{2,}/u.test(words[last])) last--;
  if (last < 0) return null;
  const tail = words.slice(last + 1);
  const name = words.slice(0, last + 1).join(' ');
  const amounts = tail.filter((w) => /^\d{1,3}(?:[.,]\d{3})*$|^\d+$/.test(w)).map((w) => Number(w.replace(/[.,]/g, '')));
  const found: { quantity: number; unit: number }[] = [];
  for (const unit of amounts) {
    if (unit < 10 || unit >= total) continue;
    const count = total / unit;
    if (Number.isInteger(count) && count >= 2 && count <= 99) found.push({ quantity: count, unit });
  }
  for (const weight of tail.filter((w) => /^\d{1,2}[.,]\d{3}$/.test(w)).map((w) => Number(w.replace(',', '.')))) {
    for (const unit of amounts) if (unit >= 10 && weight > 0 && weight < 100 && agrees(weight, unit, total) && !Number.isInteger(weight)) found.push({ quantity: weight, unit });
  }
  // Two ways to make the total: which one the till printed is a guess.
  if (found.length !== 1) return null;
  return { ...found[0], label: name };
}

function toLine(item: Item, index: number, total: number | null, matches: boolean, totalFound: boolean): ReadReceiptLine {
  const figures = item.readings[item.chosen];
  const q = item.quantityFigures;
  let quantity = 1;
  let unit: number | null = total;
  let arithmetic: ReadReceiptLine['arithmetic'] = 'unchecked';
  if (q && q.quantity !== null) {
    quantity = q.quantity;
    unit = q.unit;
    if (item.damaged) arithmetic = 'unchecked';
    else if (q.arithmetic === 'failed') arithmetic = 'failed';
    else if (q.unit !== null && total !== null) {
      const printed = q.total !== null || (figures?.total ?? null) !== null;
      arithmetic = agrees(q.quantity, q.unit, total) ? (printed ? 'ok' : 'unchecked') : 'failed';
    }
  } else if (figures && figures.quantity !== null) {
    quantity = figures.quantity;
    unit = figures.unit;
    arithmetic = figures.arithmetic;
  } else {
    // "2 X RIZ PARF 5KG   13 000": a count before the label.
    const leading = /^(\d{1,2})\s*[xX*]\s+(?=\p{L})/u.exec(item.label);
    if (leading && total !== null && total % Number(leading[1]) === 0) {
      quantity = Number(leading[1]);
      unit = total / quantity;
    }
  }
  let label = `${item.label}${figures?.labelTail ? ` ${figures.labelTail}` : ''}`.replace(/\s+/g, ' ').replace(/^[\s*.:-]+|[\s*.:=-]+$/g, '').trim();
  let cap = item.cap;
  // "HUILE 125G   3   240   240": equal unit price and total after a count other than 1 — either
  // the count belongs to the name or one of the amounts is misread; the line is not sure.
  if (figures && figures.quantity === 1 && figures.unit === figures.total && /^(?:[2-9]|[1-9]\d)$/.test(figures.labelTail)) cap = 'medium';
  // A column of figures read into the label ("BAGUETTE q 185   740": the count was misread): the
  // line's total is read, its count and unit price are not — unless one of those figures times a
  // count, or a weight times one of them, gives the total exactly (then the arithmetic holds).
  if (arithmetic !== 'ok' && total !== null && total > 0 && figuresInLabel(label)) {
    const found = columnsBefore(label, total);
    if (found) {
      quantity = found.quantity;
      unit = found.unit;
      label = found.label;
      arithmetic = 'ok';
    } else unit = null;
    cap = 'medium';
  }
  // Quantity × unit ≠ total: one of the figures is misread, and which one is a guess. The total
  // stands when the whole ticket adds up with it (its unit price then follows from the count).
  if (arithmetic === 'failed') {
    unit = matches && !item.repaired && total !== null && Number.isInteger(quantity) && total % quantity === 0 ? total / quantity : null;
  }
  // A ticket that does not add up confirms none of its amounts: those that look like OCR damage
  // (a price below 100 F — a figure lost —, a label of one or two letters) are not given.
  if (!matches && unit !== null && ((total ?? 0) < 100 || letters(label) < 3)) unit = null;
  const fixed = (figures?.fixed ?? false) || (q?.fixed ?? false);
  let confidence: ReceiptConfidence;
  if (total === null || unit === null || total <= 0 || arithmetic === 'failed' || letters(label) < 2) confidence = 'low';
  else if (item.repaired) confidence = 'medium';
  else if (matches) confidence = letters(label) >= 3 ? 'high' : 'medium';
  else confidence = fixed || (totalFound && item.readings.length > 1 && arithmetic !== 'ok') ? 'low' : 'medium';
  if ((cap === 'medium' || figures?.inserted || q?.inserted || figuresInLabel(label)) && confidence === 'high') confidence = 'medium';
  return {
    index,
    original_text: item.raws.join('\n'),
    label,
    quantity,
    unit_price_xaf: unit,
    line_total_xaf: total,
    discount_xaf: item.discount,
    size: readSize(label)?.size ?? null,
    arithmetic,
    confidence,
  };
}

/**
 * Whether a text reads as a till receipt at all: priced article lines, and what only tickets have
 * (a total that adds up, a chain, a NIF or a phone, a date, payment or VAT lines). A shopping list
 * — articles without prices, or with a few — does not.
 */
export function looksLikeReceipt(input: string | readonly ReceiptInputLine[], read: ReadReceipt = readReceiptText(input)): boolean {
  // A figure below 50 F is a count on a list ("Oignons 3"), not a price.
  const priced = read.lines.filter((l) => (l.line_total_xaf ?? 0) >= 50).length;
  if (priced === 0) return false;
  const markers = [
    read.store.chain !== null,
    read.store.nif !== null || read.store.phone !== null,
    read.purchased_at !== null,
    read.paid_xaf !== null || read.change_xaf !== null || read.vat_xaf !== null,
    read.checks.matches_total,
  ].filter(Boolean).length;
  if (read.total_xaf === null) return priced >= 3 && markers >= 2;
  return markers >= 2 || (read.checks.matches_total && priced >= 2);
}
