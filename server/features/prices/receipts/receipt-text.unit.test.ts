import { describe, expect, it } from 'vitest';
import { looksLikeReceipt, readReceiptText, type ReadReceipt } from './receipt-text';

type Expected = {
  chain?: string | null;
  store_name?: string | null;
  district?: string | null;
  phone?: string | null;
  nif?: string | null;
  purchased_at?: string | null;
  total?: number | null;
  matches?: boolean;
  /** [label, quantity, unit price, line total] per item line, in order. */
  lines: [string, number, number | null, number | null][];
  discounts?: number;
  deposits?: number;
};

const simple = (read: ReadReceipt) => read.lines.map((l) => [l.label, l.quantity, l.unit_price_xaf, l.line_total_xaf]);

const TICKETS: { name: string; text: string; expected: Expected }[] = [
  {
    name: 'Géant CKdo, columns, a two-line article, a discount under its line, a deposit, VAT, cash and change',
    text: `GEANT CKDO
Bd Bessieux - Libreville
TEL: 011 76 20 30
NIF: 2015 0102 1234 B
03/12/2026 14:05   CAISSE 02
RIZ PARF ELEPHANT 5KG        6 500
HUILE PALME CUISIN'OR 90CL
   2 X 1 100                 2 200
SUCRE BLANC 1KG                850
REMISE                        -100
COCA COLA 1.5L               1.350
CONSIGNE BOUTEILLE             200
SOUS-TOTAL                  11 000
TOTAL                       11 000
TVA 18%                      1 678
ESPECES                     20 000
RENDU                        9 000
MERCI DE VOTRE VISITE`,
    expected: {
      chain: 'CKdo',
      store_name: 'Géant CKdo',
      district: 'Bessieux',
      phone: '+24111762030',
      nif: '2015 0102 1234 B',
      purchased_at: '2026-12-03T14:05:00+01:00',
      total: 11_000,
      matches: true,
      discounts: 100,
      deposits: 200,
      lines: [
        ['RIZ PARF ELEPHANT 5KG', 1, 6500, 6500],
        ["HUILE PALME CUISIN'OR 90CL", 2, 1100, 2200],
        ['SUCRE BLANC 1KG', 1, 850, 850],
        ['COCA COLA 1.5L', 1, 1350, 1350],
      ],
    },
  },
  {
    name: 'Carrefour e-receipt: single spaces (a PDF text layer), "2 x 675 = 1 350", dot thousands, card payment',
    text: `CARREFOUR MARKET
PRIX IMPORT OKALA
Tel +241 11 44 55 66
Le 03/12/26 a 09:41
LAIT NIDO 400G 4.250
SARDINES SAUPIQUET 125G
2 x 675 = 1 350
PQ LOTUS X4 1 990
PAIN BAGUETTE 250
TOTAL TTC 7 840
CARTE BANCAIRE 7 840`,
    expected: {
      chain: 'Carrefour',
      store_name: 'Carrefour Market',
      district: 'Okala',
      phone: '+24111445566',
      purchased_at: '2026-12-03T09:41:00+01:00',
      total: 7840,
      matches: true,
      lines: [
        ['LAIT NIDO 400G', 1, 4250, 4250],
        ['SARDINES SAUPIQUET 125G', 2, 675, 1350],
        ['PQ LOTUS X4', 1, 1990, 1990],
        ['PAIN BAGUETTE', 1, 250, 250],
      ],
    },
  },
  {
    name: 'Score with a QTE PU MONTANT layout on one line',
    text: `SUPERMARCHE SCORE
CENTRE VILLE LIBREVILLE
NIF 784512 R
DESIGNATION        QTE     PU   MONTANT
HUILE SOJA 1L        2  1 450     2 900
TOMATE CONC 400G     3    550     1 650
SAVON OMO 500G       1    900       900
NET A PAYER                      5 450
MOBILE MONEY AIRTEL              5 450
02.12.2026 18:22:10`,
    expected: {
      chain: 'Score',
      nif: '784512 R',
      purchased_at: '2026-12-02T18:22:10+01:00',
      total: 5450,
      matches: true,
      lines: [
        ['HUILE SOJA 1L', 2, 1450, 2900],
        ['TOMATE CONC 400G', 3, 550, 1650],
        ['SAVON OMO 500G', 1, 900, 900],
      ],
    },
  },
  {
    name: 'SANgel read with OCR slips: O for 0, l for 1, missing spaces, T0TAL',
    text: `SANGEL OLOUMI
TEL 077 28 01 50
O3/l2/2O26 l2:3O
RIZPARF ELEPHANT5KG6500
LAIT CONC 397G     l 35O
HUILE 9OCL          1 1OO
T0TAL              8 95O
ESPECES           1O OOO
MONNAIE            1 O5O`,
    expected: {
      chain: 'SANgel',
      district: 'Oloumi',
      phone: '+24177280150',
      purchased_at: '2026-12-03T12:30:00+01:00',
      total: 8950,
      matches: true,
      lines: [
        ['RIZPARF ELEPHANT5KG', 1, 6500, 6500],
        ['LAIT CONC 397G', 1, 1350, 1350],
        ['HUILE 9OCL', 1, 1100, 1100],
      ],
    },
  },
  {
    name: 'Mbolo: a weighed article, a global discount between TOTAL and NET A PAYER',
    text: `MBOLO
Boulevard Triomphal
3 déc. 2026 16:48
TOMATES VRAC
1,250 KG X 1 500 = 1 875
POULET ENTIER                 3 200
TOTAL                         5 075
REMISE FIDELITE                -75
NET A PAYER                   5 000
CB VISA                       5 000`,
    expected: {
      chain: 'Mbolo',
      purchased_at: '2026-12-03T16:48:00+01:00',
      total: 5000,
      matches: true,
      discounts: 75,
      lines: [
        ['TOMATES VRAC', 1.25, 1500, 1875],
        ['POULET ENTIER', 1, 3200, 3200],
      ],
    },
  },
  {
    name: 'a market receipt written by hand: few lines, a word date, "Total :"',
    text: `Marché Mont-Bouët
le 3 décembre 2026
Tomates 1 tas 500
Poisson fumé 3 000
Piment 200
Total : 3 700 F`,
    expected: {
      chain: 'Marché',
      district: 'Mont-Bouët',
      purchased_at: '2026-12-03',
      total: 3700,
      matches: true,
      lines: [
        ['Tomates 1 tas', 1, 500, 500],
        ['Poisson fumé', 1, 3000, 3000],
        ['Piment', 1, 200, 200],
      ],
    },
  },
  {
    name: 'Gaboprix: a two-digit year, the time on the next line, a label cut before its size',
    text: `GABOPRIX AKEBE
Date : 03-12-26
Heure : 14H05
LAIT CONCENTRE SUCRE BONNET ROUGE
397G                     650
BISCUITS COOKIES          300
CONSIGNE CASIER         1 000
TOTAL                     950
ESPECES                 1 000
RENDU                      50`,
    expected: {
      chain: 'Gaboprix',
      purchased_at: '2026-12-03T14:05:00+01:00',
      total: 950,
      matches: true,
      deposits: 1000,
      lines: [
        ['LAIT CONCENTRE SUCRE BONNET ROUGE 397G', 1, 650, 650],
        ['BISCUITS COOKIES', 1, 300, 300],
      ],
    },
  },
  {
    name: 'Cecado: a quantity line that adds up, Airtel Money, nothing after the total taken for an item',
    text: `MAXI CECADO
CARREFOUR JIJI AKANDA
Ticket 4521  Caisse 3
03/12/2026 10:02
EAU ANDZA 1,5L
6 X 350                2 100
JUS TOP ORANGE 1L        1 200
TOTAL A PAYER            3 300
AIRTEL MONEY             3 300
REF TRANSACTION 88123456
POINTS FIDELITE          33`,
    expected: {
      chain: 'Cecado',
      store_name: 'Maxi Cecado',
      district: 'Carrefour Jiji',
      purchased_at: '2026-12-03T10:02:00+01:00',
      total: 3300,
      matches: true,
      lines: [
        ['EAU ANDZA 1,5L', 6, 350, 2100],
        ['JUS TOP ORANGE 1L', 1, 1200, 1200],
      ],
    },
  },
  {
    name: 'an ambiguous "30 900" settled by the total: the eggs tray at 900, not 30 900',
    text: `SUPER CKDO OWENDO
03/12/2026 08:15
OEUFS 30 900
PAIN 250
TOTAL 1 150`,
    expected: {
      chain: 'CKdo',
      store_name: 'Super CKdo',
      district: null,
      total: 1150,
      matches: true,
      lines: [
        ['OEUFS 30', 1, 900, 900],
        ['PAIN', 1, 250, 250],
      ],
    },
  },
];

