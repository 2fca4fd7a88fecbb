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

const PACK_RE = /(?:^|\s)(?:x\s*(\d{1,2})|(\d{1,2})\s*x|pack\s+de\s+(\d{1,2}))(?=\s|$)/iu;

/** The text, size and pack count of a search; a search that is only a size keeps its text as typed. */
export function understandSearch(search: string): UnderstoodSearch {
  const { rest, size } = splitSize(search);
  const pack = PACK_RE.exec(rest);
  const text = (pack ? rest.replace(PACK_RE, ' ') : rest).replace(/\s+/g, ' ').trim();
  if (!text) return { text: search.trim(), size: null, pack: null };
  return { text, size, pack: pack ? Number(pack[1] ?? pack[2] ?? pack[3]) : null };
}
