import { describe, expect, it } from 'vitest';
import { overpassQuery, parseOverpass } from './overpass-source';

describe('overpassQuery', () => {
  it('asks for named food shops and markets in the box, with way centres', () => {
    const query = overpassQuery({ south: 0.3, west: 9.4, north: 0.5, east: 9.6 });
    expect(query).toContain('node["shop"~"^(supermarket|convenience|greengrocer|butcher|general|grocery|wholesale|department_store)$"]["name"](0.3,9.4,0.5,9.6);');
    expect(query).toContain('way["amenity"="marketplace"]["name"](0.3,9.4,0.5,9.6);');
    expect(query.trim().endsWith('out center tags;')).toBe(true);
  });
});

describe('parseOverpass', () => {
  it('keeps named elements with a position, nodes by lat/lon and ways by their centre', () => {
    const stores = parseOverpass({
      elements: [
        { type: 'node', id: 1, lat: 0.4, lon: 9.45, tags: { name: ' Épicerie Nzeng ', 'addr:housenumber': '12', 'addr:street': 'Rue Ange Mba', 'addr:suburb': 'Nzeng-Ayong', brand: 'SANgel' } },
        { type: 'way', id: 2, center: { lat: 0.41, lon: 9.46 }, tags: { name: 'Marché de Louis', 'contact:phone': '+241 01 02 03 04' } },
        { type: 'node', id: 3, lat: 0.42, lon: 9.47, tags: { shop: 'supermarket' } },
        { type: 'relation', id: 4, tags: { name: 'Sans position' } },
      ],
    });
    expect(stores).toEqual([
      {
        externalId: 'node/1',
        name: 'Épicerie Nzeng',
        address: '12 Rue Ange Mba, Nzeng-Ayong',
        city: null,
        district: 'Nzeng-Ayong',
        chain: 'SANgel',
        latitude: 0.4,
        longitude: 9.45,
        phone: null,
        openingHours: {},
      },
      expect.objectContaining({ externalId: 'way/2', latitude: 0.41, longitude: 9.46, phone: '+241 01 02 03 04', address: '' }),
    ]);
  });

  it('answers nothing for a malformed answer', () => {
    expect(parseOverpass(null)).toEqual([]);
    expect(parseOverpass({ remark: 'runtime error' })).toEqual([]);
  });
});