describe('readReceiptText: a table of tickets', () => {
  for (const { name, text, expected } of TICKETS) {
    it(name, () => {
      const read = readReceiptText(text);
      expect(simple(read)).toEqual(expected.lines);
      if (expected.chain !== undefined) expect(read.store.chain).toBe(expected.chain);
      if (expected.store_name !== undefined) expect(read.store.store_name).toBe(expected.store_name);
      if (expected.district !== undefined) expect(read.store.district).toBe(expected.district);
      if (expected.phone !== undefined) expect(read.store.phone).toBe(expected.phone);
      if (expected.nif !== undefined) expect(read.store.nif).toBe(expected.nif);
      if (expected.purchased_at !== undefined) expect(read.purchased_at).toBe(expected.purchased_at);
      if (expected.total !== undefined) expect(read.total_xaf).toBe(expected.total);
      if (expected.matches !== undefined) expect(read.checks.matches_total).toBe(expected.matches);
      if (expected.discounts !== undefined) expect(read.discounts_xaf).toBe(expected.discounts);
      if (expected.deposits !== undefined) expect(read.deposits_xaf).toBe(expected.deposits);
      // Every line of a ticket that adds up, read without doubt, is 'high'; none fails its arithmetic.
      for (const line of read.lines) expect(line.arithmetic).not.toBe('failed');
      expect(looksLikeReceipt(text, read)).toBe(true);
    });
  }
});

