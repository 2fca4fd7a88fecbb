import { describe, expect, it } from 'vitest';
import { parseListText, parseTextLine, splitCsvLine } from './text-import';

describe('parseListText (pasted text)', () => {
  it('reads quantities before or after the name, and drops bullets, numbering and check boxes', () => {
    const lines = parseListText(['Liste de courses :', '- 2 x Riz parfumé', '* Huile x3', '3. Oignons (4)', '- [ ] Lait - 2', '• 5 kg de farine', '6 Œufs', '', '# rien'].join('\n'));
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Riz parfumé', 2],
      ['Huile', 3],
      ['Oignons', 4],
      ['Lait', 2],
      ['5 kg de farine', 1],
      ['Œufs', 6],
    ]);
    expect(lines[0]).toMatchObject({ original_text: '- 2 x Riz parfumé', source: 'text_import' });
  });

  it('adds up the same article written twice, whatever its case or accents', () => {
    expect(parseListText('Crème fraîche\n2 x creme FRAICHE').map((l) => [l.name, l.quantity])).toEqual([['Crème fraîche', 3]]);
  });

  it('keeps quantities between 1 and 999', () => {
    expect(parseTextLine('0 x Sel')?.quantity).toBe(1);
    expect(parseTextLine('Sel x999')?.quantity).toBe(999);
    expect(parseTextLine('   ')).toBeNull();
  });
});

describe('parseListText (CSV)', () => {
  it('uses the header to find the columns, in any order, with ; , or tab', () => {
    expect(parseListText('Marque,Produit,Qté\nSucaf,Sucre,2\n,Sel,\n').map((l) => [l.name, l.quantity, l.brand])).toEqual([
      ['Sucre', 2, 'Sucaf'],
      ['Sel', 1, null],
    ]);
    expect(parseListText('article\tquantité\tnotes\nRiz\t3\tsac de 5 kg').map((l) => [l.name, l.quantity, l.notes])).toEqual([['Riz', 3, 'sac de 5 kg']]);
  });

  it('reads a .csv without header as name then quantity, and respects quotes', () => {
    expect(parseListText('"Savon ""noir""; artisanal";2\nJavel;1', 'liste.csv').map((l) => [l.name, l.quantity, l.source])).toEqual([
      ['Savon "noir"; artisanal', 2, 'csv_import'],
      ['Javel', 1, 'csv_import'],
    ]);
    expect(splitCsvLine('a;"b;c";d', ';')).toEqual(['a', 'b;c', 'd']);
  });
});
