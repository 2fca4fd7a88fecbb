// POST /api/recognize-product: a photo in, the suggested product and what was read on it out.
import type { RecognitionResult } from '#contract/recognition';
import { api } from '../../lib/api';

/** The spec's answer; `success: false` (nothing recognised) is handled as the spec says, should a server send it. */
export type RecognitionAnswer = RecognitionResult | { success: false; data?: null };

/** The photo is sent as base64 without its data-URL prefix. */
export const recognizeProduct = (photo: string) => api.post<RecognitionAnswer>('/recognize-product', { image_base64: photo.replace(/^data:[^,]*,/, '') });