describe('readReceiptText: the arithmetic decides the confidence', () => {
  it('a quantity line that does not add up is never high', () => {
    const read = readReceiptText(`CKDO GLASS
03/12/2026 11:00
SARDINES 125G
2 X 675              1 450
PAIN                   250
TOTAL                1 700`);
    const sardines = read.lines[0];
    expect(sardines.arithmetic).toBe('failed');
    expect(sardines.confidence).toBe('low');
    expect(read.checks.matches_total).toBe(true);
    expect(read.lines[1].confidence).toBe('high');
  });

  it('when the lines do not add up to the total, no line is high', () => {
    const read = readReceiptText(`SCORE
03/12/2026 11:00
RIZ 5KG        6 500
HUILE 1L       1 450
TOTAL          8 450`);
    expect(read.checks.matches_total).toBe(false);
    expect(read.checks.lines_total_xaf).toBe(7950);
    expect(read.total_xaf).toBe(8450);
    expect(read.lines.map((l) => l.confidence)).not.toContain('high');
  });

  it('a label whose figures were lost is kept, low, without a price', () => {
    const read = readReceiptText(`SANGEL
RIZ PARF 5KG
HUILE PALME CUISIN'OR 90CL    1 100
TOTAL 7 600`);
    expect(read.lines[0]).toMatchObject({ label: 'RIZ PARF 5KG', unit_price_xaf: null, confidence: 'low' });
    expect(read.lines[1]).toMatchObject({ label: "HUILE PALME CUISIN'OR 90CL", unit_price_xaf: 1100 });
    expect(read.lines[1].confidence).not.toBe('high');
  });

  it('a label ending in a figure, over a quantity line that adds up by itself, keeps its figure', () => {
    const read = readReceiptText('CKDO\nPAIN 250\nOEUFS PLATEAU 30\n   2 X 3 685         7 370\nTOTAL 7 620');
    expect(simple(read)).toEqual([['PAIN', 1, 250, 250], ['OEUFS PLATEAU 30', 2, 3685, 7370]]);
    // Nor does it make the ticket one that prints details under priced lines.
    expect(read.lines.map((l) => l.confidence)).toEqual(['high', 'high']);
  });

  it('a weight in the quantity column, and a cut label that only looks like a payment word', () => {
    const read = readReceiptText(`SCORE
DESIGNATION   QTE    PU  MONTANT
OIGNONS     2,144  1.000   2.144
BIERE CASTE     4    670   2.680
CARPE FRAICHE   1  2.500   2.500
NET A PAYER                7.324`);
    expect(simple(read)).toEqual([
      ['OIGNONS', 2.144, 1000, 2144],
      ['BIERE CASTE', 4, 670, 2680],
      ['CARPE FRAICHE', 1, 2500, 2500],
    ]);
    expect(read.checks.matches_total).toBe(true);
  });

  it('a quantity line OCR damaged gives its count, never a high unit price', () => {
    const read = readReceiptText('CKDO GLASS\nPAPIER HYG 4 RLX\n3 Xl; 345               4 035\nPAIN 250\nSAVON TOILETTE\n2X-355                 710\nTOTAL 4 995');
    expect(simple(read)).toEqual([['PAPIER HYG 4 RLX', 3, 1345, 4035], ['PAIN', 1, 250, 250], ['SAVON TOILETTE', 2, 355, 710]]);
    expect(read.checks.matches_total).toBe(true);
    expect(read.lines.map((l) => l.confidence)).toEqual(['medium', 'high', 'medium']);
  });

  it('where the detail is printed under a priced line, a line without one is not high (its detail may be lost)', () => {
    const read = readReceiptText(`MBOLO
LAIT UHT 1/2 ECR 1L          3 045
JUS FRUITS BRIQUE 1L         4 035
   3 X 1 345
TOTAL                        7 080`);
    expect(simple(read)).toEqual([['LAIT UHT 1/2 ECR 1L', 1, 3045, 3045], ['JUS FRUITS BRIQUE 1L', 3, 1345, 4035]]);
    expect(read.lines.map((l) => l.confidence)).toEqual(['medium', 'high']);
  });

  it('"OEUFS PLATEAU 30  3 520" is the eggs at 3 520, not a count of 30 failing its arithmetic', () => {
    const read = readReceiptText('CKDO\nOEUFS PLATEAU 30                           3 520\nTOTAL 3 520');
    expect(simple(read)).toEqual([['OEUFS PLATEAU 30', 1, 3520, 3520]]);
    expect(read.lines[0].confidence).toBe('high');
  });

  it('a thousands space OCR read as a digit ("1 065" → "19065") is undone when the arithmetic says so, never high', () => {
    const read = readReceiptText(`SCORE
DESIGNATION             QTE    PU MONTANT
PAIN DE MIE               1 19065 10065
MAYONNAISE 450G           6 19950 11 700
POMMES DE TERRE       2,497 17235 3 084
SEL FIN 1KG               1    365     365
NET A PAYER                         16 214`);
    expect(simple(read)).toEqual([
      ['PAIN DE MIE', 1, 1065, 1065],
      ['MAYONNAISE 450G', 6, 1950, 11_700],
      ['POMMES DE TERRE', 2.497, 1235, 3084],
      ['SEL FIN 1KG', 1, 365, 365],
    ]);
    expect(read.checks.matches_total).toBe(true);
    expect(read.lines.map((l) => l.confidence)).toEqual(['medium', 'medium', 'medium', 'high']);
  });

  it('figures of a column read into the label keep the line from being high, a name ending in a number does not', () => {
    const read = readReceiptText('SCORE\nOIGNONS 0,512 - 905          463\nOEUFS PLATEAU 30   3 520\nTOTAL 3 983');
    expect(read.checks.matches_total).toBe(true);
    // The weight and the price per kilo make the total: they are the line's figures, not its name.
    expect(read.lines.map((l) => [l.label, l.quantity, l.unit_price_xaf, l.confidence])).toEqual([['OIGNONS', 0.512, 905, 'medium'], ['OEUFS PLATEAU 30', 1, 3520, 'high']]);
  });

  it('a count misread in a column: the unit price that makes the total, or none', () => {
    const read = readReceiptText('SCORE\nBAGUETTE        q    185     740\nSUCRE 1KG       +    305   3 220\nTOTAL 3 960');
    expect(read.checks.matches_total).toBe(true);
    expect(simple(read)).toEqual([['BAGUETTE', 4, 185, 740], ['SUCRE 1KG + 305', 1, null, 3220]]);
    expect(read.lines.map((l) => l.confidence)).not.toContain('high');
  });

  it('quantity × unit ≠ total: the unit price is not given, unless the ticket adds up with the total', () => {
    const adds = readReceiptText('SCORE\nRIZ 5KG     1 3686 3 680\nTOTAL 3 680');
    expect(simple(adds)).toEqual([['RIZ 5KG', 1, 3680, 3680]]);
    const not = readReceiptText('SCORE\nRIZ 5KG     1 3686 3 680\nHUILE 1L    1 450\nTOTAL 5 100');
    expect(not.lines[0]).toMatchObject({ unit_price_xaf: null, confidence: 'low' });
  });

  it('on a ticket that does not add up, an amount that looks like OCR damage is not given', () => {
    const read = readReceiptText('CKDO\nSEL FIN 1KG            25\nnl         49 320\nRIZ 5KG             4 250\nTOTAL 4 750');
    expect(read.checks.matches_total).toBe(false);
    expect(read.lines.map((l) => l.unit_price_xaf)).toEqual([null, null, 4250]);
  });

  it('"40 040" is one amount, never 40 | 040 (a till prints no leading zero)', () => {
    const read = readReceiptText('CKDO\nRIZ 25KG 40 040\nTOTAL 40 040');
    expect(simple(read)).toEqual([['RIZ 25KG', 1, 40_040, 40_040]]);
  });

  it('lines read from OCR words keep their columns from the boxes', () => {
    const word = (text: string, x0: number) => ({ text, bbox: { x0, y0: 0, x1: x0 + text.length * 10, y1: 20 } });
    const read = readReceiptText([
      { text: 'CKDO', words: [word('CKDO', 0)] },
      { text: 'OEUFS 30 900', words: [word('OEUFS', 0), word('30', 60), word('900', 300)] },
      { text: 'TOTAL 900', words: [word('TOTAL', 0), word('900', 300)] },
    ]);
    expect(simple(read)).toEqual([['OEUFS 30', 1, 900, 900]]);
    expect(read.lines[0].confidence).toBe('high');
  });
});

describe('looksLikeReceipt', () => {
  it('a shopping list is not a till receipt', () => {
    for (const list of [
      'Liste de courses\nRiz 5 kg\nHuile de palme 1L\n3 boîtes de sardines\nOignons 2\nSucre',
      'Courses du samedi 05/12\n- riz x2\n- tomates 4\n- pain 3\n- lait Nido',
      'Pour la maison :\nSavon\nOMO 500g\nPapier toilette 2 paquets',
    ]) expect(looksLikeReceipt(list), list).toBe(false);
  });

  it('an empty or unreadable text is not one either', () => {
    expect(looksLikeReceipt('')).toBe(false);
    expect(looksLikeReceipt('~~ ,, ..\n|||')).toBe(false);
  });
});
