import { describe, expect, it } from 'vitest';
import storesData from './stores.json' with { type: 'json' };
import { shownAddress, shownDistrict } from './store-address';

describe('the seed stores’ addresses as shown', () => {
  it('drops the sources’ remarks and says the district and city where the sources had no address', () => {
    expect(shownAddress({ address: 'Centre-ville de Libreville (adresse exacte non publiée dans la source)', district: 'Centre-ville', city: 'Libreville' })).toBe('Centre-ville de Libreville');
    expect(shownAddress({ address: 'Adresse non trouvée dans les sources', district: 'Non vérifié (position = centre-ville par défaut)', city: 'Port-Gentil' })).toBe('Port-Gentil');
    expect(shownAddress({ address: 'Adresse non trouvée dans les sources', district: 'Grand-Village (3e arr.)', city: 'Port-Gentil' })).toBe('Grand-Village (3e arr.), Port-Gentil');
    expect(shownAddress({ address: 'Bas de Gué-Gué, 1er arrondissement', district: 'Bas de Gué-Gué (1er arr.)', city: 'Libreville' })).toBe('Bas de Gué-Gué, 1er arrondissement');
    expect(shownDistrict('Non vérifié (position = centre-ville par défaut)')).toBeNull();
    expect(shownDistrict('Okala (1er arr.)')).toBe('Okala (1er arr.)');
  });

  it('leaves no remark about sources in any seed store', () => {
    for (const store of storesData) {
      const shown = `${shownAddress(store)} ${shownDistrict(store.district) ?? ''}`;
      expect(shown, store.name).not.toMatch(/source|non vérifié|non trouvée|non publiée/i);
      expect(shownAddress(store).length, store.name).toBeGreaterThan(0);
    }
  });
});
