// One ticket line taken apart: the words on the left (the label, or a keyword such as TOTAL) and
// the figures on the right, read every way they can be ("2 X 250 500", "1 350", "HUILE 2 1 100
// 2 200"), each reading scored by whether its arithmetic holds. Pure: no I/O.
import { type AmountReading, amountReadings, isAmountSuffix, type NumberToken, readNumberToken, readQuantity, splitGluedAmount, type Token, tokenise, normaliseReceiptText } from './receipt-amounts';

/** What the figures of a line say. `quantity` null: none printed on this line. */
export type Figures = {
  quantity: number | null;
  unit: number | null;
  total: number | null;
  /** quantity × unit = total was printed and holds ('ok'), fails ('failed'), or could not be checked. */
  arithmetic: 'ok' | 'failed' | 'unchecked';
  /** Figures that went back to the label ("OEUFS 30 | 900" reads "OEUFS 30"). */
  labelTail: string;
  fixed: boolean;
  /** A figure was dropped as a thousands space read as a digit: never 'high'. */
  inserted: boolean;
  negative: boolean;
};

export type AnalysedLine = {
  raw: string;
  /** The words left of the figures, as printed. */
  label: string;
  /** A quantity line ("2 X 675", "1,250 KG X 1 500 = 1 875"): the label is only a count. */
  quantityLine: boolean;
  /** Readings of the figures, best first; empty when the line has none. */
  readings: Figures[];
  /** The figures as printed ("30", "2 X 675"), to give back to the label when they belong to it. */
  figuresText: string;
};

const OPERATOR = /^(?:[xX*@]|=)$/;
/** A label that is only a count or a weight: "2", "1,250 KG", "3 PCS". */
const COUNT_LABEL = /^(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:kg|kgs|g|gr|l|lt|pc|pcs|pce|u|un|unite|unites|pieces?)?\.?$/i;

/** Tolerance of quantity × unit against the printed total: weighed articles are rounded to the franc. */
export function agrees(quantity: number, unit: number, total: number): boolean {
  const product = quantity * unit;
  return Number.isInteger(quantity) ? product === total : Math.abs(product - total) <= 1;
}

/** "2x", "x675", "2x675", "2X" glued by the till or by OCR: operators become tokens of their own. */
function splitOperators(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const m = /^(\d[\d.,]*)?([xX*@])(\d[\d.,]*)?$/.exec(token.text);
    // "X4" after a word is a pack ("PQ LOTUS X4"); after a count it is "2 x675".
    const afterCount = out.length > 0 && /^\d[\d.,]*$/.test(out[out.length - 1].text);
    if (m && (m[1] || (m[3] && afterCount))) {
      if (m[1]) out.push({ text: m[1], gap: token.gap });
      out.push({ text: m[2], gap: m[1] ? 0 : token.gap });
      if (m[3]) out.push({ text: m[3], gap: 0 });
      continue;
    }
    const eq = /^=(\d[\d.,]*)$/.exec(token.text);
    if (eq) {
      out.push({ text: '=', gap: token.gap }, { text: eq[1], gap: 0 });
      continue;
    }
    out.push(token);
  }
  return out;
}

type TailItem = { kind: 'number'; token: NumberToken } | { kind: 'operator'; text: string };

