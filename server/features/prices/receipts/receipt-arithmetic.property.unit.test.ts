// The arithmetic checks over generated tickets (fast-check): a ticket that adds up is read back
// exactly, every line 'high'; change one printed amount and the line it touches is never 'high'.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readReceiptText } from './receipt-text';

type Article = { label: string; quantity: number; unit: number; layout: 'single' | 'below' | 'columns' };
type Ticket = { chain: string; articles: Article[]; discount: number; deposit: number; columns: boolean; thousands: ' ' | '.' | '' };

const WORDS = ['RIZ', 'PARF', 'ELEPHANT', 'HUILE', 'PALME', "CUISIN'OR", 'SUCRE', 'LAIT', 'NIDO', 'SARDINES', 'TOMATE', 'CONC', 'SAVON', 'OMO', 'EAU', 'ANDZA', 'PAIN', 'BISCUITS', 'POULET', 'CUISSES', 'JUS', 'TOP', 'CAFE', 'SEL', 'FARINE'];
const SIZES = ['5KG', '1KG', '90CL', '1,5L', '400G', '125G', '25KG', '1L', '500G', ''];

const price = fc.integer({ min: 5, max: 9_000 }).map((n) => n * 5);
const article: fc.Arbitrary<Article> = fc.record({
  label: fc.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), fc.constantFrom(...SIZES)).map(([words, size]) => [...words, size].filter(Boolean).join(' ')),
  quantity: fc.integer({ min: 1, max: 6 }),
  unit: price,
  layout: fc.constantFrom('single', 'below', 'columns'),
}).map((a) => (a.layout === 'single' ? { ...a, quantity: 1 } : a));

const ticket: fc.Arbitrary<Ticket> = fc.record({
  chain: fc.constantFrom('CKDO GLASS', 'SCORE', 'SANGEL OLOUMI', 'CARREFOUR MARKET', 'GABOPRIX'),
  articles: fc.array(article, { minLength: 1, maxLength: 12 }),
  discount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }).map((n) => n * 5)),
  deposit: fc.oneof(fc.constant(0), fc.constantFrom(100, 200, 500, 1000)),
  columns: fc.boolean(),
  thousands: fc.constantFrom(' ', '.', ''),
});

const money = (value: number, separator: Ticket['thousands']) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** Prints a ticket; `mutate` may change one printed amount (article index, 'total' or 'unit'). */
function print(t: Ticket, mutate?: { article: number; field: 'total' | 'unit'; delta: number }): string {
  const pad = (left: string, right: string) => (t.columns ? `${left.padEnd(30)} ${right.padStart(14)}` : `${left} ${right}`);
  const m = (v: number) => money(v, t.thousands);
  const lines = [t.chain, 'TEL 011 76 20 30', '03/12/2026 14:05'];
  let sum = 0;
  t.articles.forEach((a, i) => {
    const total = a.quantity * a.unit;
    sum += total;
    const shown = { total: total + (mutate?.article === i && mutate.field === 'total' ? mutate.delta : 0), unit: a.unit + (mutate?.article === i && mutate.field === 'unit' ? mutate.delta : 0) };
    if (a.layout === 'single') lines.push(pad(a.label, m(shown.total)));
    else if (a.layout === 'below') lines.push(a.label, pad(`  ${a.quantity} X ${m(shown.unit)}`, m(shown.total)));
    else lines.push(pad(a.label, `${a.quantity} ${m(shown.unit)} ${m(shown.total)}`));
  });
  if (t.discount > 0) lines.push(pad('REMISE', `-${m(t.discount)}`));
  if (t.deposit > 0) lines.push(pad('CONSIGNE', m(t.deposit)));
  const total = sum - t.discount + t.deposit;
  lines.push(pad('TOTAL', m(total)), pad('ESPECES', m(total + 1000)), pad('RENDU', m(1000)), 'MERCI DE VOTRE VISITE');
  return lines.join('\n');
}

// Discounts stay below the cheapest ticket: the total is never negative.
const valid = (t: Ticket) => t.articles.reduce((s, a) => s + a.quantity * a.unit, 0) > t.discount;

describe('receipt arithmetic (property)', () => {
  it('a ticket that adds up is read back exactly, every line passing and high', () => {
    fc.assert(
      fc.property(ticket.filter(valid), (t) => {
        const read = readReceiptText(print(t));
        expect(read.checks.matches_total).toBe(true);
        expect(read.total_xaf).toBe(t.articles.reduce((s, a) => s + a.quantity * a.unit, 0) - t.discount + t.deposit);
        expect(read.lines.map((l) => [l.label, l.quantity, l.unit_price_xaf, l.line_total_xaf])).toEqual(t.articles.map((a) => [a.label, a.quantity, a.unit, a.quantity * a.unit]));
        for (const line of read.lines) {
          expect(line.arithmetic).not.toBe('failed');
          expect(line.confidence).toBe('high');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('change one printed amount and the line it touches is never high', () => {
    const mutated = ticket.filter(valid).chain((t) =>
      fc.record({
        t: fc.constant(t),
        article: fc.integer({ min: 0, max: t.articles.length - 1 }),
        field: fc.constantFrom<'total' | 'unit'>('total', 'unit'),
        delta: fc.integer({ min: 1, max: 100 }).map((n) => n * 5),
      }),
    );
    fc.assert(
      fc.property(mutated, ({ t, article, field, delta }) => {
        // A single article prints no unit price: its total is the one amount to change.
        const a = t.articles[article];
        const touched = a.layout === 'single' ? 'total' : field;
        const read = readReceiptText(print(t, { article, field: touched, delta }));
        const line = read.lines.find((l) => l.label === a.label && l.index === article) ?? read.lines[article];
        expect(line?.confidence).not.toBe('high');
      }),
      { numRuns: 300 },
    );
  });
});

describe('receipt arithmetic (found by the property)', () => {
  it('a count before equal unit price and total is not a sure line: 3 × 240 ≠ 240', () => {
    const read = readReceiptText('CARREFOUR MARKET\nSAVON 1KG 3 12180 36540\nHUILE 125G 3 240 240\nTOTAL 36780');
    expect(read.checks.matches_total).toBe(true);
    expect(read.lines[1].confidence).not.toBe('high');
  });
});
