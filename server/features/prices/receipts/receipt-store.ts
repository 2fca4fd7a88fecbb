// What a ticket's header says about its store: the chain (CKdo, Carrefour / Prix Import, Score,
// Mbolo, Cecado, Gaboprix, SANgel…, with OCR slips forgiven), the store's own name when printed
// ("Géant CKdo", "Maxi CKdo"), the district or city (the seed stores' own), the phone (Gabon's
// 9-digit numbers, or +241 and 8 digits) and the NIF. Hints only: matching them to a store row is
// the caller's job. Pure: no I/O.
import { foldName } from '#contract/lists';
import storesData from '../../../db/seed/stores.json' with { type: 'json' };
import { editCost } from '../../imports/match-text';

export type StoreHints = {
  /** The chain as shoppers name it ('CKdo', 'Carrefour'…), or null. */
  chain: string | null;
  /** The seed's `chain` values this chain covers, for the store lookup. */
  seed_chains: string[];
  /** A store format printed with the chain ("Géant CKdo", "Carrefour Market"), or null. */
  store_name: string | null;
  district: string | null;
  city: string | null;
  /** E.164 ("+24111762030") when it reads as a Gabonese number, else null. */
  phone: string | null;
  nif: string | null;
};

type Chain = { name: string; words: string[][]; seed: string[]; formats?: [RegExp, string][] };

/**
 * The chains, each with the word sequences that name it on a ticket (folded). One table: a new
 * chain is one line here.
 */
export const CHAINS: Chain[] = [
  { name: 'CKdo', words: [['ckdo'], ['c', 'kdo'], ['ck', 'do'], ["c'kdo"]], seed: ['CKdo (Ceca-Gadis)'], formats: [[/\bgeant\b/, 'Géant CKdo'], [/\bmaxi\b/, 'Maxi CKdo'], [/\bsuper\b/, 'Super CKdo']] },
  {
    name: 'Carrefour',
    words: [['carrefour'], ['prix', 'import'], ['priximport']],
    seed: ['Carrefour (Prix Import)', 'Carrefour Market (Prix Import)'],
    formats: [[/\bmarket\b/, 'Carrefour Market'], [/\bhypermarche\b/, 'Hypermarché Carrefour']],
  },
  { name: 'Score', words: [['score']], seed: ['Score (Sodigab / Mercure International)'] },
  { name: 'Mbolo', words: [['mbolo']], seed: ['Mbolo (Sodigab / Mercure International)'] },
  { name: 'Cecado', words: [['cecado']], seed: ['Cecado (Ceca-Gadis)'], formats: [[/\bmaxi\b/, 'Maxi Cecado']] },
  { name: 'Gaboprix', words: [['gaboprix'], ['gabo', 'prix']], seed: ['Gaboprix (Ceca-Gadis)'] },
  { name: 'SANgel', words: [['sangel']], seed: ['SANgel'] },
  { name: 'Supergros', words: [['supergros'], ['intergros']], seed: ['Supergros / Intergros (Ceca-Gadis)'] },
  { name: 'Foberd', words: [['foberd'], ['fobert']], seed: ['Foberd (groupe Fobert)'] },
  { name: 'Marché', words: [['marche']], seed: ['Marché municipal (indépendant)'] },
];

type Place = { words: string[]; district: string | null; city: string };

/** Districts and cities of the seed stores, longest names first ("Port d'Owendo" before "Owendo"). */
const PLACES: Place[] = (() => {
  const places = new Map<string, Place>();
  const add = (name: string, district: string | null, city: string) => {
    const words = foldName(name).replace(/[^a-z0-9' -]/g, ' ').split(/[\s'-]+/).filter((w) => w.length > 0);
    if (words.length === 0 || words.join('').length < 4) return;
    const key = words.join(' ');
    if (!places.has(key)) places.set(key, { words, district, city });
  };
  for (const store of storesData as { city: string; district: string }[]) {
    if (!/non verifi/i.test(foldName(store.district))) {
      for (const part of store.district.replace(/\([^)]*\)/g, '').split(/[/–]/)) {
        const name = part.trim();
        if (name && !/^(?:centre|centre-ville|owendo centre)$/i.test(name)) add(name, name, store.city);
      }
    }
    add(store.city, null, store.city);
  }
  return [...places.values()].sort((a, b) => b.words.length - a.words.length || b.words.join('').length - a.words.join('').length);
})();

