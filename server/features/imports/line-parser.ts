// Turns a shopping list as people in Gabon write it (pasted text, OCR output, a PDF's text layer,
// a .txt/.csv/.tsv file) into list lines. Pure: no I/O.
//
// Text: one article per line (or several separated by "•", "|", "+", or commas when every part is
// short). Bullets, numbering and check boxes are dropped, so are headings ("Liste de courses",
// "Marché :", dates, "Total : 12 500 F") and OCR noise (lines of punctuation or of one or two letters).
// A heading naming a shelf ("Boissons :", "Légumes :") becomes the category hint of the lines below it.
//
// Quantity rule. A line says how many (a count: "3 boîtes de sardines", "riz x2", "2x riz", "(2)",
// "Huile de palme;1", "une douzaine d'oeufs") and/or how big (a size: "1,5 L", "500g", "2 kg",
// "½ kg"). A count becomes `quantity`; a weight or volume never does here: "2 kg riz" is quantity 1
// with size 2 kg. The matcher, which knows how the product is sold, turns size into count: a product
// sold by the kilo ("Riz blanc ordinaire (au kg)") becomes 2 × 1 kg, a 1 kg pack becomes 2 packs, a
// 2 kg pack stays 1. `unit` is the unit or pack written ('kg', 'L', 'boîte', 'plateau'…), normalised.
//
// CSV/TSV: a header naming the columns (nom/article/produit, quantité, unité, marque, catégorie,
// notes) in any order, or, for a file named .csv, no header with the name first and the quantity
// second; separator ; , or tab, double quotes respected. Each name cell goes through the same
// reading as a text line for its size and pack.
import { splitCsv } from '../../platform/csv';
import { foldName, ITEM_NAME_MAX, ITEM_QUANTITY_MAX, LIST_ITEMS_MAX } from '#contract/lists';

export type Size = { value: number; unit: 'g' | 'mL' };

export type ParsedLine = {
  /** The article as written, without count, size, pack word or notes. */
  name: string;
  /** How many, a whole number between 1 and ITEM_QUANTITY_MAX. */
  quantity: number;
  /** Unit or pack written on the line, normalised ('kg', 'L', 'boîte'…), or null. */
  unit: string | null;
  /** Weight or volume written on the line ("1,5 L" → 1500 mL), or null. */
  size: Size | null;
  brand: string | null;
  /** Category given by a CSV column or by a shelf heading above the line. */
  category: string | null;
  notes: string | null;
  original_text: string;
  source: 'text_import' | 'csv_import';
};

export type ParsedList = { format: 'text' | 'csv'; lines: ParsedLine[] };

// ---------------------------------------------------------------------------------------------
// Vocabulary

const NUMBER_WORDS: Record<string, number> = {
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10,
  onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, trente: 30,
  quarante: 40, cinquante: 50, demi: 0.5, demie: 0.5,
};

/** Weight and volume units: spelling → [normalised unit, factor to g or mL, dimension]. */
const MEASURE_UNITS: [RegExp, string, number, Size['unit']][] = [
  [/^(?:kg|kgs|kilos?|kilogrammes?|kilogr)$/, 'kg', 1000, 'g'],
  [/^(?:g|gr|grs|grammes?)$/, 'g', 1, 'g'],
  [/^(?:l|lt|lts|litres?|liters?)$/, 'L', 1000, 'mL'],
  [/^(?:cl|centilitres?)$/, 'cl', 10, 'mL'],
  [/^(?:ml|millilitres?)$/, 'mL', 1, 'mL'],
];
const MEASURE_WORD = 'kg|kgs|kilos?|kilogrammes?|kilogr|g|gr|grs|grammes?|l|lt|lts|litres?|liters?|cl|centilitres?|ml|millilitres?';

