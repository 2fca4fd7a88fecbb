// POST /api/prices/price-tags: a photo of a shelf label in, the product and its price out. The
// label's barcode first (recognition's reader: a code the catalogue knows names the product for
// sure), then its text, read as recognition reads a packet (the same views, the same OCR settings)
// and matched to the catalogue by recognition's label matcher; candidates come from the list
// matcher run on the label's name lines. The price is the label's big number (tag-price.ts).
// Nothing is stored: the client posts the price through POST /api/prices/contribute, with the
// same photo as its proof.
import { PSM } from 'tesseract.js';
import { RECOGNITION_MATCH_CONFIDENCE } from '#contract/recognition';
import { PRICE_TAG_CANDIDATES_MAX, type PriceTagCandidate, type PriceTagResult } from '#contract/price-tags';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../platform/errors';
import type { OcrBox, OcrLine, OcrPool, OcrResult } from '../../../platform/ocr/ocr-pool';
import { isNoise } from '../../../platform/ocr/read-document';
import { type CatalogueIndex, loadIndex, matchLine } from '../../imports/catalogue-matcher';
import { parseTextLine } from '../../imports/line-parser';
import { matchLabel } from '../../recognition/label-match';
import { LABEL_VIEWS, type LabelPicture, loadPicture, mergeLines, readLabelCloser } from '../../recognition/label-reading';
import { catalogueHit, productInfo, readBarcodes } from '../../recognition/recognition.service';
import { amountsOf, isPerMeasure, joinSplitAmounts, readTagPrice, type TagLine } from './tag-price';
import { cardView } from './tag-region';

/** The closer look for a barcode, side by side with OCR: bounded so that it never makes the answer later. */
const CLOSER_LOOK_MS = 1200;
/** Recognition's tesseract settings for labels: sparse text, local (Sauvola) threshold. */
const OCR_SETTINGS = { pageSegMode: PSM.SPARSE_TEXT, thresholdingMethod: '2' } as const;
/** A text match from this confidence names the product as surely as a packet's brand and name. */
const TEXT_MATCH_SURE = 0.8;
/** List-matcher candidates below this score are noise on a label. */
const CANDIDATE_SCORE = 0.45;

/** The reading's word boxes at the first views' scale, so that figures' heights compare across views. */
function scaled(result: OcrResult, factor: number): OcrResult {
  const box = (b: OcrBox): OcrBox => ({ x0: b.x0 * factor, y0: b.y0 * factor, x1: b.x1 * factor, y1: b.y1 * factor });
  return { ...result, lines: result.lines.map((line) => ({ ...line, words: line.words?.map((word) => ({ ...word, bbox: box(word.bbox) })) })) };
}

