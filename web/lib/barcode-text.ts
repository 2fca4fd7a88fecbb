// What a scanned code means for the catalogue: the canonical GTIN of an EAN-13, EAN-8, UPC-A or
// UPC-E, or of a QR code holding a GTIN or a GS1 Digital Link (…/01/{GTIN}); null for anything else
// (a web address, a wrong check digit), so a misread never reaches the API.
import { canonicalGtin, isValidGtin, upcEToUpcA } from '#contract/barcodes';

/** The symbologies the scanner looks for, in the browser's BarcodeDetector naming. */
export type ScannedFormat = 'ean_13' | 'ean_8' | 'upc_a' | 'upc_e' | 'qr_code' | 'other';

export type ScannedCode = { text: string; format: ScannedFormat };

const DIGITAL_LINK = /\/01\/(\d{8,14})(?:[/?#]|$)/;

export function gtinFromScan({ text, format }: ScannedCode): string | null {
  const raw = text.trim();
  // A UPC-E is 8 digits like an EAN-8: its format says which, so it is expanded and never read as an EAN-8.
  if (format === 'upc_e') {
    const upcA = upcEToUpcA(raw);
    return upcA && isValidGtin(upcA) ? canonicalGtin(upcA) : null;
  }
  if (format === 'qr_code') {
    const link = DIGITAL_LINK.exec(raw);
    if (link) return canonicalGtin(link[1]);
    return /^\d+$/.test(raw) ? canonicalGtin(raw) : null;
  }
  return /^\d+$/.test(raw) ? canonicalGtin(raw) : null;
}

/** The first catalogue barcode among the codes read from one picture. */
export const firstGtin = (codes: ScannedCode[]): string | null => {
  for (const code of codes) {
    const gtin = gtinFromScan(code);
    if (gtin) return gtin;
  }
  return null;
};
