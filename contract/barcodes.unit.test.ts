import { describe, expect, it } from 'vitest';
import { BarcodeSchema, canonicalGtin, gs1CheckDigit, isValidGtin, normaliseBarcode, OptionalBarcodeField, sameGtin, upcEToUpcA } from './barcodes';
import { fr } from './messages';

describe('normaliseBarcode', () => {
  it('keeps the digits and drops spaces and dashes', () => {
    expect(normaliseBarcode(' 3 017620-422003 ')).toBe('3017620422003');
    expect(normaliseBarcode('5449\u00a0000\u202f000996')).toBe('5449000000996');
    expect(normaliseBarcode('0-36000-29145-2')).toBe('036000291452');
  });

  it('keeps letters, so they still fail validation', () => {
    expect(normaliseBarcode('30176204220O3')).toBe('30176204220O3');
  });
});

describe('isValidGtin', () => {
  it.each([
    ['3017620422003', 'EAN-13 (Nutella)'],
    ['5449000000996', 'EAN-13 (Coca-Cola)'],
    ['6111242100992', 'EAN-13 (Morocco)'],
    ['96385074', 'EAN-8'],
    ['036000291452', 'UPC-A'],
    ['012345000065', 'UPC-A of a UPC-E'],
    ['10036000291459', 'GTIN-14'],
    ['00036000291452', 'GTIN-14 of a UPC-A'],
  ])('accepts %s (%s)', (code) => {
    expect(isValidGtin(code)).toBe(true);
  });

  it.each([
    ['3017620422004', 'wrong check digit'],
    ['5449000000995', 'wrong check digit'],
    ['96385075', 'wrong EAN-8 check digit'],
    ['036000291453', 'wrong UPC-A check digit'],
    ['30176204220O3', 'a letter'],
    ['301762042200', 'twelve digits that are no UPC-A'],
    ['30176204220031', 'fourteen digits with a wrong check'],
    ['1234567', 'seven digits'],
    ['123456789012345', 'fifteen digits'],
    ['', 'nothing'],
    ['3017620422003 ', 'a trailing space (normalise first)'],
  ])('refuses %s (%s)', (code) => {
    expect(isValidGtin(code)).toBe(false);
  });

  it('computes the GS1 check digit from the right', () => {
    expect(gs1CheckDigit('301762042200')).toBe(3);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('1003600029145')).toBe(9);
  });
});

describe('upcEToUpcA', () => {
  it.each([
    ['01234565', '012345000065'], // last digit 5-9: manufacturer 5 digits, item 0000 + digit
    ['04252614', '042100005264'], // last digit 0-2
    ['01234531', '012300000451'], // last digit 3
    ['01234542', '012340000052'], // last digit 4 (its check digit is kept as given, here a wrong one)
    ['123456', '012345000065'], // six digits: number system 0, check digit computed
    ['0123456', '012345000065'],
  ])('expands %s to %s', (upcE, upcA) => {
    expect(upcEToUpcA(upcE)).toBe(upcA);
  });

  it('refuses number systems other than 0 and 1, and wrong shapes', () => {
    expect(upcEToUpcA('21234565')).toBeNull();
    expect(upcEToUpcA('12345')).toBeNull();
    expect(upcEToUpcA('0123456789')).toBeNull();
    expect(upcEToUpcA('0abc4565')).toBeNull();
  });

  it('keeps a wrong check digit so the expansion fails validation', () => {
    expect(isValidGtin(upcEToUpcA('01234565')!)).toBe(true);
    expect(isValidGtin(upcEToUpcA('01234566')!)).toBe(false);
  });
});

describe('canonicalGtin', () => {
  it('gives one form for the same product written several ways', () => {
    expect(canonicalGtin('3017620422003')).toBe('3017620422003');
    expect(canonicalGtin('03017620422003')).toBe('3017620422003');
    expect(canonicalGtin('036000291452')).toBe('036000291452');
    expect(canonicalGtin('0036000291452')).toBe('036000291452');
    expect(canonicalGtin('00036000291452')).toBe('036000291452');
    expect(canonicalGtin('0 36000 29145 2')).toBe('036000291452');
    expect(canonicalGtin('10036000291459')).toBe('10036000291459');
    expect(sameGtin('0036000291452', '036000291452')).toBe(true);
    expect(sameGtin('3017620422003', '5449000000996')).toBe(false);
  });

  it('reads eight digits as an EAN-8, or else as a UPC-E', () => {
    expect(canonicalGtin('96385074')).toBe('96385074');
    // 04252614 fails the EAN-8 check but is the UPC-E of 042100005264.
    expect(canonicalGtin('04252614')).toBe('042100005264');
    expect(canonicalGtin('06543217')).toBe('065100004327');
    // Valid both ways: the EAN-8 reading wins (a scanner that saw a UPC-E says so, see platform/barcode).
    expect(canonicalGtin('01234565')).toBe('01234565');
    expect(canonicalGtin('04252615')).toBeNull();
  });

  it('refuses what is not a valid GTIN', () => {
    for (const bad of ['3017620422004', 'abc', '', '12345', '30176204220O3', '-']) expect(canonicalGtin(bad)).toBeNull();
  });
});

describe('BarcodeSchema', () => {
  it('answers the canonical form', () => {
    expect(BarcodeSchema.parse(' 5449000000996 ')).toBe('5449000000996');
    expect(BarcodeSchema.parse('0036000291452')).toBe('036000291452');
  });

  it('refuses a bad code in French', () => {
    for (const bad of ['3017620422004', '30176204220O3', '123', 42, 'x'.repeat(100)]) {
      const result = BarcodeSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(fr.barcodes.invalid);
    }
    expect(fr.barcodes.invalid).toBe('Code-barres invalide : vérifiez les chiffres (EAN-13, EAN-8 ou UPC)');
  });

  it('as a form field, blank clears and left out keeps', () => {
    expect(OptionalBarcodeField.parse('  ')).toBeNull();
    expect(OptionalBarcodeField.parse(null)).toBeNull();
    expect(OptionalBarcodeField.parse(undefined)).toBeUndefined();
    expect(OptionalBarcodeField.parse('96385074')).toBe('96385074');
    expect(OptionalBarcodeField.safeParse('96385075').success).toBe(false);
  });
});
