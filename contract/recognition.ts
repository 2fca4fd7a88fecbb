// Product recognition from a photo (spec part 2 sections 3 "Recognition result", 4 "Recognition
// dialog", 7 POST /recognize-product, 8 "Recognition"). The photo's barcode is read first, then the
// label's text; the answer keeps the spec's shape and adds, in the suggestion, the catalogue
// product (`product_id`, null when the product is not in the catalogue) and the barcode read.
import { z } from './zod';
import { fr } from './messages';

/** Largest photo accepted, decoded (spec: imported images 10 MB). */
export const RECOGNITION_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The same as base64 (4 characters for 3 bytes), with room for a data-URL prefix. */
export const RECOGNITION_IMAGE_MAX_CHARS = Math.ceil(RECOGNITION_IMAGE_MAX_BYTES / 3) * 4 + 256;
/** Spec limit: displayed labels max 6. */
export const RECOGNITION_LABELS_MAX = 6;
/** From this confidence on, the suggestion is the catalogue product (`product_id` set). */
export const RECOGNITION_MATCH_CONFIDENCE = 0.5;
/** Photos one account may have analysed per hour. */
export const RECOGNITIONS_PER_USER_PER_HOUR = 120;

/** POST /api/recognize-product: one photo, as a data URL or bare base64. */
export const RecognizeProductSchema = z.object(
  {
    image_base64: z
      .string({ error: fr.recognition.noImage })
      .max(RECOGNITION_IMAGE_MAX_CHARS, { error: fr.lists.fileTooLarge })
      .nullish(),
  },
  { error: fr.recognition.noImage },
);
export type RecognizeProduct = z.input<typeof RecognizeProductSchema>;

export const SuggestedProductSchema = z.object({
  product_name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  /** Median over stores of the product's current price, in XAF; null when unpriced or unknown. */
  estimated_price: z.number().int().nonnegative().nullable(),
  /** 0–1; at or above RECOGNITION_MATCH_CONFIDENCE the suggestion is a catalogue product. */
  confidence: z.number().min(0).max(1),
  suggested_unit: z.string().nullable(),
  /** The catalogue product, or null for a product the catalogue does not have. */
  product_id: z.string().nullable(),
  /** The valid barcode read on the packet (canonical GTIN), so that it can be attached to the product. */
  barcode: z.string().nullable(),
});
export type SuggestedProduct = z.infer<typeof SuggestedProductSchema>;

export const DetectedLabelSchema = z.object({ description: z.string(), confidence: z.number().min(0).max(1) });
export type DetectedLabel = z.infer<typeof DetectedLabelSchema>;

export const RecognitionResultSchema = z.object({
  success: z.literal(true),
  data: z.object({
    suggested_product: SuggestedProductSchema,
    detected_labels: z.array(DetectedLabelSchema).max(RECOGNITION_LABELS_MAX),
  }),
});
export type RecognitionResult = z.infer<typeof RecognitionResultSchema>;
