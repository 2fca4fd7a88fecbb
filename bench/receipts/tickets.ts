// Ground truth for the receipts benchmark: till tickets as Gabonese chains print them, each with
// what it says (store, date, articles with quantity, unit price and line total, total). Several
// layouts — label and amount on one line, a quantity line under the label (with or without its
// total), "QTE PU MONTANT" columns, the count before the label, weighed articles — with discounts,
// deposits, VAT recaps, payment and change lines, thousands written with spaces, dots or nothing,
// and a market seller's handwritten receipt. Drawn from a seeded PRNG: same seed, same tickets.
import { seededRandom } from '../../server/platform/random';

type Random = () => number;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const int = (random: Random, low: number, high: number) => Math.floor(between(random, low, high + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

export type TruthLine = { label: string; quantity: number; unit_price_xaf: number; line_total_xaf: number };
export type Ticket = {
  id: string;
  layout: LayoutName;
  /** The chain as the reader names it ('CKdo', 'Carrefour'…). */
  chain: string;
  /** ISO 8601 as the reader answers it (date-time with +01:00 when the ticket prints the time). */
  purchased_at: string;
  total_xaf: number;
  lines: TruthLine[];
  /** The ticket's text, one printed line per entry (columns as spaces). */
  text: string[];
  /** Printed in a handwriting-like style (a market seller's receipt book). */
  handwritten: boolean;
};

/** Articles as tills abbreviate them, with a plausible price range (XAF) and whether they are weighed. */
const ARTICLES: { label: string; min: number; max: number; weighed?: boolean }[] = [
  { label: 'RIZ PARF ELEPHANT 5KG', min: 3500, max: 5200 },
  { label: 'RIZ PARF SUPER ELEPH 25KG', min: 12000, max: 16500 },
  { label: "HUILE PALME CUISIN'OR 90CL", min: 950, max: 1400 },
  { label: "HUILE CUISIN'OR 2L", min: 2300, max: 2900 },
  { label: 'HUILE VEG LISSOIR 1L', min: 1300, max: 1700 },
  { label: 'SUCRE GRANULE 1KG', min: 750, max: 1000 },
  { label: 'SUCRE MORCEAUX 1KG', min: 900, max: 1200 },
  { label: 'SARDINES HUILE 125G', min: 450, max: 750 },
  { label: 'LAIT POUDRE NIDO 400G', min: 3800, max: 4600 },
  { label: 'LAIT CONC SUCRE 397G', min: 600, max: 850 },
  { label: 'LAIT UHT 1/2 ECR 1L', min: 900, max: 1300 },
  { label: 'SPAGHETTI PANZANI 500G', min: 550, max: 800 },
  { label: 'TOMATE CONC 400G', min: 500, max: 700 },
  { label: 'MAYONNAISE 450G', min: 1500, max: 2100 },
  { label: 'PETITS POIS BTE 400G', min: 600, max: 900 },
  { label: 'SEL FIN 1KG', min: 250, max: 400 },
  { label: 'FARINE BLE 1KG', min: 700, max: 950 },
  { label: 'BOUILLON MAGGI X24', min: 600, max: 900 },
  { label: 'BIERE REGAB 65CL', min: 650, max: 800 },
  { label: 'BIERE CASTEL 65CL', min: 650, max: 800 },
  { label: 'EAU ANDZA 1,5L', min: 350, max: 500 },
  { label: 'DJINO COCKTAIL 1,5L', min: 900, max: 1200 },
  { label: 'COCA COLA 1,5L', min: 1000, max: 1350 },
  { label: 'JUS FRUITS BRIQUE 1L', min: 1100, max: 1600 },
  { label: 'YAOURT NATURE X4', min: 1200, max: 1700 },
  { label: 'BEURRE DOUX 250G', min: 1700, max: 2400 },
  { label: 'FROMAGE FONDU 8P', min: 1300, max: 1800 },
  { label: 'PAIN DE MIE', min: 900, max: 1400 },
  { label: 'BAGUETTE', min: 150, max: 250 },
  { label: 'OEUFS PLATEAU 30', min: 3500, max: 4500 },
  { label: 'PAPIER HYG 4 RLX', min: 1100, max: 1600 },
  { label: 'SAVON TOILETTE', min: 350, max: 600 },
  { label: 'DENTIFRICE 75ML', min: 700, max: 1100 },
  { label: 'LESSIVE OMO 500G', min: 900, max: 1300 },
  { label: 'INSECTICIDE AEROSOL', min: 2200, max: 3200 },
  { label: 'CUISSES POULET', min: 1800, max: 2600, weighed: true },
  { label: 'OIGNONS', min: 800, max: 1300, weighed: true },
  { label: 'POMMES DE TERRE', min: 900, max: 1400, weighed: true },
  { label: 'CHINCHARD CONGELE', min: 1500, max: 2200, weighed: true },
];

/** What a market seller writes (in a receipt book, by hand), with prices by the heap or the piece. */
const MARKET_ARTICLES: { label: string; min: number; max: number }[] = [
  { label: 'Tomates 1 tas', min: 300, max: 700 },
  { label: 'Piment', min: 100, max: 300 },
  { label: 'Feuilles de manioc', min: 200, max: 500 },
  { label: 'Banane plantain', min: 1000, max: 2500 },
  { label: 'Poisson fumé', min: 1500, max: 4000 },
  { label: 'Bâtons de manioc', min: 500, max: 1500 },
  { label: 'Avocats', min: 300, max: 800 },
  { label: 'Gombo', min: 200, max: 500 },
  { label: 'Arachides', min: 500, max: 1000 },
];

export const LAYOUTS = ['ckdo', 'carrefour', 'score', 'sangel', 'gaboprix', 'cecado', 'mbolo', 'market'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

const CHAIN_OF: Record<LayoutName, string> = { ckdo: 'CKdo', carrefour: 'Carrefour', score: 'Score', sangel: 'SANgel', gaboprix: 'Gaboprix', cecado: 'Cecado', mbolo: 'Mbolo', market: 'Marché' };

type Thousands = ' ' | '.' | '';
const money = (value: number, sep: Thousands) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
const round5 = (value: number) => Math.max(5, Math.round(value / 5) * 5);

/** Left text and right text on a line of `width` characters (the right one ends at the edge). */
function columns(width: number, left: string, right: string): string {
  const room = width - right.length - 1;
  const text = left.length > room ? left.slice(0, room) : left;
  return `${text}${' '.repeat(Math.max(1, width - text.length - right.length))}${right}`;
}
const centre = (width: number, text: string) => `${' '.repeat(Math.max(0, Math.floor((width - text.length) / 2)))}${text}`;

type Purchase = { article: (typeof ARTICLES)[number]; quantity: number; unit: number; total: number };

function purchases(random: Random, count: number): Purchase[] {
  const out: Purchase[] = [];
  const used = new Set<string>();
  while (out.length < count) {
    const article = pick(random, ARTICLES);
    if (used.has(article.label)) continue;
    used.add(article.label);
    const unit = round5(between(random, article.min, article.max));
    if (article.weighed) {
      const kg = Math.round(between(random, 0.4, 2.8) * 1000) / 1000;
      out.push({ article, quantity: kg, unit, total: Math.round(kg * unit) });
      continue;
    }
    const quantity = random() < 0.65 ? 1 : int(random, 2, 6);
    out.push({ article, quantity, unit, total: quantity * unit });
  }
  return out;
}

type When = { day: number; month: number; year: number; hour: number; minute: number; second: number };
const pad2 = (n: number) => String(n).padStart(2, '0');
const MONTHS_SHORT = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const MONTHS_LONG = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const iso = (w: When, time: 'minute' | 'second' | 'none') =>
  `${w.year}-${pad2(w.month)}-${pad2(w.day)}${time === 'none' ? '' : `T${pad2(w.hour)}:${pad2(w.minute)}:${time === 'second' ? pad2(w.second) : '00'}+01:00`}`;

const phone = (random: Random) => `${pick(random, ['011', '077', '074', '066', '062', '065'])} ${pad2(int(random, 10, 99))} ${pad2(int(random, 10, 99))} ${pad2(int(random, 10, 99))}`;
const nif = (random: Random) => `${int(random, 2005, 2024)}${int(random, 1000, 9999)} ${pick(random, ['A', 'B', 'C', 'R', 'G'])}`;

function vatLines(width: number, total: number, sep: Thousands, random: Random): string[] {
  // VAT is included in the prices: the ticket recaps the base and the tax, never added again.
  const base = Math.round(total / 1.18);
  const tax = total - base;
  return pick(random, [
    [columns(width, 'TVA 18% INCLUSE', money(tax, sep))],
    [columns(width, 'BASE HT', money(base, sep)), columns(width, 'TVA 18%', money(tax, sep))],
    [`TVA A 18%  ${money(base, sep)}  ${money(tax, sep)}`],
  ]);
}

/** Cash paid (rounded up to a note) and the change, or a card / mobile payment of the exact amount. */
function paymentLines(width: number, total: number, sep: Thousands, random: Random, words: { cash: string; change: string }): string[] {
  const r = random();
  if (r < 0.55) {
    const note = [1000, 2000, 5000, 10000].find((n) => n >= total / 4) ?? 10000;
    const paid = Math.ceil(total / note) * note + (random() < 0.3 ? note : 0);
    return [columns(width, words.cash, money(paid, sep)), columns(width, words.change, money(paid - total, sep))];
  }
  if (r < 0.8) return [columns(width, pick(random, ['AIRTEL MONEY', 'MOOV MONEY', 'MOBILE MONEY AIRTEL']), money(total, sep)), `REF ${int(random, 10000000, 99999999)}`];
  return [columns(width, pick(random, ['CARTE BANCAIRE', 'CB VISA', 'CARTE VISA']), money(total, sep)), `CARTE **** **** **** ${int(random, 1000, 9999)}`];
}

/** Builds one ticket of the given layout. */
export function generateTicket(layout: LayoutName, seed: number, id: string): Ticket {
  const random = seededRandom(seed);
  const when: When = { day: int(random, 1, 28), month: int(random, 1, 12), year: pick(random, [2025, 2026]), hour: int(random, 8, 20), minute: int(random, 0, 59), second: int(random, 0, 59) };
  if (layout === 'market') return marketTicket(random, when, id);
  const width = pick(random, [32, 40, 42, 48]);
  const sep: Thousands = layout === 'sangel' ? '.' : layout === 'cecado' ? pick(random, [' ', '']) : pick(random, [' ', ' ', '.', '']);
  const bought = purchases(random, int(random, 5, 25));
  const text: string[] = [];
  const lines: TruthLine[] = [];
  let time: 'minute' | 'second' = 'minute';
  let discounts = 0;
  let deposits = 0;
  const m = (v: number) => money(v, sep);
  const labelRoom = width - 10;

  // Header.
  switch (layout) {
    case 'ckdo': {
      const store = pick(random, [['GEANT CKDO', 'BD BESSIEUX - LIBREVILLE'], ['MAXI CKDO OKALA', 'OKALA - LIBREVILLE'], ['SUPER CKDO OWENDO', 'OWENDO'], ['CKDO GLASS', 'QUARTIER GLASS']]);
      text.push(centre(width, store[0]), centre(width, store[1]), centre(width, `TEL: ${phone(random)}`), centre(width, `NIF: ${nif(random)}`), '-'.repeat(width));
      text.push(`DATE: ${pad2(when.day)}/${pad2(when.month)}/${when.year}  HEURE: ${pad2(when.hour)}:${pad2(when.minute)}`, `CAISSE ${pad2(int(random, 1, 12))}  TICKET ${int(random, 1000, 9999)}`, '-'.repeat(width));
      break;
    }
    case 'carrefour':
      text.push(centre(width, pick(random, ['CARREFOUR MARKET', 'CARREFOUR', 'PRIX IMPORT'])), centre(width, pick(random, ['OKALA', 'BAS DE GUE-GUE', 'CITE DAMAS', 'NZENG-AYONG', 'SNI OWENDO'])), centre(width, `Tel +241 ${phone(random).slice(1)}`), '');
      time = 'second';
      break;
    case 'score':
      text.push(centre(width, 'SUPERMARCHE SCORE'), centre(width, pick(random, ['CENTRE VILLE LIBREVILLE', 'PORT-GENTIL'])), centre(width, `NIF ${nif(random)}  TEL ${phone(random)}`));
      text.push(`Le ${when.day} ${MONTHS_SHORT[when.month - 1]} ${when.year} à ${pad2(when.hour)}:${pad2(when.minute)}`, '='.repeat(width), columns(width, 'DESIGNATION', 'QTE    PU  MONTANT'.slice(0, Math.min(18, width - 12))));
      break;
    case 'sangel':
      text.push(centre(width, `SANGEL ${pick(random, ['OLOUMI', 'BESSIEUX', 'SORBONNE', 'OKALA', 'BIKELE'])}`), centre(width, `TEL ${phone(random)}`), centre(width, `NIF: ${nif(random)}`));
      text.push(`${pad2(when.day)}-${pad2(when.month)}-${String(when.year).slice(2)} ${pad2(when.hour)}H${pad2(when.minute)}   CAISSE ${int(random, 1, 6)}`, '-'.repeat(width));
      break;
    case 'gaboprix':
      text.push(centre(width, 'GABOPRIX'), centre(width, "POSTE D'AKEBE"), centre(width, `TEL ${phone(random)}`), `Date : ${pad2(when.day)}/${pad2(when.month)}/${String(when.year).slice(2)}`, `Heure : ${pad2(when.hour)}:${pad2(when.minute)}`, '-'.repeat(width));
      break;
    case 'cecado':
      text.push(centre(width, 'MAXI CECADO'), centre(width, 'CARREFOUR JIJI - AKANDA'), centre(width, `TEL ${phone(random)}`), centre(width, `NIF ${nif(random)}`), `Ticket ${int(random, 1000, 9999)}  Caisse ${int(random, 1, 9)}`, `${pad2(when.day)}/${pad2(when.month)}/${when.year} ${pad2(when.hour)}:${pad2(when.minute)}`, '');
      break;
    case 'mbolo':
      text.push(centre(width, 'MBOLO'), centre(width, 'BOULEVARD TRIOMPHAL'), centre(width, `TEL ${phone(random)}`), `${when.day} ${MONTHS_LONG[when.month - 1]} ${when.year} ${pad2(when.hour)}:${pad2(when.minute)}`, '-'.repeat(width));
      break;
  }

  // Articles.
  for (const p of bought) {
    // A label shares its line with an amount (cut to leave room for it) or stands alone (whole).
    const alone = p.article.label.slice(0, width);
    let label = p.article.label.slice(0, labelRoom);
    const weighedText = () => `${String(p.quantity.toFixed(3)).replace('.', ',')} KG X ${m(p.unit)}`;
    if (layout === 'score') {
      label = label.slice(0, Math.max(12, width - 22));
      const q = p.article.weighed ? String(p.quantity.toFixed(3)).replace('.', ',') : String(p.quantity);
      text.push(columns(width, label, `${q.padStart(5)} ${m(p.unit).padStart(6)} ${m(p.total).padStart(7)}`));
    } else if (p.article.weighed) {
      label = alone;
      text.push(label, layout === 'carrefour' ? `  ${weighedText()} = ${m(p.total)}` : columns(width, `  ${weighedText()}`, m(p.total)));
    } else if (p.quantity === 1) {
      text.push(columns(width, label, m(p.total)));
    } else if (layout === 'carrefour') {
      label = alone;
      text.push(label, `  ${p.quantity} x ${m(p.unit)} = ${m(p.total)}`);
    } else if (layout === 'gaboprix') {
      // The count before the label, the unit price left to the reader.
      label = label.slice(0, labelRoom - 4);
      text.push(columns(width, `${p.quantity} X ${label}`, m(p.total)));
    } else if (layout === 'mbolo') {
      // The total on the label line, the detail under it.
      text.push(columns(width, label, m(p.total)), `   ${p.quantity} X ${m(p.unit)}`);
    } else {
      label = alone;
      text.push(label, columns(width, `   ${p.quantity} X ${m(p.unit)}`, m(p.total)));
    }
    lines.push({ label, quantity: p.quantity, unit_price_xaf: p.unit, line_total_xaf: p.total });
    // A promotion under an article now and then, a deposit under a bottle.
    if (random() < 0.12 && p.total > 500) {
      const off = round5(p.total * between(random, 0.05, 0.15));
      discounts += off;
      text.push(columns(width, pick(random, ['REMISE', 'REMISE PROMO', 'PROMO']), `-${m(off)}`));
    }
    if (/BIERE|COCA/.test(p.article.label) && random() < 0.6 && !p.article.weighed) {
      const deposit = (layout === 'ckdo' ? 100 : 150) * p.quantity;
      deposits += deposit;
      text.push(columns(width, pick(random, ['CONSIGNE BOUTEILLE', 'CONSIGNE', 'CONS. VERRE']), m(deposit)));
    }
  }

  const sum = lines.reduce((s, l) => s + l.line_total_xaf, 0);
  const total = sum - discounts + deposits;
  text.push('-'.repeat(width));
  const count = lines.length;
  if (random() < 0.5) text.push(`${count} ARTICLES`);
  switch (layout) {
    case 'ckdo':
      text.push(columns(width, 'SOUS-TOTAL', m(total)), columns(width, 'TOTAL', m(total)), ...vatLines(width, total, sep, random), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'RENDU' }), '', centre(width, 'MERCI DE VOTRE VISITE'));
      break;
    case 'carrefour':
      text.push(columns(width, 'TOTAL TTC', m(total)), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'RENDU MONNAIE' }), ...vatLines(width, total, sep, random), '');
      text.push(`${pad2(when.day)}/${pad2(when.month)}/${String(when.year).slice(2)} ${pad2(when.hour)}:${pad2(when.minute)}:${pad2(when.second)} CAISSE ${int(random, 1, 20)} TICKET ${int(random, 1000, 9999)}`, centre(width, 'MERCI DE VOTRE VISITE'));
      break;
    case 'score':
      text.push(columns(width, 'NET A PAYER', m(total)), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'MONNAIE' }), ...vatLines(width, total, sep, random), centre(width, 'A BIENTOT'));
      break;
    case 'sangel':
      text.push(columns(width, 'TOTAL A PAYER', m(total)), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'A RENDRE' }), centre(width, 'MERCI ET A BIENTOT'));
      break;
    case 'gaboprix':
      text.push(columns(width, 'TOTAL', m(total)), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'RENDU' }), ...vatLines(width, total, sep, random));
      break;
    case 'cecado':
      text.push(columns(width, 'TOTAL', m(total)), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'MONNAIE RENDUE' }), `POINTS FIDELITE : ${int(random, 10, 400)}`, centre(width, 'MERCI DE VOTRE FIDELITE'));
      break;
    case 'mbolo':
      text.push(columns(width, 'TOTAL', m(total)), ...paymentLines(width, total, sep, random, { cash: 'ESPECES', change: 'RENDU' }), ...vatLines(width, total, sep, random), centre(width, 'MBOLO VOUS REMERCIE'));
      break;
  }
  return { id, layout, chain: CHAIN_OF[layout], purchased_at: iso(when, time), total_xaf: total, lines, text, handwritten: false };
}

function marketTicket(random: Random, when: When, id: string): Ticket {
  const market = pick(random, ['Marché Mont-Bouët', 'Marché de Nkembo', "Marché d'Oloumi", 'Marché de Potos', "Marché d'Akanda"]);
  const count = int(random, 3, 6);
  const chosen = [...MARKET_ARTICLES].sort(() => random() - 0.5).slice(0, count);
  const lines: TruthLine[] = chosen.map((a) => {
    const price = Math.round(between(random, a.min, a.max) / 50) * 50;
    return { label: a.label, quantity: 1, unit_price_xaf: price, line_total_xaf: price };
  });
  const total = lines.reduce((s, l) => s + l.line_total_xaf, 0);
  const sep = pick(random, [' ', '.', ''] as const);
  const text = [market, `le ${when.day} ${MONTHS_LONG[when.month - 1]} ${when.year}`, ...lines.map((l) => `${l.label}  ${money(l.line_total_xaf, sep)}`), `Total : ${money(total, sep)} F`];
  return { id, layout: 'market', chain: 'Marché', purchased_at: iso(when, 'none'), total_xaf: total, lines, text, handwritten: true };
}