const wordsOf = (line: string) => foldName(line).replace(/[^a-z0-9'&]+/g, ' ').trim().split(' ').filter(Boolean);

/**
 * A word read for a known word: equal, one OCR confusion away (half an edit: 0/o, rn/m…) in a word
 * of five letters or more, one plain slip from seven ("SC0RE" is Score, "STORE" is not).
 */
function sameWord(read: string, known: string): boolean {
  if (read === known) return true;
  if (known.length < 5 || Math.abs(read.length - known.length) > 1) return false;
  return editCost(read.replace(/0/g, 'o'), known) <= (known.length >= 7 ? 1 : 0.5);
}

function containsSequence(words: string[], sequence: string[]): boolean {
  for (let i = 0; i + sequence.length <= words.length; i++) {
    if (sequence.every((w, k) => sameWord(words[i + k], w))) return true;
  }
  // "C'KDO", "CK-DO": the sequence glued into one word.
  const glued = sequence.join('');
  return glued.length >= 4 && words.some((w) => sameWord(w.replace(/'/g, ''), glued));
}

export function findChain(lines: readonly string[]): { chain: Chain; line: number } | null {
  for (let i = 0; i < lines.length; i++) {
    const words = wordsOf(lines[i]);
    for (const chain of CHAINS) if (chain.words.some((seq) => containsSequence(words, seq))) return { chain, line: i };
  }
  return null;
}

function findPlace(lines: readonly string[]): Place | null {
  let cityOnly: Place | null = null;
  for (const line of lines) {
    const words = wordsOf(line);
    for (const place of PLACES) {
      if (!containsSequence(words, place.words)) continue;
      if (place.district) return place;
      cityOnly ??= place;
    }
  }
  return cityOnly;
}

/**
 * A Gabonese phone number on a line that names one (TEL, Tél., ☎) or that is only a number:
 * 9 digits with a leading 0 ("011 76 20 30", "077 28 01 50"), or +241 / 00241 and 8 digits.
 */
export function findPhone(lines: readonly string[]): string | null {
  for (const line of lines) {
    const folded = foldName(line).replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0');
    if (!/\b(?:tel|tél|telephone|phone|fax|contact|whatsapp|gsm)\b|\+\s?241|^\s*[\d\s.()+-]{9,}$/.test(folded)) continue;
    if (/\bfax\b/.test(folded) && !/\btel\b/.test(folded)) continue;
    const international = /(?:\+|00)\s?241[\s.-]*((?:\d[\s.-]*){8})(?!\d)/.exec(folded);
    if (international) {
      const digits = international[1].replace(/\D/g, '');
      // "+241 077 28 01 50": the national 0 written after the country code.
      return `+241${digits.length === 8 ? digits : digits.slice(1)}`;
    }
    const national = /(?<!\d)(0(?:[\s.-]*\d){8})(?![\s.-]*\d)/.exec(folded);
    if (national) return `+241${national[1].replace(/\D/g, '').slice(1)}`;
  }
  return null;
}

/** The NIF (numéro d'identification fiscale) as printed after "NIF", without spaces. */
export function findNif(lines: readonly string[]): string | null {
  for (const line of lines) {
    const m = /\bn\.?\s?i\.?\s?f\.?\s*(?:n[°o]\s*)?[:.]?\s*([0-9a-z][0-9a-z /-]{3,24})/i.exec(foldName(line).replace(/\s+/g, ' '));
    if (!m) continue;
    const value = m[1].replace(/\s*(?:rccm|r\.c\.c\.m|tel|bp)\b.*$/, '').replace(/[\s/-]+$/, '').toUpperCase();
    if (/\d{4}/.test(value.replace(/\s/g, ''))) return value.replace(/\s+/g, ' ');
  }
  return null;
}

/** The store hints of a ticket, read from its header (the lines before the first item). */
export function readStoreHints(header: readonly string[], all: readonly string[] = header): StoreHints {
  const found = findChain(header) ?? findChain(all.slice(-6));
  const chain = found?.chain ?? null;
  let storeName: string | null = null;
  if (found && chain?.formats) {
    const context = foldName([header[found.line - 1] ?? '', header[found.line] ?? all[found.line] ?? '', header[found.line + 1] ?? ''].join(' '));
    storeName = chain.formats.find(([re]) => re.test(context))?.[1] ?? null;
  }
  const place = findPlace(header);
  return {
    chain: chain?.name ?? null,
    seed_chains: chain?.seed ?? [],
    store_name: storeName,
    district: place?.district ?? null,
    city: place?.city ?? null,
    phone: findPhone(header) ?? findPhone(all),
    nif: findNif(header) ?? findNif(all),
  };
}
