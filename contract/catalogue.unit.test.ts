// One list of categories and units (issue 28, item 7): every name a form or a client may send is
// filed in one of the catalogue's, which is what its filter offers.
import { describe, expect, it } from 'vitest';
import { ADD_DIALOG_CATEGORIES, ADD_DIALOG_UNITS, PRODUCT_CATEGORIES, PRODUCT_UNITS, catalogueCategory, catalogueUnit } from './catalogue';

describe('the catalogue categories', () => {
  it('are their own category', () => {
    for (const category of PRODUCT_CATEGORIES) expect(catalogueCategory(category)).toBe(category);
  });

  it('take each category of the spec’s add dialog into the catalogue category it belongs in', () => {
    expect(catalogueCategory('Alimentation')).toBe('Épicerie');
    expect(catalogueCategory('Santé & Beauté')).toBe("Produits d'hygiène");
    expect(catalogueCategory('Maison & Jardin')).toBe('Produits ménagers');
    expect(catalogueCategory('Électronique')).toBe('Divers');
    for (const name of Object.keys(ADD_DIALOG_CATEGORIES)) expect(PRODUCT_CATEGORIES).toContain(catalogueCategory(name));
  });

  it('read a name whatever its case, accents, spacing or apostrophe', () => {
    expect(catalogueCategory('epicerie')).toBe('Épicerie');
    expect(catalogueCategory('  FRUITS   et légumes ')).toBe('Fruits et légumes');
    expect(catalogueCategory('Produits d’hygiène')).toBe("Produits d'hygiène");
    expect(catalogueCategory('alimentation')).toBe('Épicerie');
  });

  it('know no other category', () => {
    for (const unknown of ['Électroménager', 'Cosmétiques', '', 'Divers2']) expect(catalogueCategory(unknown)).toBeNull();
  });
});

describe('the catalogue units', () => {
  it('are their own unit, and the add dialog’s are mapped onto them', () => {
    for (const unit of PRODUCT_UNITS) expect(catalogueUnit(unit)).toBe(unit);
    expect(catalogueUnit('litre')).toBe('L');
    expect(catalogueUnit('paquet')).toBe('pack');
    expect(catalogueUnit('bouteille')).toBe('pièce');
    for (const name of Object.keys(ADD_DIALOG_UNITS)) expect(PRODUCT_UNITS).toContain(catalogueUnit(name));
    expect(catalogueUnit('tonne')).toBeNull();
  });

  it('keep g and kg, mL and L apart', () => {
    expect(catalogueUnit('G')).toBe('g');
    expect(catalogueUnit('ml')).toBe('mL');
    expect(catalogueUnit('l')).toBe('L');
  });
});