export function analyseLine(raw: string): AnalysedLine {
  const text = normaliseReceiptText(raw);
  const tokens = splitOperators(splitGluedAmount(tokenise(text)));
  const columnsKnown = tokens.some((t) => t.gap >= 2);

  // Walk from the right over figures, operators and what closes an amount column (F, a VAT code).
  let end = tokens.length;
  while (end > 0 && isAmountSuffix(tokens[end - 1].text) && end - 1 > 0 && readNumberToken(tokens[end - 2])) end--;
  const tail: TailItem[] = [];
  let start = end;
  while (start > 0) {
    const token = tokens[start - 1];
    if (OPERATOR.test(token.text) && tail.length > 0) {
      tail.unshift({ kind: 'operator', text: token.text === '=' ? '=' : 'x' });
      start--;
      continue;
    }
    let number = readNumberToken(token);
    // "l 350": a lone l or I before a group of three figures is the 1 of "1 350".
    const next = tail[0];
    if (!number && /^[lI|]$/.test(token.text) && next?.kind === 'number' && /^\d{3}$/.test(next.token.digits) && next.token.gap <= 1) {
      number = { digits: '1', raw: token.text, gap: token.gap, fixed: true, negative: false };
    }
    if (!number) break;
    tail.unshift({ kind: 'number', token: number });
    start--;
  }
  // "TOTAL = 13 500": an equals sign before the figures belongs to the label side.
  while (tail.length > 0 && tail[0].kind === 'operator' && tail[0].text === '=') {
    tail.shift();
    start++;
  }
  let label = tokens.slice(0, start).map((t, i) => (i === 0 ? t.text : `${' '.repeat(Math.min(t.gap, 1))}${t.text}`)).join('');

  const times = tail.findIndex((t) => t.kind === 'operator' && t.text === 'x');
  if (times === -1) {
    const numbers = tail.filter((t): t is Extract<TailItem, { kind: 'number' }> => t.kind === 'number').map((t) => t.token);
    return { raw, label: label.trim(), quantityLine: false, readings: numbers.length ? plainReadings(numbers, columnsKnown) : [], figuresText: tokens.slice(start, end).map((t) => t.text).join(' ') };
  }

  // "q X u [= t]": the count is the figure just before X, or the label itself ("1,250 KG").
  const before = tail.slice(0, times).filter((t): t is Extract<TailItem, { kind: 'number' }> => t.kind === 'number').map((t) => t.token);
  const after = tail.slice(times + 1);
  let quantity: number | null = null;
  let quantityLine = false;
  const countLabel = COUNT_LABEL.exec(label.trim());
  if (before.length > 0) {
    quantity = readQuantity(before[before.length - 1].raw);
    const rest = before.slice(0, -1).map((t) => t.raw).join(' ');
    label = `${label} ${rest}`.trim();
    quantityLine = label === '' || COUNT_LABEL.test(label);
    if (quantityLine) label = '';
  } else if (countLabel) {
    quantity = readQuantity(countLabel[1]);
    quantityLine = true;
    label = '';
  }
  if (quantity === null) {
    // "LOTUS X 4 1 990", or an operator OCR made up: the label runs to the operator and past it.
    const numbers = after.filter((t): t is Extract<TailItem, { kind: 'number' }> => t.kind === 'number').map((t) => t.token);
    const readings = plainReadings(numbers, columnsKnown);
    const kept = tokens.slice(0, start + times + 1).map((t) => t.text).join(' ');
    return { raw, label: kept.trim(), quantityLine: false, readings, figuresText: '' };
  }
  return { raw, label: label.trim(), quantityLine, readings: timesReadings(quantity, after, columnsKnown), figuresText: '' };
}

/** Figures after "X": the unit price, then maybe "=" and the line total. */
function timesReadings(quantity: number, after: TailItem[], columnsKnown: boolean): Figures[] {
  const equals = after.findIndex((t) => t.kind === 'operator' && t.text === '=');
  const numbersOf = (items: TailItem[]) => items.filter((t): t is Extract<TailItem, { kind: 'number' }> => t.kind === 'number').map((t) => t.token);
  const candidates: { unit: number; total: number | null; fixed: boolean; inserted: boolean }[] = [];
  if (equals !== -1) {
    for (const u of amountReadings(numbersOf(after.slice(0, equals)), columnsKnown).filter((r) => r.values.length === 1)) {
      const right = amountReadings(numbersOf(after.slice(equals + 1)), columnsKnown).filter((r) => r.values.length === 1);
      if (right.length === 0) candidates.push({ unit: u.values[0], total: null, fixed: u.fixed, inserted: u.inserted });
      for (const t of right) candidates.push({ unit: u.values[0], total: t.values[0], fixed: u.fixed || t.fixed, inserted: u.inserted || t.inserted });
    }
  } else {
    for (const r of amountReadings(numbersOf(after), columnsKnown)) {
      if (r.values.length === 1) candidates.push({ unit: r.values[0], total: null, fixed: r.fixed, inserted: r.inserted });
      if (r.values.length === 2) candidates.push({ unit: r.values[0], total: r.values[1], fixed: r.fixed, inserted: r.inserted });
    }
  }
  const scored = candidates.map((c) => {
    const arithmetic: Figures['arithmetic'] = c.total === null ? 'unchecked' : agrees(quantity, c.unit, c.total) ? 'ok' : 'failed';
    // A reading whose arithmetic holds first; then one that leaves the total to the item line.
    const score = (arithmetic === 'ok' ? 3 : arithmetic === 'unchecked' ? 2 : 1) - (c.inserted ? 0.6 : 0);
    return { score, figures: { quantity, unit: c.unit, total: c.total, arithmetic, labelTail: '', fixed: c.fixed, inserted: c.inserted, negative: false } satisfies Figures };
  });
  return sortReadings(scored);
}

/**
 * Figures without "X": the last amount is the line total. Before it may stand the columns of a
 * till that prints them ("QTE PU MONTANT": 2 1 100 2 200, or "PU MONTANT" with equal figures);
 * figures that make no such sense are part of the label ("SAC RIZ 25 | 15 500").
 */
