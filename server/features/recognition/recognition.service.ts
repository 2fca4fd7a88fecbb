// POST /api/recognize-product: a photo in, a suggested product out. Barcode first (a code the
// catalogue knows is a near-certain match); otherwise, or when the code is not in the catalogue,
// the label's text matched against the catalogue. A product the catalogue does not have is still a
// success: the suggestion is what the packet says, with a low confidence and no product_id.
//
// Latency: the barcode reader's first look at the whole photo takes tens of milliseconds and finds
// most codes; only when it finds none in the catalogue does the slower search (turns, crops) run,
// side by side with OCR (which runs in the pool's worker threads). A packet whose first reading
// names no catalogue product gets a closer look (label-reading.ts), so unknown objects take longer.
import { and, eq, sql } from 'drizzle-orm';
import { fr } from '#contract/messages';
import {
  type DetectedLabel,
  RECOGNITION_IMAGE_MAX_BYTES,
  RECOGNITION_MATCH_CONFIDENCE,
  type RecognitionResult,
  type SuggestedProduct,
} from '#contract/recognition';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { type DecodedBarcode, decodeBarcodes } from '../../platform/barcode/decode';
import { AppError } from '../../platform/errors';
import { decodeBase64Image } from '../../platform/images';
import type { OcrLine, OcrPool } from '../../platform/ocr/ocr-pool';
import { queryRows } from '../../platform/sql-rows';
import { loadIndex } from '../imports/catalogue-matcher';
import { productIdByBarcode } from '../products/product-barcodes';
import { type LabelMatch, matchLabel } from './label-match';
import { loadPicture, mergeLines, readLabelCloser, readLabelText } from './label-reading';
import { detectedLabels, guessName, round2, unitFromSize } from './label-suggestion';

/** A barcode the catalogue knows: read by many scan lines or in two views of the photo, or once. */
const BARCODE_CONFIDENCE = { confirmed: 0.98, single: 0.9 };
/** A label match whose product already carries another barcode than the one read. */
const OTHER_BARCODE_CAP = 0.6;
const DESCRIPTION_MAX_CHARS = 300;
/** The closer look for a barcode shares the CPU with OCR: bounded so that it never makes the answer later. */
const CLOSER_LOOK_MS = 1200;

export type ProductInfo = { id: string; name: string; brand: string | null; category: string; description: string | null; unit: string | null; barcode: string | null };

export async function productInfo(db: DbOrTx, id: string): Promise<ProductInfo | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name, brand: products.brand, category: products.category, description: products.description, unit: products.unit, barcode: products.barcode })
    .from(products)
    .where(and(eq(products.id, id), eq(products.listing, 'listed')));
  return row ?? null;
}

/** Median over stores of the product's current (consensus) price, rounded to the franc; null when unpriced. */
async function estimatedPrice(db: DbOrTx, productId: string): Promise<number | null> {
  const [row] = await queryRows<{ median: string | number | null }>(
    db,
    sql`select percentile_cont(0.5) within group (order by price_xaf) as median from current_prices where product_id = ${productId}`,
  );
  return row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median));
}

function decodePhoto(value: string | null | undefined): Buffer {
  if (!value || !value.trim()) throw new AppError('RECOGNITION_NO_IMAGE');
  try {
    return decodeBase64Image(value.trim(), RECOGNITION_IMAGE_MAX_BYTES, 'RECOGNITION_IMAGE_TOO_LARGE');
  } catch (error) {
    // Not base64 at all: whatever it is, it is not a photo.
    if (error instanceof AppError && error.code === 'IMAGE_UNREADABLE') throw new AppError('RECOGNITION_NOT_AN_IMAGE');
    throw error;
  }
}

export async function readBarcodes(bytes: Buffer, deadlineMs?: number): Promise<DecodedBarcode[]> {
  try {
    return await decodeBarcodes(bytes, deadlineMs === undefined ? {} : { deadlineMs });
  } catch (error) {
    // The photo was checked already; a reader failure must not cost the label reading.
    if (error instanceof AppError) return [];
    throw error;
  }
}

type BarcodeHit = { code: DecodedBarcode; productId: string };

export async function catalogueHit(db: DbOrTx, codes: DecodedBarcode[]): Promise<BarcodeHit | null> {
  for (const code of codes) {
    if (!code.valid || !code.gtin) continue;
    const productId = await productIdByBarcode(db, code.gtin);
    if (productId) return { code, productId };
  }
  return null;
}