/** Pack and count units: spelling (folded) → normalised unit. */
const COUNT_UNITS: [RegExp, string][] = [
  [/^(?:boites?|btes?|bts?)$/, 'boîte'],
  [/^(?:paquets?|pqts?|paqs?)$/, 'paquet'],
  [/^(?:sachets?)$/, 'sachet'],
  [/^(?:bouteilles?|btles?|btls?)$/, 'bouteille'],
  [/^(?:plateaux?|plateaus|palettes?)$/, 'plateau'],
  [/^(?:tas)$/, 'tas'],
  [/^(?:bottes?)$/, 'botte'],
  [/^(?:pieces?|pcs?|pces?|unites?)$/, 'pièce'],
  [/^(?:cartons?)$/, 'carton'],
  [/^(?:sacs?)$/, 'sac'],
  [/^(?:pots?)$/, 'pot'],
  [/^(?:canettes?|cannettes?)$/, 'canette'],
  [/^(?:rouleaux?)$/, 'rouleau'],
  [/^(?:packs?)$/, 'pack'],
  [/^(?:briques?)$/, 'brique'],
  [/^(?:bidons?)$/, 'bidon'],
  [/^(?:flacons?)$/, 'flacon'],
  [/^(?:tubes?)$/, 'tube'],
  [/^(?:plaquettes?)$/, 'plaquette'],
  [/^(?:regimes?)$/, 'régime'],
  [/^(?:morceaux?)$/, 'morceau'],
  [/^(?:filets?)$/, 'filet'],
  [/^(?:seaux?)$/, 'seau'],
  [/^(?:cuvettes?)$/, 'cuvette'],
  [/^(?:barres?)$/, 'barre'],
];
const COUNT_WORD =
  'bo[iî]tes?|btes?|bts?|paquets?|pqts?|paqs?|sachets?|bouteilles?|btles?|btls?|plateaux?|plateaus|palettes?|tas|bottes?|pi[eè]ces?|pcs?|pces?|unit[eé]s?|cartons?|sacs?|pots?|canettes?|cannettes?|rouleaux?|packs?|briques?|bidons?|flacons?|tubes?|plaquettes?|r[eé]gimes?|morceaux?|filets?|seaux?|cuvettes?|barres?';

