import { describe, expect, it } from 'vitest';
import { firstGtin, gtinFromScan } from './barcodes';

describe('gtinFromScan', () => {
  it('keeps a valid EAN-13, EAN-8 and UPC-A in their canonical form', () => {
    expect(gtinFromScan({ text: '3017620425035', format: 'ean_13' })).toBe('3017620425035');
    expect(gtinFromScan({ text: '96385074', format: 'ean_8' })).toBe('96385074');
    expect(gtinFromScan({ text: '036000291452', format: 'upc_a' })).toBe('036000291452');
    // A UPC-A read as a 13-digit EAN is the same product.
    expect(gtinFromScan({ text: '0036000291452', format: 'ean_13' })).toBe('036000291452');
  });

  it('expands a UPC-E to its UPC-A, even when its digits would also pass as an EAN-8', () => {
    expect(gtinFromScan({ text: '04252614', format: 'upc_e' })).toBe('042100005264');
  });

  it('refuses a wrong check digit and anything that is not a product code', () => {
    expect(gtinFromScan({ text: '3017620425036', format: 'ean_13' })).toBeNull();
    expect(gtinFromScan({ text: 'https://monpanier.ga', format: 'qr_code' })).toBeNull();
    expect(gtinFromScan({ text: 'ABC', format: 'other' })).toBeNull();
  });

  it('reads the GTIN of a QR code: plain digits or a GS1 Digital Link', () => {
    expect(gtinFromScan({ text: '3017620425035', format: 'qr_code' })).toBe('3017620425035');
    expect(gtinFromScan({ text: 'https://id.gs1.org/01/03017620425035/10/LOT12', format: 'qr_code' })).toBe('3017620425035');
  });

  it('firstGtin skips what is not a product code', () => {
    expect(firstGtin([{ text: 'https://exemple.ga', format: 'qr_code' }, { text: '96385074', format: 'ean_8' }])).toBe('96385074');
    expect(firstGtin([])).toBeNull();
  });
});
