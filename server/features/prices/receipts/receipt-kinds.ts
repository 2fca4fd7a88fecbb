// What a ticket line is by its words, before its figures: a total, a discount, a deposit, VAT, a
// payment or change, a count of articles, a header or footer line (address, phone, NIF, cashier,
// thanks). Whatever none of them claims may be an item. Words are matched folded, O/0 and l/1
// slips undone ("T0TAL"), and a long keyword forgives one OCR slip ("ESPFCES"). Pure: no I/O.
import { foldName } from '#contract/lists';
import { editCost } from '../../imports/match-text';

export type LineKind = 'total' | 'subtotal' | 'discount' | 'discount_total' | 'deposit' | 'vat' | 'payment' | 'change' | 'count' | 'info';

/** Folded words of a label, O/0 and 1/l slips inside words undone ("T0TAL" → "total"). */
export function labelWords(label: string): string[] {
  return foldName(label)
    .replace(/[^a-z0-9'./]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (/[a-z]/.test(w) ? w.replace(/0/g, 'o').replace(/1/g, 'l') : w).replace(/[.']/g, ''))
    .filter(Boolean);
}

// One OCR confusion (rn/m, e/c…: half an edit) in a keyword of five letters or more, one plain slip
// from seven: "CASTE" (a cut "CASTEL") is not "CARTE", "CARPE" is a fish.
const near = (word: string, keyword: string) =>
  word === keyword || (keyword.length >= 5 && Math.abs(word.length - keyword.length) <= 1 && editCost(word, keyword) <= (keyword.length >= 7 ? 1 : 0.5));
const has = (words: string[], ...keywords: string[]) => words.some((w) => keywords.some((k) => near(w, k)));
const startsWith = (words: string[], ...keywords: string[]) => words.length > 0 && keywords.some((k) => near(words[0], k));
const phrase = (words: string[], sequence: string[]) => {
  for (let i = 0; i + sequence.length <= words.length; i++) if (sequence.every((k, j) => near(words[i + j], k))) return true;
  return false;
};

const PAYMENT = ['especes', 'espece', 'esp', 'cash', 'carte', 'cb', 'visa', 'mastercard', 'airtel', 'moov', 'cheque', 'reglement', 'regle', 'paiement', 'paye', 'verse', 'versement', 'recu', 'acompte', 'avoir', 'tpe', 'mobile', 'money', 'momo'];
const CHANGE = ['rendu', 'monnaie', 'rendre', 'rendue'];
const INFO = [
  'tel', 'telephone', 'fax', 'nif', 'rccm', 'bp', 'caissier', 'caissiere', 'hote', 'hotesse', 'ticket', 'facture', 'vendeur', 'client',
  'magasin', 'merci', 'bienvenue', 'bientot', 'visite', 'www', 'http', 'adresse', 'boulevard', 'bd', 'avenue', 'rue', 'quartier', 'horaires',
  'ouvert', 'conservez', 'echange', 'sarl', 'capital', 'siege', 'operateur', 'terminal', 'transaction', 'autorisation', 'fidelite', 'points',
  'solde', 'cumul', 'economise', 'economie', 'economies', 'duplicata', 'copie', 'signature', 'num', 'numero', 'ref', 'date', 'heure', 'emis',
];

/** The kind of a line whose words are not an article's, or null (maybe an item). */
export function lineKind(label: string): LineKind | null {
  const words = labelWords(label);
  if (words.length === 0) return null;
  const folded = words.join(' ');
  // Order matters: "TOTAL TVA" is VAT, "TOTAL REMISES" a recap of the discounts, "SOUS-TOTAL" the lines.
  // Column headings ("DESIGNATION QTE PU MONTANT") and the till's number: never an item, never a total.
  if (has(words, 'designation', 'libelle', 'description') || startsWith(words, 'caisse') || /\b(?:n|no|num) ?caisse\b|\bcaisse (?:n |no )?\d/.test(folded)) return 'info';
  if (has(words, 'tva', 'tax', 'taxe', 'taxes', 'ht') || /\bt ?v ?a\b|hors tax|\bbase\b|\bcss\b/.test(folded)) return 'vat';
  if (startsWith(words, 'total', 'tota', 'totl') && has(words, 'remise', 'remises', 'economie', 'economies', 'reduction', 'reductions', 'avantages')) return 'discount_total';
  if (has(words, 'remise', 'remises', 'rabais', 'reduction', 'ristourne', 'escompte', 'coupon', 'promo', 'promotion', 'bon', 'avantage') && !startsWith(words, 'total')) return 'discount';
  if (has(words, 'consigne', 'consignes', 'deconsigne', 'consign', 'cons', 'emballage', 'emballages', 'caution') && !startsWith(words, 'total')) return 'deposit';
  if (phrase(words, ['a', 'payer']) || startsWith(words, 'net')) return 'total';
  if (has(words, ...CHANGE) || phrase(words, ['a', 'rendre'])) return 'change';
  if (has(words, 'fidelite', 'points', 'cumul', 'solde')) return 'info';
  if (has(words, ...PAYMENT)) return 'payment';
  if (/^(?:sous ?total|s ?total|st|subtotal)\b/.test(folded) || phrase(words, ['sous', 'total'])) return 'subtotal';
  if (has(words, 'articles', 'article', 'art', 'nb', 'nbre', 'qte', 'quantite', 'pieces', 'colis') && (startsWith(words, 'total', 'nb', 'nbre', 'nombre', 'qte', 'articles', 'article') || /^\d+\s+(?:articles?|art)\b/.test(folded))) return 'count';
  if (startsWith(words, 'total', 'tota', 'totl', 'ttc', 'net', 'montant', 'somme', 'payer') || phrase(words, ['a', 'payer']) || phrase(words, ['net', 'a', 'payer'])) return 'total';
  if (has(words, ...INFO)) return 'info';
  return null;
}

/** Totals in order of trust: what is to be paid beats a plain "TOTAL". */
export function totalRank(label: string): number {
  const folded = labelWords(label).join(' ');
  if (/\bnet\b|\ba payer\b|\bpayer\b/.test(folded)) return 3;
  if (/\bttc\b/.test(folded)) return 2;
  return 1;
}

/** A deposit given back ("DECONSIGNE", "RETOUR CONSIGNE") lowers the total. */
export function isDepositReturn(label: string): boolean {
  const folded = labelWords(label).join(' ');
  return /\bdeconsign|\bretour\b|\brestitu/.test(folded);
}
