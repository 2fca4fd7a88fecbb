import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREA_CELL_DEGREES, type AreaStore, areaName, cellOf, roundedKm } from './delivery-area';

const store = (id: string, latitude: number, longitude: number, city: string | null, district: string | null): AreaStore => ({ id, latitude, longitude, city, district });
const KNOWN = [
  store('a', 0.418, 9.4385, 'Libreville', 'Bas de Gué-Gué (1er arr.)'),
  store('b', 0.51, 9.44, 'Akanda', 'Akanda'),
  store('c', -0.719, 8.7815, 'Port-Gentil', 'Non vérifié (position = centre-ville par défaut)'),
  store('d', 0.3, 9.6, null, 'Quelque part'),
];

describe('the delivery cell', () => {
  it('is the centre of a 0.01° square, computed without floating-point surprises', () => {
    expect(cellOf({ latitude: 0.39, longitude: 9.45 })).toEqual({ latitude: 0.395, longitude: 9.455 });
    expect(cellOf({ latitude: 0.41, longitude: 9.44 })).toEqual({ latitude: 0.415, longitude: 9.445 });
    expect(cellOf({ latitude: -0.7193, longitude: 8.7815 })).toEqual({ latitude: -0.715, longitude: 8.785 });
  });

  it('holds the point, and every point of a cell gives the same centre (so distances from anywhere say nothing finer)', () => {
    const coordinate = fc.double({ min: -80, max: 80, noNaN: true });
    fc.assert(
      fc.property(coordinate, coordinate, (latitude, longitude) => {
        const cell = cellOf({ latitude, longitude });
        expect(Math.abs(cell.latitude - latitude)).toBeLessThanOrEqual(AREA_CELL_DEGREES / 2 + 1e-6);
        expect(Math.abs(cell.longitude - longitude)).toBeLessThanOrEqual(AREA_CELL_DEGREES / 2 + 1e-6);
        expect(cellOf(cell)).toEqual(cell);
      }),
    );
  });

  it('rounds distances to 0.5 km and never says 0', () => {
    expect([0, 0.2, 0.74, 0.76, 5.548, 6.04].map(roundedKm)).toEqual([0.5, 0.5, 0.5, 1, 5.5, 6]);
  });
});

describe('the area name', () => {
  it('is the nearest store’s district within 2.5 km, else its town within 40 km, else unknown', () => {
    expect(areaName(KNOWN, cellOf({ latitude: 0.41, longitude: 9.44 }))).toBe('Bas de Gué-Gué (1er arr.), Libreville');
    expect(areaName(KNOWN, cellOf({ latitude: 0.6, longitude: 9.44 }))).toBe('Environs d’Akanda');
    expect(areaName(KNOWN, cellOf({ latitude: 0.45, longitude: 9.47 }))).toBe('Environs de Libreville');
    // A district the data marks as unverified is not a name.
    expect(areaName(KNOWN, cellOf({ latitude: -0.72, longitude: 8.78 }))).toBe('Environs de Port-Gentil');
    expect(areaName(KNOWN, cellOf({ latitude: 5, longitude: 5 }))).toBe('Secteur non précisé');
    expect(areaName(KNOWN, null)).toBe('Secteur non précisé');
  });
});
