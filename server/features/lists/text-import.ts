// Turns a pasted shopping list or the content of a .txt/.csv file into list lines. Pure: no I/O.
// Text: one article per line; bullets, numbering and check boxes are dropped; a quantity may lead
// ("2 x Riz", "3 Oignons") or trail ("Riz x2", "Riz (2)", "Riz - 2"). CSV: a header naming the
// columns (nom/article/produit, quantité, marque, catégorie, notes) in any order, or no header
// with the name first and the quantity second; separator ; , or tab, double quotes respected.
import { foldName, ITEM_NAME_MAX, ITEM_QUANTITY_MAX, LIST_ITEMS_MAX } from '#contract/lists';

export type ParsedLine = {
  name: string;
  quantity: number;
  brand: string | null;
  category: string | null;
  notes: string | null;
  original_text: string;
  source: 'text_import' | 'csv_import';
};

const UNIT_WORDS = /^(kg|g|gr|l|cl|ml|litres?|kilos?|grammes?)\b/i;
const COLUMNS: Record<'name' | 'quantity' | 'brand' | 'category' | 'notes', RegExp> = {
  name: /^(nom|name|article|articles|produit|produits|product|item|designation|libelle)$/,
  quantity: /^(quantite|qte|qty|quantity|nombre|nb|quantites)$/,
  brand: /^(marque|brand)$/,
  category: /^(categorie|category|rayon)$/,
  notes: /^(note|notes|remarque|remarques|commentaire|commentaires|comment)$/,
};

export function parseListText(text: string, filename?: string | null): ParsedLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  const delimiter = detectDelimiter(firstLine);
  const looksCsv = Boolean(filename && /\.csv$/i.test(filename)) || (delimiter !== null && headerColumns(splitCsvLine(firstLine, delimiter)) !== null);
  const parsed = looksCsv ? parseCsv(lines, delimiter ?? ',') : lines.map(parseTextLine).filter((l): l is ParsedLine => l !== null);
  return mergeDuplicates(parsed).slice(0, LIST_ITEMS_MAX);
}

function detectDelimiter(line: string): string | null {
  const counts = [';', '\t', ','].map((d) => [d, line.split(d).length - 1] as const).filter(([, n]) => n > 0);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[0] ?? null;
}

export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

type ColumnMap = Partial<Record<keyof typeof COLUMNS, number>>;

function headerColumns(cells: string[]): ColumnMap | null {
  const map: ColumnMap = {};
  cells.forEach((cell, index) => {
    const key = foldName(cell).replace(/[^a-z]/g, '');
    for (const [column, pattern] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, RegExp][]) {
      if (map[column] === undefined && pattern.test(key)) map[column] = index;
    }
  });
  return map.name !== undefined ? map : null;
}

function parseCsv(lines: string[], delimiter: string): ParsedLine[] {
  const rows = lines.filter((l) => l.trim() !== '');
  if (rows.length === 0) return [];
  const header = headerColumns(splitCsvLine(rows[0], delimiter));
  const columns: ColumnMap = header ?? { name: 0, quantity: 1 };
  const body = header ? rows.slice(1) : rows;
  const out: ParsedLine[] = [];
  for (const row of body) {
    const cells = splitCsvLine(row, delimiter);
    const cell = (key: keyof typeof COLUMNS) => {
      const index = columns[key];
      const value = index === undefined ? '' : (cells[index] ?? '').trim();
      return value === '' ? null : value;
    };
    const name = cleanName(cell('name') ?? '');
    if (!name) continue;
    out.push({
      name,
      quantity: toQuantity(cell('quantity')),
      brand: cell('brand'),
      category: cell('category'),
      notes: cell('notes'),
      original_text: row.trim(),
      source: 'csv_import',
    });
  }
  return out;
}

const BULLET = /^\s*(?:[-*•·–—+>]+|\d{1,3}[.)]|\[[ xX✓✔]?\]|☐|☑|✅)\s*/;

export function parseTextLine(raw: string): ParsedLine | null {
  const original = raw.trim();
  let line = original;
  // Bullets, numbering and check boxes may be stacked ("- [ ] 2 x Riz").
  for (let i = 0; i < 3 && BULLET.test(line); i++) line = line.replace(BULLET, '');
  line = line.trim();
  if (!line || line.endsWith(':') || line.startsWith('#') || line.startsWith('//')) return null;

  let quantity = 1;
  let name = line;
  const leadingTimes = /^(\d{1,3})\s*[xX×*]\s*(.+)$/.exec(line);
  const leading = /^(\d{1,3})\s+(.+)$/.exec(line);
  const trailing = /^(.+?)\s*(?:[xX×*]\s*(\d{1,3})|\((\d{1,3})\)|[-:–]\s*(\d{1,3}))$/.exec(line);
  if (leadingTimes) {
    quantity = Number(leadingTimes[1]);
    name = leadingTimes[2];
  } else if (leading && !UNIT_WORDS.test(leading[2])) {
    quantity = Number(leading[1]);
    name = leading[2];
  } else if (trailing) {
    quantity = Number(trailing[2] ?? trailing[3] ?? trailing[4]);
    name = trailing[1];
  }
  const cleaned = cleanName(name);
  if (!cleaned) return null;
  return { name: cleaned, quantity: clampQuantity(quantity), brand: null, category: null, notes: null, original_text: original, source: 'text_import' };
}

function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/^[\s,;.:-]+|[\s,;:-]+$/g, '').slice(0, ITEM_NAME_MAX).trim();
}

function toQuantity(value: string | null): number {
  if (!value) return 1;
  const n = Number.parseInt(value.replace(/[^\d]/g, ''), 10);
  return clampQuantity(Number.isFinite(n) ? n : 1);
}

function clampQuantity(n: number): number {
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(ITEM_QUANTITY_MAX, Math.floor(n));
}

/** The same article written twice becomes one line with the quantities added. */
function mergeDuplicates(lines: ParsedLine[]): ParsedLine[] {
  const byName = new Map<string, ParsedLine>();
  for (const line of lines) {
    const key = foldName(line.name);
    const known = byName.get(key);
    if (known) known.quantity = clampQuantity(known.quantity + line.quantity);
    else byName.set(key, { ...line });
  }
  return [...byName.values()];
}
