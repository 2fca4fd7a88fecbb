// From a document's text to the import answer: lines read by the line parser, matched to the
// catalogue, merged when two lines land on the same product (or name the same manual article).
// The source says where the text came from; for OCR text read with a poor mean confidence every
// match loses one notch of confidence, since the words it was matched on may be misread.
import {
  type DocumentKind,
  type ExtractedItem,
  type ExtractedSource,
  type ImportResult,
  MATCH_CANDIDATES_MAX,
  type MatchCandidate,
  type MatchConfidence,
} from '#contract/imports';
import { foldName, ITEM_NAME_MAX, ITEM_QUANTITY_MAX } from '#contract/lists';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type LineMatch, matchLines, type ProductRow } from './catalogue-matcher';
import { type ParsedLine, parseList, parseTextLine, type Size } from './line-parser';

/** Mean OCR confidence (0–100) under which OCR matches lose one notch of confidence. */
export const POOR_OCR_CONFIDENCE = 60;

const LOWER: Record<MatchConfidence, MatchConfidence> = { high: 'medium', medium: 'low', low: 'low' };

function sourceOf(kind: DocumentKind, format: 'text' | 'csv'): ExtractedSource {
  if (kind === 'photo' || kind === 'scanned_pdf') return 'ocr_suggestion';
  if (kind === 'pdf') return 'pdf_text';
  return format === 'csv' || kind === 'csv' ? 'csv_import' : 'text_import';
}

function formatSize(size: Size): string {
  const big = size.value >= 1000;
  const value = big ? size.value / 1000 : size.value;
  const unit = size.unit === 'g' ? (big ? 'kg' : 'g') : big ? 'L' : 'mL';
  return `${String(Math.round(value * 100) / 100).replace('.', ',')} ${unit}`;
}

/** A manual item keeps what the user wrote, its size included ("Huile d'olive 1 L") unless the size became its quantity. */
function manualName(line: ParsedLine): string {
  const name = line.size && manualQuantity(line) === line.quantity ? `${line.name} ${formatSize(line.size)}` : line.name;
  return name.slice(0, ITEM_NAME_MAX);
}

/** What a line asked for beyond the article: its size and its pack. Lines asking alike are the same article. */
function sameArticle(a: ParsedLine, b: ParsedLine): boolean {
  const sizeA = a.size ? `${a.size.value}${a.size.unit}` : null;
  const sizeB = b.size ? `${b.size.value}${b.size.unit}` : null;
  if (sizeA !== sizeB) return false;
  const packA = a.size ? null : a.unit;
  const packB = b.size ? null : b.unit;
  return packA === null || packB === null || packA === packB;
}

/**
 * Pieces of one line cut at its commas (same original text, one after the other) are read again
 * whole: when the whole line is a catalogue product for sure ("Lait en poudre, Nido") and the
 * pieces are not all linked to distinct products, the whole reading wins.
 */
async function preferWholeLines(db: DbOrTx, lines: ParsedLine[], matches: LineMatch[]): Promise<{ lines: ParsedLine[]; matches: LineMatch[] }> {
  const groups: [number, number][] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j].original_text === lines[i].original_text && lines[j].source === 'text_import') j++;
    if (j - i >= 2 && lines[i].source === 'text_import') groups.push([i, j]);
    i = j;
  }
  if (groups.length === 0) return { lines, matches };
  const wholes = groups.map(([i]) => parseTextLine(lines[i].original_text));
  const wholeMatches = await matchLines(db, wholes.filter((w): w is ParsedLine => w !== null));
  const outLines: ParsedLine[] = [];
  const outMatches: LineMatch[] = [];
  let cursor = 0;
  let w = 0;
  groups.forEach(([i, j], g) => {
    for (; cursor < i; cursor++) {
      outLines.push(lines[cursor]);
      outMatches.push(matches[cursor]);
    }
    const whole = wholes[g];
    const wholeMatch = whole ? wholeMatches[w++] : null;
    const pieces = matches.slice(i, j);
    const ids = pieces.map((m) => m.product?.id ?? null);
    const piecesSound = ids.every((id) => id !== null) && new Set(ids).size === ids.length;
    if (whole && wholeMatch?.product && wholeMatch.confidence === 'high' && !piecesSound) {
      outLines.push({ ...whole, category: lines[i].category });
      outMatches.push(wholeMatch);
    } else {
      outLines.push(...lines.slice(i, j));
      outMatches.push(...pieces);
    }
    cursor = j;
  });
  for (; cursor < lines.length; cursor++) {
    outLines.push(lines[cursor]);
    outMatches.push(matches[cursor]);
  }
  return { lines: outLines, matches: outMatches };
}

/**
 * Two lines on the same product that asked for different sizes or packs ("grande Régab" and
 * "Régab 33 cl 2 bouteilles") are not one article: the one that fits the product less well goes to
 * its next candidate still free, with low confidence, or stays a line of its own for the user to fix.
 */