function plainReadings(numbers: NumberToken[], columnsKnown: boolean): Figures[] {
  const negative = numbers.some((n) => n.negative);
  const scored: { score: number; figures: Figures }[] = [];
  // A weight in the quantity column ("OIGNONS  0,524  850  445"): a decimal comma, then the price per kilo and the total.
  const decimal = numbers.findIndex((n) => /^\d{1,3}[.,]\d{1,3}$/.test(n.raw));
  if (decimal !== -1) {
    const quantity = readQuantity(numbers[decimal].raw);
    for (const reading of quantity === null ? [] : amountReadings(numbers.slice(decimal + 1), columnsKnown)) {
      const [unit, total] = reading.values;
      if (reading.values.length === 2 && agrees(quantity!, unit, total)) {
        const before = numbers.slice(0, decimal).map((n) => n.raw).join(' ');
        scored.push({ score: reading.inserted ? 3.4 : 4, figures: { quantity, unit, total, arithmetic: 'ok', labelTail: before, fixed: reading.fixed, inserted: reading.inserted, negative } });
      }
    }
  }
  const readings = amountReadings(numbers, columnsKnown);
  const keys = new Set(readings.map((r) => r.values.join('|')));
  for (const reading of readings) {
    const v = reading.values;
    const n = v.length;
    const tail = (count: number) => labelTailOf(numbers, reading, count);
    const penalty = reading.inserted ? 0.6 : 0;
    const flags = { fixed: reading.fixed, inserted: reading.inserted, negative };
    if (n >= 3 && Number.isInteger(v[n - 3]) && v[n - 3] >= 1 && v[n - 3] <= 999 && agrees(v[n - 3], v[n - 2], v[n - 1])) {
      // Figures left to the label make a column reading less likely ("2 1 | 450 2 900" is not 450 × 2).
      scored.push({ score: 4 - 0.3 * (n - 3) - penalty, figures: { quantity: v[n - 3], unit: v[n - 2], total: v[n - 1], arithmetic: 'ok', labelTail: tail(3), ...flags } });
    }
    if (n >= 2 && v[n - 2] === v[n - 1] && v[n - 1] >= 10) {
      scored.push({ score: 3 - 0.3 * (n - 2) - penalty, figures: { quantity: 1, unit: v[n - 1], total: v[n - 1], arithmetic: 'ok', labelTail: tail(2), ...flags } });
    }
    // Three figures or more whose first is a count, and no column reading holds: a misread
    // "QTE PU MONTANT" line, kept as such so that its arithmetic shows as failed.
    // Not when the last two figures also read as one amount ("OEUFS PLATEAU 30 | 3 520").
    const merged = [...v.slice(0, n - 2), Number(`${v[n - 2]}${String(v[n - 1]).padStart(3, '0')}`)].join('|');
    if (n >= 3 && Number.isInteger(v[n - 3]) && v[n - 3] >= 1 && v[n - 3] <= 99 && !agrees(v[n - 3], v[n - 2], v[n - 1]) && !keys.has(merged)) {
      scored.push({ score: 1.5 - 0.3 * (n - 3) - penalty, figures: { quantity: v[n - 3], unit: v[n - 2], total: v[n - 1], arithmetic: 'failed', labelTail: tail(3), ...flags } });
      continue;
    }
    scored.push({ score: (n === 1 ? 2 : 1 - n * 0.01) - penalty, figures: { quantity: null, unit: null, total: v[n - 1], arithmetic: 'unchecked', labelTail: tail(1), ...flags } });
  }
  return sortReadings(scored);
}

/** The raw text of the figures a reading leaves to the label (all but its last `used` amounts). */
function labelTailOf(numbers: NumberToken[], reading: AmountReading, used: number): string {
  const kept = reading.values.length - used;
  if (kept <= 0) return '';
  // Rebuild from the token texts: count the tokens each kept amount took.
  let tokenIndex = 0;
  const parts: string[] = [];
  for (let k = 0; k < kept; k++) {
    const digits = String(reading.values[k]);
    let consumed = '';
    while (tokenIndex < numbers.length && consumed.length < digits.length) {
      consumed += numbers[tokenIndex].digits;
      parts.push(numbers[tokenIndex].raw);
      tokenIndex++;
    }
  }
  return parts.join(' ');
}

function sortReadings(scored: { score: number; figures: Figures }[]): Figures[] {
  const seen = new Set<string>();
  return scored
    .sort((a, b) => b.score - a.score)
    .map((s) => s.figures)
    .filter((f) => {
      const key = `${f.quantity}|${f.unit}|${f.total}|${f.labelTail}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