const NUM = `(?:\\d+(?:[.,]\\d+)?(?:\\s*/\\s*\\d+)?|${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;
/** Start and end of a word: JavaScript's \b ignores accented letters. */
const B = '(?<![\\p{L}\\d])';
const E = '(?![\\p{L}\\d])';
const DE = `(?:\\s+(?:de|des|du)\\s+|\\s*d'\\s*)`;

const SIZE_RE = new RegExp(`(?:${B}(?:de|d')\\s*)?~?\\s*${B}(${NUM})(?:\\s*-\\s*${NUM})?\\s*(${MEASURE_WORD})(?![\\p{L}\\d'])\\.?${DE}?`, 'iu');
const DOZEN_RE = new RegExp(`^(?:(${NUM})\\s+|${B})(demi[- ]?)?douzaines?${DE}?`, 'iu');
const LEADING_RE = new RegExp(`^(?:[xX*]\\s*)?(${NUM})${E}(?:\\s*(?:[xX*]|fois)${E})?\\s*(?:(${COUNT_WORD})${E}\\.?${DE}?)?\\s*`, 'iu');
const LEADING_UNIT_RE = new RegExp(`^(${COUNT_WORD})${DE}`, 'iu');
const TRAILING_TIMES_RE = new RegExp(`\\s*(?:${B}[xX*]\\s*(${NUM})|${B}(${NUM})\\s*[xX]|[(\\[]\\s*[xX]?\\s*(${NUM})\\s*[xX]?\\s*[)\\]])\\s*$`, 'iu');
const TRAILING_SEP_RE = new RegExp(`\\s*[-:=;,]\\s*(${NUM})(?:\\s*(${COUNT_WORD})${E}\\.?)?\\s*$`, 'iu');
const TRAILING_COUNT_RE = new RegExp(`\\s+(${NUM})\\s*(${COUNT_WORD})${E}\\.?\\s*$`, 'iu');
const TRAILING_BARE_RE = /\s+(\d{1,2})\s*$/u;
const ENDS_WITH_PACK = new RegExp(`${B}(?:${COUNT_WORD})\\s*$`, 'iu');
const TRAILING_UNIT_RE = new RegExp(`[\\s,]+(?:en\\s+)?(${COUNT_WORD})${E}\\.?\\s*$`, 'iu');
const PRICE_RE = new RegExp(`(?:[:=@]|${B}à)?\\s*${B}\\d{1,3}(?:[ .\\u202f]?\\d{3})*\\s*(?:f|fcfa|cfa|xaf|frs?|francs?)${E}\\.?`, 'giu');
const HELD_RE = new RegExp(`${B}(?:de\\s+)?\\d{1,2}\\s*[xX*]\\s*$`, 'u');
const MULTIPACK_RE = new RegExp(`${B}(?:packs?|cartons?|casiers?|lots?|plateaux?|cageots?|fardeaux?)${E}`, 'iu');
/** Names that start with a number which is not a quantity. */
const NUMBERED_NAMES = /^33\s*export/i;

/** Words after which the rest of a line is a note, not the article ("si possible Régab"). */
const NOTE_START = new RegExp(
  `\\s*[,;]?\\s*${B}(?:si possible|si dispo(?:nible)?|de pr[ée]f[ée]rence|pr[ée]f[ée]rence|sinon|ou bien|ou alors|au choix|pas cher|pas trop|bien m[uû]r(?:e|es|s)?|(?:pour|pr)\\s+(?:le|la|les|l'|demain|ce|cette|mon|ma|mes|nos|notre|dimanche|lundi|mardi|mercredi|jeudi|vendredi|samedi|bébé|bebe|les enfants|la maison|\\d))${E}.*$`,
  'iu',
);
/** Parenthesised text kept in the name: it describes how the article is sold. */
const KEPT_PAREN = /^(?:au|à|a)\s+(?:kg|kilo|litre|l'unit[eé]|la pi[eè]ce|d[ée]tail)|vrac|d[ée]tail|consign/iu;

const CATEGORY_HEADINGS: [RegExp, string][] = [
  [/fruit|legume/, 'Fruits et légumes'],
  [/viande|poisson|boucherie|poissonnerie|surgele|congele/, 'Viande et poisson'],
  [/laitier|laitage|cremerie/, 'Produits laitiers'],
  [/boisson/, 'Boissons'],
  [/boulangerie|patisserie/, 'Boulangerie'],
  [/hygiene|toilette|beaute/, "Produits d'hygiène"],
  [/menage|entretien|nettoyage/, 'Produits ménagers'],
  [/epicerie/, 'Épicerie'],
];

const WEEKDAYS = 'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche';
const MONTHS = 'janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|janv|fevr?|avr|juil|sept|oct|nov|dec';
const DATE_LINE = new RegExp(`^(?:(?:le|du|au|semaine|date|${WEEKDAYS}|${MONTHS}|\\d{1,4}|er)[\\s/.,:-]*)+$`);
/**
 * Shelf and shop names that head a group of lines even without a colon ("Frais", "Épicerie",
 * "Au marché"). Words that are also articles ("viande", "poisson", "pain") are not among them.
 */
const SECTION_LINE = /^(?:(?:au|le|la|du|les|rayon|cote|coin)\s+)?(?:frais|produits? frais|epicerie|epicerie fine|hygiene|hygiene et beaute|beaute|toilette|divers|menage|entretien|produits? menagers?|produits? d'?entretien|boissons?|boulangerie|patisserie|boulangerie patisserie|marche|supermarche|boucherie|poissonnerie|cremerie|droguerie|quincaillerie|surgeles?|congeles?|fruits(?: et legumes)?|legumes|fruits et legumes|produits? laitiers?|laitages?|conserves|petit dejeuner|bebe|maison|cuisine)\s*[:.!]*$/;
const HEADING_START = /^(?:(?:ma|mes|notre|la|les)\s+)?(?:liste|courses|achats|commissions|provisions|a acheter|shopping)\b/;
const TOTAL_START = /^(?:total|sous[- ]?total|montant|budget|reste|somme|prix total|depense)s?\b/;

// ---------------------------------------------------------------------------------------------
// Numbers, sizes, units

export function toNumber(text: string): number {
  const t = text.trim().toLowerCase();
  if (t in NUMBER_WORDS) return NUMBER_WORDS[t];
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (fraction) return Number(fraction[2]) === 0 ? Number.NaN : Number(fraction[1]) / Number(fraction[2]);
  return Number(t.replace(',', '.'));
}

function measureUnit(word: string): [string, number, Size['unit']] | null {
  const w = foldName(word).replace(/\.$/, '');
  for (const [re, unit, factor, dim] of MEASURE_UNITS) if (re.test(w)) return [unit, factor, dim];
  return null;
}

/** The normalised pack or count unit of a word ("boites" → 'boîte'), or null. */
export function countUnit(word: string): string | null {
  const w = foldName(word).replace(/\.$/, '');
  for (const [re, unit] of COUNT_UNITS) if (re.test(w)) return unit;
  return null;
}

/** A weight or volume written with a number ("1,5 L", "500g", "½ kg") in g or mL, or null. */
export function readSize(text: string): { size: Size; unit: string } | null {
  const found = findSize(normaliseSymbols(text));
  return found && { size: found.size, unit: found.unit };
}

/** The first size of an already normalised text, and where it is written. */
function findSize(text: string): { size: Size; unit: string; at: number; length: number } | null {
  const m = SIZE_RE.exec(text);
  if (!m) return null;
  const measure = measureUnit(m[2]);
  const value = toNumber(m[1]);
  if (!measure || !Number.isFinite(value) || value <= 0) return null;
  return { size: { value: Math.round(value * measure[1] * 100) / 100, unit: measure[2] }, unit: measure[0], at: m.index, length: m[0].length };
}

/** A text's first size ("riz 5kg" → 5 000 g) and the text without it ("riz"); the text as it was when it holds none. */
export function splitSize(text: string): { rest: string; size: Size | null } {
  const normalised = normaliseSymbols(text);
  const found = findSize(normalised);
  if (!found) return { rest: text, size: null };
  const rest = `${normalised.slice(0, found.at)} ${normalised.slice(found.at + found.length)}`.replace(/\s+/g, ' ').replace(/^[\s,;]+|[\s,;]+$/g, '');
  return { rest, size: found.size };
}

function clampQuantity(n: number): number {
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(ITEM_QUANTITY_MAX, Math.round(n));
}

/** Fractions of a count ("½ plateau") still buy one. */
function countOf(text: string): number {
  const n = toNumber(text);
  if (!Number.isFinite(n) || n <= 0) return 1;
  return n < 1 ? 1 : n;
}

function normaliseSymbols(text: string): string {
  return text
    .replace(/[\u00a0\u202f\u2007]/g, ' ')
    .replace(/[’`´]/g, "'")
    .replace(/½/g, ' 1/2 ')
    .replace(/¼/g, ' 1/4 ')
    .replace(/¾/g, ' 3/4 ')
    .replace(/[×✕✖]/g, ' x ')
    .replace(/[–—]/g, ' - ')
    .replace(new RegExp(`(\\d)(?=(?:${MEASURE_WORD}|x)(?![\\p{L}]))`, 'giu'), '$1 ')
    .replace(/(?<![\p{L}\d])([xX])(?=\d)/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Lines

const BULLET = /^\s*(?:[-*•·‣◦○●▪▫■□►▶→~=+>©®°º§¤«»]+|\d{1,2}\s*[.)°](?!\d)|[a-zA-Z][)](?=\s)|\[\s*[xX✓✔]?\s*\]|[☐☑☒✅✓✔❏❑])\s*/u;
/**
 * A check box OCR read as letters: "oO riz", "do 2 kg riz", "O3 bidons" (the box, then 3). Only a
 * token of one or two box-like letters, followed by a count or a real word, is dropped.
 */
const OCR_BOX = /^(?:[oO0QD]{1,2}|[dD][oO0])\s+(?=\d|\p{L}{3,})|^[oOQD](?=\d{1,2}\s+\p{L})/u;

function stripBullets(line: string): string {
  let out = line;
  for (let i = 0; i < 4 && (BULLET.test(out) || OCR_BOX.test(out)); i++) out = out.replace(BULLET, '').replace(OCR_BOX, '');
  return out.trim();
}

/** What a line that is not an article says: a heading (maybe naming a shelf), or nothing. */
type Skipped = { heading: true; category: string | null } | { heading: false };

function skippedLine(line: string): Skipped | null {
  const folded = foldName(line);
  if (!folded) return { heading: false };
  if (folded.startsWith('#') || folded.startsWith('//')) return { heading: false };
  const letters = (line.match(/\p{L}/gu) ?? []).length;
  const visible = (line.match(/\S/gu) ?? []).length;
  const longestWord = Math.max(0, ...(folded.match(/\p{L}+/gu) ?? []).map((w) => w.length));
  // OCR noise: punctuation, stray letters, rules of dashes.
  if (letters < 2 || letters / visible < 0.4 || (longestWord < 3 && !/\bpq\b/.test(folded))) return { heading: false };
  if (TOTAL_START.test(folded) || DATE_LINE.test(folded)) return { heading: false };
  if (/https?:|www\.|@\w|\b(?:tel|tél)\b/.test(folded)) return { heading: false };
  const heading = folded.replace(/\s*:\s*$/, '');
  if (folded.endsWith(':') || SECTION_LINE.test(folded) || (HEADING_START.test(folded) && !/\d/.test(folded.replace(DATE_IN_HEADING, '')))) {
    return { heading: true, category: CATEGORY_HEADINGS.find(([re]) => re.test(heading))?.[1] ?? null };
  }
  return null;
}
const DATE_IN_HEADING = /\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{1,2}\s+\p{L}+(?:\s+\d{4})?/gu;

type Article = Omit<ParsedLine, 'original_text' | 'source' | 'brand' | 'category'> & { countWritten: boolean };

/**
 * Reads one article: count, size, pack and notes around its name. Null when no name is left
 * ("2 kg", "x3").
 */
export function readArticle(text: string): Article | null {
  let s = normaliseSymbols(text);
  const notes: string[] = [];
  let count = 1;
  let countWritten = false;
  let unit: string | null = null;

  // Parentheses: a count "(2)" or "(x3)", a size "(1,5 L)", a way of selling "(au kg)", or a note.
  s = s.replace(/[([]([^()[\]]*)[)\]]/g, (whole, inner: string) => {
    const t = inner.trim();
    if (!t) return ' ';
    if (new RegExp(`^[xX]?\\s*${NUM}\\s*[xX]?$`, 'iu').test(t) && !readSize(t)) return whole;
    if (readSize(t) || KEPT_PAREN.test(t)) return ` ${t} `;
    notes.push(t);
    return ' ';
  });
  const note = NOTE_START.exec(s);
  if (note && note.index > 0) {
    notes.push(note[0].replace(/^[\s,;]+/, ''));
    s = s.slice(0, note.index);
  }
  // "Régab ou Castel": the first is the article, the rest a note.
  const alternative = /\s+ou\s+(?=\p{L})/iu.exec(s);
  if (alternative && alternative.index > 2) {
    notes.push(s.slice(alternative.index).trim());
    s = s.slice(0, alternative.index);
  }
  s = s.replace(PRICE_RE, ' ').replace(/\s+/g, ' ').trim();

  let size: Size | null = null;
  const sized = SIZE_RE.exec(s);
  if (sized) {
    const read = readSize(sized[0].replace(new RegExp(`${DE}$`, 'iu'), ''));
    if (read) {
      size = read.size;
      unit = read.unit;
      let before = s.slice(0, sized.index);
      // "pack eau Andza 6x1,5L", "carton de 12 x 33cl": what one pack holds, not how many packs.
      const held = HELD_RE.exec(before);
      if (held && MULTIPACK_RE.test(s)) before = before.slice(0, held.index);
      s = `${before} ${s.slice(sized.index + sized[0].length)}`.replace(/\s+/g, ' ').trim();
    }
  }

  const dozen = DOZEN_RE.exec(s);
  if (dozen) {
    const n = dozen[1] ? countOf(dozen[1]) : 1;
    count = n * (dozen[2] ? 6 : 12);
    countWritten = true;
    s = s.slice(dozen[0].length).trim();
  } else if (!NUMBERED_NAMES.test(s)) {
    const leading = LEADING_RE.exec(s);
    if (leading && leading[0].length < s.length && (leading[2] || /\s|[xX*]/.test(leading[0]) || /^\d/.test(leading[1]))) {
      count = countOf(leading[1]);
      countWritten = true;
      if (leading[2]) unit = countUnit(leading[2]) ?? unit;
      s = s.slice(leading[0].length).trim();
    }
  }
  const leadingUnit = LEADING_UNIT_RE.exec(s);
  if (leadingUnit && leadingUnit[0].length < s.length) {
    unit = countUnit(leadingUnit[1]) ?? unit;
    s = s.slice(leadingUnit[0].length).trim();
  }
  // "un pack de 6 Andza": the 6 is what the pack holds.
  if (unit && MULTIPACK_RE.test(unit)) s = s.replace(/^\d{1,2}\s*(?:[xX*]\s*)?(?=\p{L}{2,})/u, '');

  const times = TRAILING_TIMES_RE.exec(s);
  const separated = TRAILING_SEP_RE.exec(s);
  // "tas de 3-4", "1,5" without its unit: a separator after a number does not introduce a count.
  const trailing = times ?? (separated && !/\d$/.test(s.slice(0, separated.index).trimEnd()) ? separated : null) ?? TRAILING_COUNT_RE.exec(s);
  if (times && times[2] !== undefined && ENDS_WITH_PACK.test(s.slice(0, times.index))) {
    // "pack 6 x 1,5 L": the number describes what the pack holds, not how many packs.
    s = s.slice(0, times.index);
  } else if (trailing && trailing.index > 0) {
    const n = countOf(trailing[1] ?? trailing[2] ?? trailing[3]);
    const trailingUnit = trailing.slice(1).find((g) => g !== undefined && countUnit(g) !== null);
    count = countWritten ? count * n : n;
    countWritten = true;
    if (trailingUnit) unit = countUnit(trailingUnit);
    s = s.slice(0, trailing.index);
  } else {
    const bare = TRAILING_BARE_RE.exec(s);
    // "Oignons 5": a small number after a word is a count (33 Export and sizes were read above).
    if (bare && bare.index > 0 && Number(bare[1]) <= 24 && /\p{L}{2,}\s*$/u.test(s.slice(0, bare.index))) {
      count = countWritten ? count * Number(bare[1]) : Number(bare[1]);
      countWritten = true;
      s = s.slice(0, bare.index);
    }
  }
  const trailingUnit = TRAILING_UNIT_RE.exec(s);
  if (trailingUnit && trailingUnit.index > 0) {
    unit = countUnit(trailingUnit[1]) ?? unit;
    s = s.slice(0, trailingUnit.index);
  }

  const name = cleanName(s.replace(/^(?:de\s+la\s+|de\s+l'\s*|du\s+|des\s+|de\s+|d'\s*)(?=\p{L})/iu, ''));
  if ((name.match(/\p{L}/gu) ?? []).length < 2) return null;
  return { name, quantity: clampQuantity(count), unit, size, notes: notes.length ? notes.join(' ; ') : null, countWritten };
}

function cleanName(name: string): string {
  return name
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;.:*=+/~-]+|[\s,;:*=+/~-]+$/g, '')
    .replace(/\s+(?:de|d'|du|des|en)$/i, '')
    .slice(0, ITEM_NAME_MAX)
    .trim();
}

/** A pack word not followed by "de …": it describes the article before it ("Sucre, paquet 1 kg"). */
const PACK_DESCRIPTION = new RegExp(`^(?:${COUNT_WORD})${E}(?!\\s*(?:de|des|du|d')\\s*\\p{L})`, 'iu');

/** Does a piece of a line cut at its commas name an article of its own? */
function namesArticle(piece: string): boolean {
  const text = stripBullets(piece);
  if (PACK_DESCRIPTION.test(text)) return false;
  const note = NOTE_START.exec(text);
  if (note && note.index === 0) return false;
  const article = readArticle(text);
  if (!article) return false;
  // A word that says what: not only packs, sizes or qualifiers ("bien mûres", "verre consigné" do not).
  return article.name.split(/[\s'-]+/).some((w) => /\p{L}{2,}/u.test(w) && !countUnit(w) && !QUALIFIERS.test(foldName(w)));
}
const QUALIFIERS = /^(?:gros|grosses?|grande?s?|petite?s?|bien|tres|frais|fraiches?|mure?s?|bons?|bonnes?|moyens?|moyennes?|verre|plastique|consignee?s?|entiere?s?|vrac|detail)$/;

/**
 * Splits a line holding several articles: "riz • huile", "tomates, oignons, ail", "riz 2 kg, oeuf,
 * 5x ail" (a message). A piece that names no article of its own stays with the one before it, so
 * "Sucre blanc granulé, paquet 1 kg", "Oignons, 2 kg" and "Tomates, bien mûres" stay whole; a
 * decimal comma ("1,5 L") never cuts.
 */
export function splitArticles(line: string): string[] {
  const hard = line.split(/\s+[•·|+]\s+|\t+/).map((p) => p.trim()).filter(Boolean);
  return hard.flatMap((part) => {
    const cuts = part.split(/(\s*;\s*|\s*,\s*)/);
    if (cuts.length < 3) return [part];
    // Glue back decimal commas: "1,5".
    const pieces: { text: string; sep: string }[] = [{ text: cuts[0], sep: '' }];
    for (let i = 1; i < cuts.length; i += 2) {
      const prev = pieces[pieces.length - 1];
      if (cuts[i] === ',' && /\d$/.test(prev.text) && /^\d/.test(cuts[i + 1])) prev.text += `,${cuts[i + 1]}`;
      else pieces.push({ text: cuts[i + 1], sep: cuts[i] });
    }
    const groups: string[] = [];
    let pendingLead = '';
    for (const { text, sep } of pieces) {
      if (!text.trim()) continue;
      if (namesArticle(text)) {
        groups.push(pendingLead + text);
        pendingLead = '';
      } else if (groups.length) groups[groups.length - 1] += `${sep.includes(';') ? ';' : ','} ${text}`;
      else pendingLead += `${text}, `;
    }
    if (pendingLead) {
      if (!groups.length) return [part];
      groups[groups.length - 1] += `, ${pendingLead.replace(/,\s*$/, '')}`;
    }
    return groups.length >= 2 ? groups.map((g) => g.trim()) : [part];
  });
}

export function parseTextLine(raw: string): ParsedLine | null {
  const original = raw.trim();
  const line = stripBullets(original);
  if (skippedLine(line)) return null;
  const article = readArticle(line);
  if (!article) return null;
  return toLine(article, original, 'text_import');
}

function toLine(article: Article, original: string, source: ParsedLine['source'], extra: Partial<ParsedLine> = {}): ParsedLine {
  const { countWritten: _countWritten, ...rest } = article;
  return { ...rest, brand: null, category: null, original_text: original, source, ...extra };
}

function parseText(lines: string[]): ParsedLine[] {
  const out: ParsedLine[] = [];
  let category: string | null = null;
  for (const raw of lines) {
    const original = raw.trim();
    // A shelf heading covers the lines below it, up to the next blank line.
    if (!original) {
      category = null;
      continue;
    }
    const line = stripBullets(original);
    const skipped = skippedLine(line);
    if (skipped) {
      if (skipped.heading) category = skipped.category;
      continue;
    }
    for (const piece of splitArticles(line)) {
      const article = readArticle(stripBullets(piece));
      if (article) out.push(toLine(article, original, 'text_import', { category }));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSV

const COLUMNS: Record<'name' | 'quantity' | 'unit' | 'brand' | 'category' | 'notes', RegExp> = {
  name: /^(nom|name|article|articles|produit|produits|product|item|designation|libelle)$/,
  quantity: /^(quantite|qte|qty|quantity|nombre|nb|quantites|qt)$/,
  unit: /^(unite|unites|unit|conditionnement|format|taille|contenance)$/,
  brand: /^(marque|brand)$/,
  category: /^(categorie|category|rayon)$/,
  notes: /^(note|notes|remarque|remarques|commentaire|commentaires|comment)$/,
};

function detectDelimiter(line: string): string | null {
  const counts = [';', '\t', ','].map((d) => [d, line.split(d).length - 1] as const).filter(([, n]) => n > 0);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[0] ?? null;
}

export function splitCsvLine(line: string, delimiter: string): string[] {
  return splitCsv(line, delimiter)[0].map((cell) => cell.trim());
}

const AMOUNT_CELL_RE = new RegExp(`^\\s*(${NUM})\\s*(?:[xX*]\\s*)?(?:(${COUNT_WORD})${E}\\.?)?`, 'iu');

type ColumnMap = Partial<Record<keyof typeof COLUMNS, number>>;

function headerColumns(cells: string[]): ColumnMap | null {
  const map: ColumnMap = {};
  cells.forEach((cell, index) => {
    const key = foldName(cell).replace(/[^a-z]/g, '');
    for (const [column, pattern] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, RegExp][]) {
      if (map[column] === undefined && pattern.test(key)) map[column] = index;
    }
  });
  return map.name !== undefined ? map : null;
}

function parseCsv(lines: string[], delimiter: string): ParsedLine[] {
  const rows = lines.filter((l) => l.trim() !== '');
  if (rows.length === 0) return [];
  const header = headerColumns(splitCsvLine(rows[0], delimiter));
  const columns: ColumnMap = header ?? { name: 0, quantity: 1 };
  const body = header ? rows.slice(1) : rows;
  const out: ParsedLine[] = [];
  for (const row of body) {
    const cells = splitCsvLine(row, delimiter);
    const cell = (key: keyof typeof COLUMNS) => {
      const index = columns[key];
      const value = index === undefined ? '' : (cells[index] ?? '').trim();
      return value === '' ? null : value;
    };
    const rawName = cell('name');
    if (!rawName) continue;
    // The cell is read like a text line for its size and pack; a name the reading would empty stays whole.
    const article = readArticle(rawName) ?? { name: cleanName(rawName), quantity: 1, unit: null, size: null, notes: null, countWritten: false };
    if (!article.name) continue;
    const quantityCell = cell('quantity');
    const unitCell = cell('unit');
    const sized = readSize(`${quantityCell ?? ''} ${unitCell ?? ''}`) ?? (unitCell ? readSize(`1 ${unitCell}`) : null);
    let quantity = article.quantity;
    let size = article.size;
    let unit = article.unit;
    if (sized && (quantityCell === null || !/^\s*\d+\s*$/.test(quantityCell) || unitCell)) {
      // "2;kg" or "2 kg" in the quantity cell is a size, like "2 kg riz" on a text line.
      size = size ?? sized.size;
      unit = sized.unit;
    } else if (quantityCell !== null) {
      // "3 plateaux", "une boîte": a count and the pack it counts.
      const packed = AMOUNT_CELL_RE.exec(normaliseSymbols(quantityCell));
      if (packed) {
        quantity = clampQuantity(countOf(packed[1]));
        if (packed[2]) unit = countUnit(packed[2]) ?? unit;
      } else {
        const n = Number.parseInt(quantityCell.replace(/[^\d]/g, ''), 10);
        quantity = clampQuantity(Number.isFinite(n) ? n : 1);
      }
    }
    if (unitCell && !sized) unit = countUnit(unitCell) ?? unitCell.trim();
    out.push({
      name: article.name,
      quantity,
      unit,
      size,
      brand: cell('brand'),
      category: cell('category'),
      notes: [cell('notes'), article.notes].filter(Boolean).join(' ; ') || null,
      original_text: row.trim(),
      source: 'csv_import',
    });
  }
  return out;
}

/**
 * Reads a whole list. It is CSV when the file is named .csv/.tsv or when its first line is a header
 * naming an article column; otherwise text (so "Huile de palme;1" alone is a text line).
 */
export function parseList(text: string, filename?: string | null): ParsedList {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  const delimiter = detectDelimiter(firstLine);
  const named = Boolean(filename && /\.(csv|tsv)$/i.test(filename));
  const hasHeader = delimiter !== null && headerColumns(splitCsvLine(firstLine, delimiter)) !== null;
  if (named || hasHeader) {
    const fallback = filename && /\.tsv$/i.test(filename) ? '\t' : ',';
    return { format: 'csv', lines: parseCsv(lines, delimiter ?? fallback).slice(0, LIST_ITEMS_MAX) };
  }
  return { format: 'text', lines: parseText(lines).slice(0, LIST_ITEMS_MAX) };
}