function separateClashes(lines: readonly ParsedLine[], matches: LineMatch[]): LineMatch[] {
  const out = [...matches];
  const order = out.map((_, i) => i).filter((i) => out[i].product).sort((a, b) => out[b].score - out[a].score || a - b);
  const holders = new Map<string, number[]>();
  for (const i of order) {
    const id = out[i].product?.id as string;
    const held = holders.get(id) ?? [];
    if (held.length && !held.some((h) => sameArticle(lines[h], lines[i]))) {
      const taken = (pid: string) => (holders.get(pid)?.length ?? 0) > 0 || out.some((m) => m.product?.id === pid);
      const next = out[i].candidates.find((c) => c.score >= NEXT_CANDIDATE_MIN && c.score >= out[i].score - NEXT_CANDIDATE_GAP && !taken(c.product_id));
      if (next) {
        const own = out[i].product as ProductRow;
        const demoted: MatchCandidate = { product_id: own.id, name: own.name, brand: own.brand, category: own.category, unit: own.unit, score: out[i].score };
        out[i] = {
          ...out[i],
          product: { id: next.product_id, name: next.name, brand: next.brand, category: next.category, unit: next.unit },
          confidence: 'low',
          quantity: lines[i].quantity,
          score: next.score,
          candidates: [demoted, ...out[i].candidates.filter((c) => c.product_id !== next.product_id)].slice(0, MATCH_CANDIDATES_MAX),
        };
        holders.set(next.product_id, [...(holders.get(next.product_id) ?? []), i]);
        continue;
      }
      out[i] = { ...out[i], confidence: 'low' };
    }
    holders.set(id, [...held, i]);
  }
  return out;
}
/** A next candidate this far below the line's own match, or this weak, is no better than a guess. */
const NEXT_CANDIDATE_GAP = 0.2;
const NEXT_CANDIDATE_MIN = 0.5;

/**
 * A manual item sold by weight keeps its weight as the quantity ("3 kg de carottes" → 3), as a
 * catalogue product sold by the kilo would; a volume or a small weight stays in the name.
 */
function manualQuantity(line: ParsedLine): number {
  if (line.size?.unit === 'g' && line.size.value >= 1000 && line.quantity === 1 && Number.isInteger(line.size.value / 1000)) {
    return Math.min(ITEM_QUANTITY_MAX, line.size.value / 1000);
  }
  return line.quantity;
}

export async function buildImportResult(
  db: DbOrTx,
  input: { text: string; kind: DocumentKind; ocrConfidence: number | null; filename?: string | null },
): Promise<ImportResult> {
  const parsed = parseList(input.text, input.filename);
  if (parsed.lines.length === 0) throw new AppError('IMPORT_NO_ITEMS');
  const source = sourceOf(input.kind, parsed.format);
  const poorOcr = source === 'ocr_suggestion' && input.ocrConfidence !== null && input.ocrConfidence < POOR_OCR_CONFIDENCE;
  const read = await preferWholeLines(db, parsed.lines, await matchLines(db, parsed.lines));
  const lines = read.lines;
  const matches = separateClashes(lines, read.matches);

  const items = new Map<string, { item: ExtractedItem; lines: ParsedLine[] }>();
  let separate = 0;
  lines.forEach((line, i) => {
    const match = matches[i];
    const product = match.product;
    const confidence = poorOcr ? LOWER[match.confidence] : match.confidence;
    const item: ExtractedItem = product
      ? {
          name: product.name,
          category: product.category,
          brand: product.brand,
          description: line.notes,
          original_text: line.original_text,
          exists_in_db: true,
          product_id: product.id,
          confidence,
          source,
          quantity: match.quantity,
          unit: line.unit,
          candidates: match.candidates,
        }
      : {
          name: manualName(line),
          category: line.category,
          brand: line.brand,
          description: line.notes,
          original_text: line.original_text,
          exists_in_db: false,
          product_id: null,
          confidence: 'low',
          source,
          quantity: manualQuantity(line),
          unit: line.unit,
          candidates: match.candidates,
        };
    // Two lines on the same product (or the same manual article) asking alike make one item with both quantities.
    const key = item.product_id ?? `manual:${foldName(item.name)}`;
    const known = items.get(key);
    if (known && known.lines.every((l) => sameArticle(l, line) || !item.product_id)) {
      known.item.quantity = Math.min(ITEM_QUANTITY_MAX, known.item.quantity + item.quantity);
      // Pieces of one message line share their original text: say it once.
      if (!known.item.original_text.split('\n').includes(item.original_text)) known.item.original_text = `${known.item.original_text}\n${item.original_text}`;
      known.item.description = [known.item.description, item.description].filter(Boolean).join(' ; ') || null;
      known.lines.push(line);
    } else items.set(known ? `${key}#${++separate}` : key, { item, lines: [line] });
  });

  const enhanced = [...items.values()].map((v) => v.item);
  return {
    success: true,
    item_count: enhanced.length,
    extracted_text: input.text,
    basic_items: lines.map((l) => l.name),
    enhanced_items: enhanced,
    document_kind: input.kind === 'text' && parsed.format === 'csv' ? 'csv' : input.kind,
    ocr_confidence: input.ocrConfidence,
  };
}
