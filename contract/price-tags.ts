// A shelf label read from a photo (issue 29, item 2, « Photographier une étiquette »): the product
// (the label's EAN first, then its text matched to the catalogue) and the price printed big on it.
// The answer prefills the usual contribution (POST /api/prices/contribute, the photo as its proof);
// nothing is stored by reading a label.
import { z } from './zod';
import { MATCH_CONFIDENCES } from './imports';

/** Largest label photo accepted (as the other photos read by the server: 10 MB). */
export const PRICE_TAG_MAX_BYTES = 10 * 1024 * 1024;
/** Catalogue products offered besides (or instead of) the one chosen. */
export const PRICE_TAG_CANDIDATES_MAX = 5;
/** Label photos one account may have read per hour (the same allowance as product photos). */
export const PRICE_TAGS_PER_USER_PER_HOUR = 120;

export const PriceTagCandidateSchema = z.object({ product_id: z.string(), name: z.string() });
export type PriceTagCandidate = z.infer<typeof PriceTagCandidateSchema>;

/** POST /api/prices/price-tags (multipart `file`): 200. */
export const PriceTagResultSchema = z.object({
  /** The catalogue product the label names, or null when it could not be told. */
  product_id: z.string().nullable(),
  product_name: z.string().nullable(),
  /** Products the label may name, best first (the chosen one first when there is one). */
  candidates: z.array(PriceTagCandidateSchema).max(PRICE_TAG_CANDIDATES_MAX),
  /** The valid EAN/UPC read on the label (canonical GTIN), whether or not the catalogue knows it. */
  barcode: z.string().nullable(),
  /** The label's price in XAF; never a price per kg or per litre. Null when no price was read. */
  price_xaf: z.number().int().nonnegative().nullable(),
  /** high: the barcode named a catalogue product and the price was read surely; medium: a product and a price; low: to be checked. */
  confidence: z.enum(MATCH_CONFIDENCES),
});
export type PriceTagResult = z.infer<typeof PriceTagResultSchema>;
