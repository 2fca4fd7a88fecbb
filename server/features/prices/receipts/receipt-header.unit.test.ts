import { describe, expect, it } from 'vitest';
import { findPurchaseDate, toIso } from './receipt-date';
import { findNif, findPhone, readStoreHints } from './receipt-store';

const dateOf = (...lines: string[]) => {
  const found = findPurchaseDate(lines);
  return found && toIso(found);
};

describe('the purchase date in French formats', () => {
  it.each([
    [['03/12/2026 14:05'], '2026-12-03T14:05:00+01:00'],
    [['03-12-26'], '2026-12-03'],
    [['3 déc. 2026'], '2026-12-03'],
    [['Le 3 décembre 2026 à 9h07'], '2026-12-03T09:07:00+01:00'],
    [['03.12.2026 14.05'], '2026-12-03T14:05:00+01:00'],
    [['2026-12-03 14:05:33'], '2026-12-03T14:05:33+01:00'],
    [['O3/l2/2O26 l4:O5'], '2026-12-03T14:05:00+01:00'],
    [['DATE 03/12/2026', 'HEURE 18:40'], '2026-12-03T18:40:00+01:00'],
    [['14:05   03/12/2026'], '2026-12-03T14:05:00+01:00'],
  ])('%j → %s', (lines, iso) => expect(dateOf(...lines)).toBe(iso));

  it('refuses dates that do not exist and skips a footer validity date', () => {
    expect(dateOf('31/02/2026')).toBeNull();
    expect(dateOf('Bon valable jusqu\'au 31/12/2026', '03/12/2026 10:00')).toBe('2026-12-03T10:00:00+01:00');
    expect(dateOf('RIZ 5KG 6 500')).toBeNull();
  });
});

describe('store hints', () => {
  it.each([
    ['TEL: 011 76 20 30', '+24111762030'],
    ['Tél. +241 77 28 01 50', '+24177280150'],
    ['Tel (+241) 066 12 34 56', '+24166123456'],
    ['077.28.01.50', '+24177280150'],
  ])('phone %s', (line, phone) => expect(findPhone([line])).toBe(phone));

  it('reads the NIF without what follows it', () => {
    expect(findNif(['NIF : 2015 0102 1234 B  RCCM GA-LBV-01'])).toBe('2015 0102 1234 B');
    expect(findNif(['N.I.F. 784512R'])).toBe('784512R');
  });

  it.each([
    [['GEANT CKDO', 'BORD DE MER'], 'CKdo', 'Géant CKdo'],
    [['C KDO OWENDO'], 'CKdo', null],
    [['CARREFOUR MARKET', 'NZENG-AYONG'], 'Carrefour', 'Carrefour Market'],
    [['PRIX IMPORT'], 'Carrefour', null],
    [['SC0RE'], 'Score', null],
    [['GAB0PRIX AKEBE'], 'Gaboprix', null],
    [['SANGEL BIKELE'], 'SANgel', null],
    [['SUPERMARCHE MBOLO'], 'Mbolo', null],
  ])('chain of %j', (lines, chain, storeName) => {
    const hints = readStoreHints(lines);
    expect(hints.chain).toBe(chain);
    expect(hints.store_name).toBe(storeName);
    expect(hints.seed_chains.length).toBeGreaterThan(0);
  });

  it('finds the district among the seed stores', () => {
    expect(readStoreHints(['CARREFOUR MARKET', 'NZENG-AYONG']).district).toBe('Nzeng-Ayong');
    expect(readStoreHints(['SANGEL', 'BIKELE']).district).toBe('Bikélé');
    expect(readStoreHints(['CKDO', 'FRANCEVILLE']).city).toBe('Franceville');
  });
});
