import { describe, expect, it } from 'vitest';
import { parseList, parseTextLine, readSize, splitCsvLine } from './line-parser';

type Row = [line: string, name: string, quantity: number, unit: string | null, size: string | null, notes?: string | null];

const sizeText = (s: { value: number; unit: string } | null) => (s ? `${s.value} ${s.unit}` : null);

function check(rows: Row[]) {
  for (const [line, name, quantity, unit, size, notes] of rows) {
    const parsed = parseTextLine(line);
    expect(parsed, line).not.toBeNull();
    const got = { name: parsed?.name, quantity: parsed?.quantity, unit: parsed?.unit, size: sizeText(parsed?.size ?? null) };
    expect(got, line).toEqual({ name, quantity, unit, size });
    if (notes !== undefined) expect(parsed?.notes, line).toBe(notes);
  }
}

describe('parseTextLine: how many and how big', () => {
  it('reads counts written before or after the name', () => {
    check([
      ['riz x2', 'riz', 2, null, null],
      ['2x riz', 'riz', 2, null, null],
      ['2 x Riz parfumé', 'Riz parfumé', 2, null, null],
      ['Savon ×3', 'Savon', 3, null, null],
      ['x3 savon', 'savon', 3, null, null],
      ['Riz (2)', 'Riz', 2, null, null],
      ['Riz (x2)', 'Riz', 2, null, null],
      ['Lait - 2', 'Lait', 2, null, null],
      ['Sucre : 3', 'Sucre', 3, null, null],
      ['Huile de palme;1', 'Huile de palme', 1, null, null],
      ['Javel, 2', 'Javel', 2, null, null],
      ['Oignons 5', 'Oignons', 5, null, null],
      ['6 oeufs', 'oeufs', 6, null, null],
      ['6 Œufs', 'Œufs', 6, null, null],
      ['12 Régab', 'Régab', 12, null, null],
      ['Beignets x 10', 'Beignets', 10, null, null],
      ['riz 2x', 'riz', 2, null, null],
      ['Sel x999', 'Sel', 999, null, null],
      ['0 x Sel', 'Sel', 1, null, null],
    ]);
  });

  it('reads number words, dozens and fractions', () => {
    check([
      ['une boîte de tomate', 'tomate', 1, 'boîte', null],
      ['deux paquets de spaghetti', 'spaghetti', 2, 'paquet', null],
      ['trois bouteilles de Djino', 'Djino', 3, 'bouteille', null],
      ['Cinq avocats', 'avocats', 5, null, null],
      ["une douzaine d'oeufs", 'oeufs', 12, null, null],
      ["2 douzaines d'oeufs", 'oeufs', 24, null, null],
      ["demi-douzaine d'oeufs", 'oeufs', 6, null, null],
      ["1/2 plateau d'oeufs", 'oeufs', 1, 'plateau', null],
      ["½ plateau d'œufs", 'œufs', 1, 'plateau', null],
      ['½ kg viande', 'viande', 1, 'kg', '500 g'],
      ['1/2 litre de lait', 'lait', 1, 'L', '500 mL'],
      ['un demi kilo de crevettes', 'crevettes', 1, 'kg', '500 g'],
      ['un kilo de viande', 'viande', 1, 'kg', '1000 g'],
    ]);
  });

  it('keeps a weight or volume as a size, not a count ("2 kg riz" is one 2 kg article)', () => {
    check([
      ['2 kg riz', 'riz', 1, 'kg', '2000 g'],
      ['2kg de riz', 'riz', 1, 'kg', '2000 g'],
      ['5 kg de farine', 'farine', 1, 'kg', '5000 g'],
      ['riz 25kg x 2', 'riz', 2, 'kg', '25000 g'],
      ['1 huile 1L', 'huile', 1, 'L', '1000 mL'],
      ['Djino 1,5L', 'Djino', 1, 'L', '1500 mL'],
      ['Djino 1.5 l', 'Djino', 1, 'L', '1500 mL'],
      ['Djino 1,5 L x 2', 'Djino', 2, 'L', '1500 mL'],
      ['2 Djino 50cl', 'Djino', 2, 'cl', '500 mL'],
      ['Spaghetti 500g x 4', 'Spaghetti', 4, 'g', '500 g'],
      ['Dentifrice 75 ml', 'Dentifrice', 1, 'mL', '75 mL'],
      ['Poisson 2 kilos', 'Poisson', 1, 'kg', '2000 g'],
      ['pétrole 2 litres', 'pétrole', 1, 'L', '2000 mL'],
      ['Lait en poudre, boîte 400 g', 'Lait en poudre', 1, 'boîte', '400 g'],
      ['1 sac de riz 25 kg', 'riz', 1, 'sac', '25000 g'],
      ['3 boîtes de sardines', 'sardines', 3, 'boîte', null],
      ['sardines 3 boîtes', 'sardines', 3, 'boîte', null],
      ['Petits pois 2 boites', 'Petits pois', 2, 'boîte', null],
      ['1 plateau d’oeufs', 'oeufs', 1, 'plateau', null],
      ["une palette d'œufs", 'œufs', 1, 'plateau', null],
      ['2 tas de tomates', 'tomates', 2, 'tas', null],
      ['1 botte de feuilles de manioc', 'feuilles de manioc', 1, 'botte', null],
      ['4 bte sardine', 'sardine', 4, 'boîte', null],
      ['2 pcs savon', 'savon', 2, 'pièce', null],
      ['Sucre blanc granulé, paquet 1 kg (3)', 'Sucre blanc granulé', 3, 'paquet', '1000 g'],
      ['Eau minérale Andza, pack 6 × 1,5 L', 'Eau minérale Andza', 1, 'pack', '1500 mL'],
      ['Baguette de pain (~170–190 g)', 'Baguette de pain', 1, 'g', '170 g'],
      ['33 Export x 6', '33 Export', 6, null, null],
      ['33 Export', '33 Export', 1, null, null],
    ]);
  });

  it('drops bullets, numbering and check boxes, even stacked', () => {
    check([
      ['- 2 kg riz', 'riz', 1, 'kg', '2000 g'],
      ['* Huile x3', 'Huile', 3, null, null],
      ['• Sucre', 'Sucre', 1, null, null],
      ['3. Oignons (4)', 'Oignons', 4, null, null],
      ['1) Pain', 'Pain', 1, null, null],
      ['a) Sel', 'Sel', 1, null, null],
      ['- [ ] Lait - 2', 'Lait', 2, null, null],
      ['[x] Savon', 'Savon', 1, null, null],
      ['☐ 2 Sel', 'Sel', 2, null, null],
      ['✅ Javel', 'Javel', 1, null, null],
      ['→ Tomates', 'Tomates', 1, null, null],
      ['10. 3 boîtes de sardines', 'sardines', 3, 'boîte', null],
    ]);
  });

  it('moves free notes, prices and alternatives out of the name', () => {
    check([
      ['Tomates (pour dimanche)', 'Tomates', 1, null, null, 'pour dimanche'],
      ['Bière si possible Régab', 'Bière', 1, null, null, 'si possible Régab'],
      ['Avocats (bien mûrs) 4', 'Avocats', 4, null, null, 'bien mûrs'],
      ['Régab ou Castel', 'Régab', 1, null, null, 'ou Castel'],
      ['Poulet de préférence local', 'Poulet', 1, null, null, 'de préférence local'],
      ['Riz parfumé 5 kg - 4 500 F', 'Riz parfumé', 1, 'kg', '5000 g', null],
      ["Huile Cuisin'Or 2L - 3500 FCFA", "Huile Cuisin'Or", 1, 'L', '2000 mL', null],
      ['Savon 2 (pour la maison)', 'Savon', 2, null, null, 'pour la maison'],
      ['Oeuf (à l’unité)', "Oeuf à l'unité", 1, null, null, null],
    ]);
  });

  it('reads sizes alone', () => {
    expect(readSize('1,5 L')).toEqual({ size: { value: 1500, unit: 'mL' }, unit: 'L' });
    expect(readSize('500g')?.size).toEqual({ value: 500, unit: 'g' });
    expect(readSize('5kg')?.size).toEqual({ value: 5000, unit: 'g' });
    expect(readSize('33 cl')?.size).toEqual({ value: 330, unit: 'mL' });
    expect(readSize("à l'unité")).toBeNull();
    expect(readSize('Sardines')).toBeNull();
  });
});