/** The lines of the label, read in recognition's three views and the card upright (tag-region.ts), side by side; each text kept once. */
async function readLines(ocr: OcrPool, picture: LabelPicture): Promise<TagLine[]> {
  const [views, card] = await Promise.all([Promise.all(Object.values(LABEL_VIEWS).map((view) => view(picture))), cardView(picture)]);
  let readings: TagLine[][];
  try {
    const read = (image: Buffer) => ocr.recognise(image, undefined, OCR_SETTINGS);
    readings = await Promise.all([
      ...views.map(async (image) => joinSplitAmounts((await read(image)).lines).map((line) => ({ ...line, onCard: false }))),
      ...(card ? [read(card.image).then((result) => joinSplitAmounts(scaled(result, card.toViewScale).lines).map((line) => ({ ...line, onCard: true })))] : []),
    ]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DOCUMENT_QUEUE_FULL') throw new AppError('RECOGNITION_BUSY');
    throw new AppError('RECOGNITION_FAILED');
  }
  const kept = new Map<string, TagLine>();
  for (const line of readings.flat()) {
    if (isNoise(line)) continue;
    const text = line.text.trim().replace(/\s+/g, ' ');
    const key = text.toLowerCase();
    const known = kept.get(key);
    if (!known || known.confidence < line.confidence) kept.set(key, { ...line, text, onCard: line.onCard || (known?.onCard ?? false) });
    else if (line.onCard) known.onCard = true;
  }
  return [...kept.values()];
}

/** Catalogue products the label's name lines may mean, best first, by the list matcher's score. */
function candidatesOf(index: CatalogueIndex, lines: readonly OcrLine[]): PriceTagCandidate[] {
  const scores = new Map<string, { name: string; score: number }>();
  const note = (id: string, name: string, score: number) => {
    if (score < CANDIDATE_SCORE) return;
    const known = scores.get(id);
    if (!known || known.score < score) scores.set(id, { name, score });
  };
  for (const line of lines) {
    if (line.confidence < 50 || !/\p{L}{3}/u.test(line.text)) continue;
    const parsed = parseTextLine(line.text);
    if (!parsed) continue;
    const match = matchLine(index, parsed);
    if (match.product) note(match.product.id, match.product.name, match.score);
    for (const c of match.candidates) note(c.product_id, c.name, c.score);
  }
  return [...scores.entries()]
    .sort((a, b) => b[1].score - a[1].score)
    .map(([product_id, { name }]) => ({ product_id, name }));
}

/** Reads a shelf label. French 415 for what is not a JPEG, PNG or WebP; 422 for an undecodable image. */
export async function readPriceTag(deps: AppDeps, ocr: OcrPool, bytes: Buffer): Promise<PriceTagResult> {
  const picture = await loadPicture(bytes);

  // The barcode at a first glance, then a closer look side by side with the text (always read: the price is in it).
  let codes = await readBarcodes(bytes, 0);
  let hit = await catalogueHit(deps.db, codes);
  const trusted = hit !== null || codes.some((c) => c.valid && c.confirmed);
  const [more, lines] = await Promise.all([trusted ? Promise.resolve(codes) : readBarcodes(bytes, CLOSER_LOOK_MS), readLines(ocr, picture)]);
  codes = more;
  hit ??= await catalogueHit(deps.db, codes);
  const barcode = hit?.code.gtin ?? codes.find((c) => c.valid)?.gtin ?? null;

  const price = readTagPrice(lines);
  // The product's words are on the lines that hold no amount (the price lines, « Prix au litre », would only add noise).
  const isNameLine = (line: OcrLine) => amountsOf(line).length === 0 && !isPerMeasure(line);
  let nameLines = lines.filter(isNameLine);
  const index = await loadIndex(deps.db);

  let product: { id: string; name: string } | null = null;
  let sureProduct = false;
  if (hit) {
    const info = await productInfo(deps.db, hit.productId);
    if (info) {
      product = { id: info.id, name: info.name };
      sureProduct = true;
    }
  }
  let textSure = false;
  if (!product) {
    let match = matchLabel(index, nameLines);
    if (!match.product) {
      // As recognition does: a closer look (larger, in grey) for the smaller print; its lines serve the product only.
      nameLines = mergeLines(nameLines, (await readLabelCloser(ocr, picture)).filter(isNameLine));
      match = matchLabel(index, nameLines);
    }
    if (match.product && match.confidence >= RECOGNITION_MATCH_CONFIDENCE) {
      product = { id: match.product.id, name: match.product.name };
      textSure = match.confidence >= TEXT_MATCH_SURE;
    }
  }

  const offered = candidatesOf(index, nameLines).filter((c) => c.product_id !== product?.id);
  const candidates = [...(product ? [{ product_id: product.id, name: product.name }] : []), ...offered].slice(0, PRICE_TAG_CANDIDATES_MAX);

  // high: the barcode named the product and the price is marked or stands tallest; medium: a
  // product and a price one of which is sure; low: the user has the price or the product to check.
  let confidence: PriceTagResult['confidence'] = 'low';
  if (product && price) confidence = sureProduct && price.sure ? 'high' : price.sure || sureProduct || textSure ? 'medium' : 'low';

  return {
    product_id: product?.id ?? null,
    product_name: product?.name ?? null,
    candidates,
    barcode,
    price_xaf: price?.price ?? null,
    confidence,
  };
}