const barcodeLabel = (code: DecodedBarcode): DetectedLabel => ({
  description: fr.recognitionApi.barcodeLabel(code.format, code.gtin ?? code.text),
  confidence: code.confirmed ? 0.99 : 0.7,
});

async function fromCatalogue(db: DbOrTx, product: ProductInfo, confidence: number, barcode: string | null, labels: DetectedLabel[]): Promise<RecognitionResult> {
  const suggested: SuggestedProduct = {
    product_name: product.name,
    brand: product.brand,
    category: product.category,
    description: product.description,
    estimated_price: await estimatedPrice(db, product.id),
    confidence: round2(confidence),
    suggested_unit: product.unit,
    product_id: product.id,
    barcode,
  };
  return { success: true, data: { suggested_product: suggested, detected_labels: labels } };
}

function fromReading(match: LabelMatch, lines: OcrLine[], barcode: DecodedBarcode | null, labels: DetectedLabel[]): RecognitionResult {
  const brand = match.brand?.name ?? null;
  const name = guessName(lines, brand, match.size);
  const gtin = barcode?.valid ? barcode.gtin : null;
  const read = lines
    .filter((l) => l.confidence >= 60)
    .map((l) => l.text)
    .join(' · ');
  const description = gtin ? fr.recognitionApi.barcodeNote(gtin) : read ? fr.recognitionApi.readNote(read).slice(0, DESCRIPTION_MAX_CHARS) : null;
  // The nearest product's category is a fair guess when it is the same kind of thing (its first word was read).
  const category = match.nearest?.headSeen ? match.nearest.product.category : null;
  const suggested: SuggestedProduct = {
    product_name: name ?? brand ?? fr.recognitionApi.unknownProduct,
    brand,
    category,
    description,
    estimated_price: null,
    confidence: round2(Math.min(match.confidence, RECOGNITION_MATCH_CONFIDENCE - 0.01)),
    suggested_unit: unitFromSize(match.size?.size ?? null),
    product_id: null,
    barcode: gtin,
  };
  return { success: true, data: { suggested_product: suggested, detected_labels: labels } };
}

export async function recogniseProduct(deps: AppDeps, ocr: OcrPool, imageBase64: string | null | undefined): Promise<RecognitionResult> {
  const bytes = decodePhoto(imageBase64);
  const picture = await loadPicture(bytes);

  // 1. The barcode, at a first glance.
  let codes = await readBarcodes(bytes, 0);
  let hit = await catalogueHit(deps.db, codes);
  let lines: OcrLine[] = [];
  if (!hit) {
    // 2. A closer look for the barcode, and the label's text, side by side.
    const trusted = codes.some((c) => c.valid && c.confirmed);
    const [more, read] = await Promise.all([trusted ? Promise.resolve(codes) : readBarcodes(bytes, CLOSER_LOOK_MS), readLabelText(ocr, picture)]);
    codes = more;
    lines = read;
    hit = await catalogueHit(deps.db, codes);
  }

  if (hit) {
    const product = await productInfo(deps.db, hit.productId);
    if (product) {
      const confidence = hit.code.confirmed ? BARCODE_CONFIDENCE.confirmed : BARCODE_CONFIDENCE.single;
      const brand = product.brand ? { name: product.brand.replace(/\s*\(.*?\)\s*/g, ' ').trim(), confidence: 0.95 } : null;
      const labels = detectedLabels({ barcode: barcodeLabel(hit.code), brand, lines });
      return fromCatalogue(deps.db, product, confidence, hit.code.gtin, labels);
    }
  }

  // 3. The label's text against the catalogue; a closer look when it names no product.
  const barcode = codes.find((c) => c.valid) ?? null;
  const index = await loadIndex(deps.db);
  let match = matchLabel(index, lines);
  if (!match.product) {
    lines = mergeLines(lines, await readLabelCloser(ocr, picture));
    match = matchLabel(index, lines);
  }
  const labels = detectedLabels({ barcode: barcode ? barcodeLabel(barcode) : null, brand: match.brand, lines });
  if (match.product) {
    const product = await productInfo(deps.db, match.product.id);
    if (product) {
      const gtin = barcode?.gtin ?? null;
      // The packet's code is not this product's: a sibling (another size, another recipe) is likelier.
      const confidence = gtin && product.barcode && product.barcode !== gtin ? Math.min(match.confidence, OTHER_BARCODE_CAP) : match.confidence;
      return fromCatalogue(deps.db, product, confidence, gtin, labels);
    }
  }
  return fromReading(match, lines, barcode, labels);
}