describe('parseList: whole texts', () => {
  it('drops headings, dates, totals and OCR noise, and keeps the articles', () => {
    const text = [
      'LISTE DE COURSES',
      'Liste des courses du 12/03/2025',
      'Samedi 12 mars',
      '12/03/2025',
      'Marché :',
      '- 2 kg riz',
      '..,;',
      '~~~~',
      'i l',
      '| |',
      '1 huile 1L',
      '----------',
      'Total : 12 500 F',
      'Budget 20000',
      '',
      '# rien',
      'PQ',
    ].join('\n');
    expect(parseList(text).lines.map((l) => l.name)).toEqual(['riz', 'huile', 'PQ']);
  });

  it('gives the lines under a shelf heading its category, up to a blank line', () => {
    const lines = parseList('Boissons :\nDjino\nRégab x6\n\nSavon\nLégumes :\n- tomates\nViande et poisson:\nCapitaine 1 kg').lines;
    expect(lines.map((l) => [l.name, l.category])).toEqual([
      ['Djino', 'Boissons'],
      ['Régab', 'Boissons'],
      ['Savon', null],
      ['tomates', 'Fruits et légumes'],
      ['Capitaine', 'Viande et poisson'],
    ]);
  });

  it('splits a line listing several articles, but not a product name with a comma', () => {
    expect(parseList('tomates, oignons, ail, piment').lines.map((l) => l.name)).toEqual(['tomates', 'oignons', 'ail', 'piment']);
    expect(parseList('2 riz, 3 huiles').lines.map((l) => [l.name, l.quantity])).toEqual([
      ['riz', 2],
      ['huiles', 3],
    ]);
    expect(parseList('riz • huile • sucre').lines.map((l) => l.name)).toEqual(['riz', 'huile', 'sucre']);
    expect(parseList('Sucre blanc granulé, paquet 1 kg').lines.map((l) => l.name)).toEqual(['Sucre blanc granulé']);
    expect(parseList('Feuilles de manioc, botte').lines.map((l) => [l.name, l.unit])).toEqual([['Feuilles de manioc', 'botte']]);
  });

  it('splits a message listing articles between commas, each with its count and size', () => {
    const lines = parseList('riz 2 kg, oeuf, 5x ail, 1x Régab, sucre blanc en morceaux, Riz parfumé 5 kg : 3\nDjino 1,5 L, riz;sel').lines;
    expect(lines.map((l) => [l.name, l.quantity, sizeText(l.size)])).toEqual([
      ['riz', 1, '2000 g'],
      ['oeuf', 1, null],
      ['ail', 5, null],
      ['Régab', 1, null],
      ['sucre blanc', 1, null],
      ['Riz parfumé', 3, '5000 g'],
      ['Djino', 1, '1500 mL'],
      ['riz', 1, null],
      ['sel', 1, null],
    ]);
    // Every piece keeps the whole line as what was read.
    expect(new Set(lines.slice(0, 6).map((l) => l.original_text)).size).toBe(1);
  });

  it('keeps with the article before it a piece that names none: a pack, a size, a note, a qualifier', () => {
    for (const [line, name] of [
      ['Oignons, 2 kg', 'Oignons'],
      ['Huile, 1L', 'Huile'],
      ['Tomates, bien mûres', 'Tomates'],
      ['Riz, 2 sacs', 'Riz'],
      ['Coca-Cola, bouteille verre consignée', 'Coca-Cola, bouteille verre consignée'],
      ["Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", "Huile de palme raffinée Cuisin'Or"],
      ['Poisson, si possible capitaine', 'Poisson'],
    ]) {
      expect(parseList(line).lines.map((l) => l.name), line).toEqual([name]);
    }
    // "bouteille de gaz" names an article: it is a piece of its own.
    expect(parseList('riz, bouteille de gaz, sucre').lines.map((l) => [l.name, l.unit])).toEqual([
      ['riz', null],
      ['gaz', 'bouteille'],
      ['sucre', null],
    ]);
  });

  it('drops a check box OCR read as letters or a symbol, and keeps the count written after it', () => {
    check([
      ['oO riz', 'riz', 1, null, null],
      ['O3 bidons huile de palme', 'huile de palme', 3, 'bidon', null],
      ['do 2 kg riz', 'riz', 1, 'kg', '2000 g'],
      ['© sucre', 'sucre', 1, null, null],
      ['0ignons 3', '0ignons', 3, null, null],
      ['Oignons', 'Oignons', 1, null, null],
    ]);
  });

  it('reads what a pack holds apart from how many packs: "pack eau Andza 6x1,5L" is one pack', () => {
    check([
      ['pack eau Andza 6x1,5L', 'pack eau Andza', 1, 'L', '1500 mL'],
      ['2 packs eau Andza 6 x 1,5 L', 'eau Andza', 2, 'pack', '1500 mL'],
      ['un pack de 6 Andza', 'Andza', 1, 'pack', null],
      ['carton de 12 x 33cl Régab', 'carton Régab', 1, 'cl', '330 mL'],
      // No pack written: the number is how many bottles.
      ['Djino 6x1,5L', 'Djino', 6, 'L', '1500 mL'],
    ]);
  });

  it('reads a count after a short name or a name starting with a number', () => {
    check([
      ['piles AA 12', 'piles AA', 12, null, null],
      ['33 Export 4', '33 Export', 4, null, null],
      ['33 Export', '33 Export', 1, null, null],
    ]);
  });

  it('drops shelf and shop headings written without a colon, and gives their category', () => {
    const lines = parseList('Frais\nyaourts\n\nBoissons\nDjino\nAu marché\ntomates\nÉpicerie\nsel\nViande\nPoisson').lines;
    expect(lines.map((l) => [l.name, l.category])).toEqual([
      ['yaourts', null],
      ['Djino', 'Boissons'],
      ['tomates', null],
      ['sel', 'Épicerie'],
      // Also articles: kept.
      ['Viande', 'Épicerie'],
      ['Poisson', 'Épicerie'],
    ]);
  });

  it('keeps every line as written in original_text, and the same article twice stays two lines (merged after matching)', () => {
    const lines = parseList('Crème fraîche\n- 2 x creme FRAICHE').lines;
    expect(lines.map((l) => [l.name, l.quantity, l.original_text, l.source])).toEqual([
      ['Crème fraîche', 1, 'Crème fraîche', 'text_import'],
      ['creme FRAICHE', 2, '- 2 x creme FRAICHE', 'text_import'],
    ]);
  });

  it('reads a line with a semicolon as text, not as a one-line CSV', () => {
    expect(parseList('Huile de palme;1')).toMatchObject({ format: 'text', lines: [{ name: 'Huile de palme', quantity: 1 }] });
  });

  it('reads a real-looking handwritten list', () => {
    const text = `Courses semaine
1) Riz 25kg x 2
2) Huile rouge 1L
3) 3 boîtes de sardines
4) 6 oeufs
5) Djino 1,5L (x3)
6) Piment - un tas
7) Gombo (si possible frais)
8) Régab 65cl x 12
Total : 45 000 F`;
    expect(parseList(text).lines.map((l) => [l.name, l.quantity, l.unit, sizeText(l.size)])).toEqual([
      ['Riz', 2, 'kg', '25000 g'],
      ['Huile rouge', 1, 'L', '1000 mL'],
      ['sardines', 3, 'boîte', null],
      ['oeufs', 6, null, null],
      ['Djino', 3, 'L', '1500 mL'],
      ['Piment', 1, 'tas', null],
      ['Gombo', 1, null, null],
      ['Régab', 12, 'cl', '650 mL'],
    ]);
  });
});

