// Shopping lists as files people send: a note pasted into a .txt (bullets or not, CRLF, BOM), a
// message with the items on one line separated by commas, and spreadsheet exports (.csv with ';' or
// ',', quoted cells, headers or none, quantity and unit columns, .tsv with the quantity first).
import type { ListLine, ShoppingList } from './dataset';

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

export type TextFile = { bytes: Buffer; filename: string; format: string; list: ShoppingList };

const BOM = '\ufeff';
const BULLET = /^(?:[-•*☐□✓→–☑]|\[[ x]\]|\d+[.)])\s+/;

function quoteCell(value: string, separator: string): string {
  return value.includes(separator) || value.includes('"') || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const items = (list: ShoppingList) => list.lines.filter((l) => l.truth.kind !== 'none');

/** Quantity cell: "2", "2 kg", "3 boîtes", or empty when nothing was written. */
const amountCell = (line: ListLine, withUnit: boolean) => (line.amount ? (withUnit && line.unit ? `${line.amount} ${line.unit}` : line.amount) : '');

/** Variant 1 (items separated by commas, as in a message) for 2 documents in 20; the others in turn. */
export function textFile(list: ShoppingList, random: Random, index: number): TextFile {
  const variant = index % 10 === 1 ? 1 : [0, 2, 3, 4, 5][index % 5];
  switch (variant) {
    case 0: {
      const eol = random() < 0.4 ? '\r\n' : '\n';
      const text = (random() < 0.3 ? BOM : '') + list.lines.map((l) => l.text).join(eol) + eol;
      return { bytes: Buffer.from(text, 'utf8'), filename: pick(random, ['liste.txt', 'courses.txt', 'Liste de courses.txt']), format: 'txt', list };
    }
    case 1: {
      // A message: items on a line or two, separated by commas (decimal commas written as points).
      const its = items(list).map((l) => ({ ...l, text: l.text.replace(BULLET, '').replace(/(\d),(\d)/g, '$1.$2') }));
      const cut = Math.ceil(its.length / 2);
      const text = `${its.slice(0, cut).map((l) => l.text).join(', ')}\n${its.slice(cut).map((l) => l.text).join(', ')}\n`;
      return { bytes: Buffer.from(text, 'utf8'), filename: 'message.txt', format: 'txt (virgules)', list: { ...list, lines: its } };
    }
    case 2: {
      const rows = items(list).map((l) => [l.name ?? l.text, amountCell(l, true) || '1']);
      const text = ['Produit;Quantité', ...rows.map((r) => r.map((c) => quoteCell(c, ';')).join(';'))].join('\r\n');
      return { bytes: Buffer.from(BOM + text + '\r\n', 'utf8'), filename: 'courses.csv', format: 'csv ; (Produit;Quantité)', list };
    }
    case 3: {
      const rows = items(list).map((l) => [l.name ?? l.text, l.amount ?? '', l.unit ?? '']);
      const text = ['article,qte,unite', ...rows.map((r) => r.map((c) => quoteCell(c, ',')).join(','))].join('\n');
      return { bytes: Buffer.from(text + '\n', 'utf8'), filename: 'export.csv', format: 'csv , (article,qte,unite)', list };
    }
    case 4: {
      const rows = items(list).map((l) => [amountCell(l, true) || '1', l.name ?? l.text]);
      const text = ['Qté\tArticle', ...rows.map((r) => r.join('\t'))].join('\n');
      return { bytes: Buffer.from(text + '\n', 'utf8'), filename: 'liste.tsv', format: 'tsv (Qté, Article)', list };
    }
    default: {
      // No header, quoted names, a quantity column that is sometimes empty.
      const rows = items(list).map((l) => [`"${(l.name ?? l.text).replace(/"/g, '""')}"`, amountCell(l, true)]);
      const text = rows.map((r) => r.join(',')).join('\n');
      return { bytes: Buffer.from(text + '\n', 'utf8'), filename: 'liste.csv', format: 'csv sans en-tête', list };
    }
  }
}
