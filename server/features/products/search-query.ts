// What a shopper's search means (issue 28, items 1 and 2): « riz 5kg », « huile 2L », « eau 1,5L »,
// « coca 50cl x6 » are words of a product type and a size (and a pack count). The size is read by the
// list parser's own reader (imports/line-parser.ts: units normalised, kg → g, L and cl → mL), so a
// list line and a search agree on what « 1,5 L » is; the words left are matched as text, and a
// product whose size (products.size_value/size_unit, read from its name the same way) is the one
// asked for ranks first. The catalogue and the list builder both search through this.
import { type Size, splitSize } from '../imports/line-parser';

export type UnderstoodSearch = {
  /** The words to match as text: the search without its size and pack count. */
  text: string;
  /** The size asked for, in g or mL; null when none is written. */
  size: Size | null;
  /** « x6 », « 6x », « pack de 6 »: how many in the pack; null when none is written. */
  pack: number | null;
};

// « pack de 6 », « pack 6 × 1,5 L », « 6x », « 6 × 33 cl », « x6 »: a search's and a product name's pack.
const PACK_RE = /\bpack\s+(?:de\s+)?(\d{1,2})\b(?:\s*[x×](?=\s|\d|$))?|\b(\d{1,2})\s*[x×](?=\s|\d|$)|(?:^|\s)x\s*(\d{1,2})(?=\s|$)/iu;

/** How many a pack holds, as a search or a product name writes it, and where; null when none is written. */
export function findPack(text: string): { count: number; at: number; length: number } | null {
  const m = PACK_RE.exec(text);
  return m ? { count: Number(m[1] ?? m[2] ?? m[3]), at: m.index, length: m[0].length } : null;
}

/** The text, size and pack count of a search; a search that is only a size keeps its text as typed. */
export function understandSearch(search: string): UnderstoodSearch {
  const { rest, size } = splitSize(search);
  const pack = findPack(rest);
  const text = (pack ? `${rest.slice(0, pack.at)} ${rest.slice(pack.at + pack.length)}` : rest).replace(/\s+/g, ' ').trim();
  if (!text) return { text: search.trim(), size: null, pack: null };
  return { text, size, pack: pack?.count ?? null };
}