describe('parseList: CSV and TSV', () => {
  it('uses the header to find the columns, in any order, with ; , or tab', () => {
    const csv = parseList('Marque,Produit,Qté\nSucaf,Sucre,2\n,Sel,\n');
    expect(csv.format).toBe('csv');
    expect(csv.lines.map((l) => [l.name, l.quantity, l.brand, l.source])).toEqual([
      ['Sucre', 2, 'Sucaf', 'csv_import'],
      ['Sel', 1, null, 'csv_import'],
    ]);
    expect(parseList('article\tquantité\tnotes\nRiz\t3\tsac de 5 kg').lines.map((l) => [l.name, l.quantity, l.notes])).toEqual([['Riz', 3, 'sac de 5 kg']]);
  });

  it('reads sizes and packs in the name cell and a unit column', () => {
    const lines = parseList('Produit;Quantité;Unité\nDjino 1,5L;2;\nRiz;2;kg\nSardines;3;boîte\n"Huile de palme, bidon 5 L";1;').lines;
    expect(lines.map((l) => [l.name, l.quantity, l.unit, sizeText(l.size)])).toEqual([
      ['Djino', 2, 'L', '1500 mL'],
      ['Riz', 1, 'kg', '2000 g'],
      ['Sardines', 3, 'boîte', null],
      ['Huile de palme', 1, 'bidon', '5000 mL'],
    ]);
  });

  it('reads a pack written in the quantity cell ("3 plateaux", "une boîte")', () => {
    const lines = parseList('Qté\tArticle\n3 plateaux\toeufs\n2\toeufs\nune boîte\tsardines\n', 'liste.tsv').lines;
    expect(lines.map((l) => [l.name, l.quantity, l.unit])).toEqual([
      ['oeufs', 3, 'plateau'],
      ['oeufs', 2, null],
      ['sardines', 1, 'boîte'],
    ]);
    expect(parseList('"œufs",3 plateaux\nriz,2 kg', 'liste.csv').lines.map((l) => [l.name, l.quantity, l.unit, sizeText(l.size)])).toEqual([
      ['œufs', 3, 'plateau', null],
      ['riz', 1, 'kg', '2000 g'],
    ]);
  });

  it('reads a .csv without header as name then quantity, and respects quotes', () => {
    expect(parseList('"Savon ""noir""; artisanal";2\nJavel;1', 'liste.csv').lines.map((l) => [l.name, l.quantity, l.source])).toEqual([
      ['Savon "noir"; artisanal', 2, 'csv_import'],
      ['Javel', 1, 'csv_import'],
    ]);
    expect(splitCsvLine('a;"b;c";d', ';')).toEqual(['a', 'b;c', 'd']);
  });
});
