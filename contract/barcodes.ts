// Product barcodes (GS1 GTINs): EAN-13, EAN-8, UPC-A (12 digits), UPC-E (8, expanded to UPC-A) and
// GTIN-14, each checked by its mod-10 check digit. A barcode is stored and compared in one canonical
// form, so a UPC-A typed with 12 digits, scanned as a 13-digit EAN ("0" + UPC-A) or printed as a
// GTIN-14 with leading zeros is the same product.
import { z } from './zod';
import { fr } from './messages';

/** Longest text accepted before normalising (spaces and dashes included). */
export const BARCODE_MAX_CHARS = 64;

/** The digits of a typed or scanned code: spaces (also non-breaking) and dashes removed; anything else is kept, so letters still fail. */
export function normaliseBarcode(raw: string): string {
  return raw.replace(/[\s\u00a0\u202f\-\u2010-\u2015]/g, '');
}

/** The GS1 mod-10 check digit of `body` (a GTIN without its last digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  // From the right, weights 3, 1, 3, 1…
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** A GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14 whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * A UPC-E code (6 digits, 7 with the number system, 8 with the check digit) as its UPC-A (12 digits),
 * or null when it cannot be one (number system other than 0 or 1, wrong length, not digits).
 * With 8 digits the given check digit is kept, so a wrong one still fails `isValidGtin`.
 */
export function upcEToUpcA(code: string): string | null {
  if (!/^\d+$/.test(code) || code.length < 6 || code.length > 8) return null;
  const numberSystem = code.length === 6 ? '0' : code[0];
  if (numberSystem !== '0' && numberSystem !== '1') return null;
  const d = code.length === 6 ? code : code.slice(1, 7);
  const last = d[5];
  let body: string;
  if (last <= '2') body = `${d[0]}${d[1]}${last}0000${d[2]}${d[3]}${d[4]}`;
  else if (last === '3') body = `${d[0]}${d[1]}${d[2]}00000${d[3]}${d[4]}`;
  else if (last === '4') body = `${d[0]}${d[1]}${d[2]}${d[3]}00000${d[4]}`;
  else body = `${d[0]}${d[1]}${d[2]}${d[3]}${d[4]}0000${last}`;
  const withSystem = numberSystem + body;
  const check = code.length === 8 ? code[7] : String(gs1CheckDigit(withSystem));
  return withSystem + check;
}

/**
 * The canonical form of a barcode, or null when it is not a valid GTIN: digits only; a GTIN-14 or
 * GTIN-13 with a leading zero loses it (down to GTIN-13, then UPC-A's 12 digits); 8 digits are an
 * EAN-8 when their check digit says so, otherwise a UPC-E expanded to its UPC-A.
 */
export function canonicalGtin(raw: string): string | null {
  let code = normaliseBarcode(raw);
  if (!/^\d+$/.test(code)) return null;
  if (code.length === 8) {
    if (isValidGtin(code)) return code;
    const upcA = upcEToUpcA(code);
    return upcA && isValidGtin(upcA) ? upcA : null;
  }
  if (!isValidGtin(code)) return null;
  while ((code.length === 14 || code.length === 13) && code.startsWith('0')) code = code.slice(1);
  return code;
}

/** The same product's code written another way (a 13-digit EAN of a UPC-A, spaces…) gives the same value. */
export const sameGtin = (a: string, b: string) => {
  const ca = canonicalGtin(a);
  return ca !== null && ca === canonicalGtin(b);
};

/** A scanner's symbologies, in the browser's BarcodeDetector naming ('other' for any other). */
export type ScannedFormat = 'ean_13' | 'ean_8' | 'upc_a' | 'upc_e' | 'qr_code' | 'other';
export type ScannedCode = { text: string; format: ScannedFormat };

const DIGITAL_LINK = /\/01\/(\d{8,14})(?:[/?#]|$)/;

/**
 * The catalogue GTIN a scanned code stands for, or null (a web address, a wrong check digit), so a
 * misread never reaches the catalogue. A QR code may hold a bare GTIN or a GS1 Digital Link
 * (…/01/{GTIN}…). A UPC-E comes as its 8 printed digits or already expanded, and its format says
 * which it is: an EAN-8 is never taken for a UPC-E, nor the other way round.
 */
export function gtinFromScan({ text, format }: ScannedCode): string | null {
  if (format === 'other') return null;
  if (format === 'qr_code') {
    const link = DIGITAL_LINK.exec(text);
    const candidate = link ? link[1] : /^\s*\d{8,14}\s*$/.test(text) ? text.trim() : null;
    return candidate && isValidGtin(candidate) ? canonicalGtin(candidate) : null;
  }
  const digits = text.replace(/\D/g, '');
  if (format === 'upc_e') {
    const upcA = digits.length <= 8 ? upcEToUpcA(digits) : digits;
    return upcA && isValidGtin(upcA) ? canonicalGtin(upcA) : null;
  }
  if (format === 'ean_8') return isValidGtin(digits) ? digits : null;
  return digits.length === 8 ? null : canonicalGtin(digits);
}

/** The first catalogue barcode among the codes read from one picture. */
export const firstGtin = (codes: readonly ScannedCode[]): string | null => {
  for (const code of codes) {
    const gtin = gtinFromScan(code);
    if (gtin) return gtin;
  }
  return null;
};

/** A barcode in a form or a URL: validated by its check digit and turned into its canonical form. */
export const BarcodeSchema = z
  .string({ error: fr.barcodes.invalid })
  .max(BARCODE_MAX_CHARS, { error: fr.barcodes.invalid })
  .transform((raw, ctx) => {
    const gtin = canonicalGtin(raw);
    if (gtin === null) {
      ctx.addIssue({ code: 'custom', message: fr.barcodes.invalid, input: raw });
      return z.NEVER;
    }
    return gtin;
  });

/** The product form's barcode: blank or null clears it, left out keeps it. */
export const OptionalBarcodeField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  BarcodeSchema.nullable().optional(),
);

// ---------------------------------------------------------------- routes

/** GET /api/products/by-barcode/{code}. */
export const BarcodeParamsSchema = z.object({ code: z.string().max(BARCODE_MAX_CHARS, { error: fr.barcodes.invalid }) });

/** POST /api/products/{id}/barcode: the scanner attaches the code it read to a product. */
export const AttachBarcodeSchema = z.object({ barcode: BarcodeSchema });
export type AttachBarcode = z.input<typeof AttachBarcodeSchema>;

/** 200: the barcode is on the product; 202: it waits for a moderator (the product is unchanged). */
export const AttachBarcodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  product_id: z.string(),
  barcode: z.string(),
  pending_review: z.boolean(),
  suggestion_id: z.string().nullable(),
});
export type AttachBarcodeResponse = z.infer<typeof AttachBarcodeResponseSchema>;

/** 409: another product already carries the barcode; `product_id` is that product. */
export const BarcodeTakenResponseSchema = z.object({
  detail: z.string(),
  code: z.string(),
  product_id: z.string(),
});
