// The label itself, cut out of the shelf photo and turned level. A shelf label is a white or yellow
// card in a busy shelf; tesseract reads its short words (« Djino ») poorly when the card is turned a
// few degrees among the clutter. So the largest white or yellow region of the photo is taken as the
// card, what lies outside it is whitened, its skew is found by the list reader's projection profiles
// (platform/ocr/preprocess.ts) and the card is given to OCR upright, as one more view.
import sharp from 'sharp';
import { darkComponents } from '../../../platform/ocr/components';
import { findOrientation } from '../../../platform/ocr/preprocess';
import type { LabelPicture } from '../../recognition/label-reading';

/** A card smaller than this share of the photo is something else (a sticker, a reflection). */
const MIN_SHARE = 0.04;
/** A card turned more than this is not read here (the other views still are). */
const MAX_SKEW = 15;

/** Label paper: white or pale grey (little colour), or the yellow of promotion labels. */
function isPaper(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (min >= 175 && max - min <= 40) return true;
  return r >= 190 && g >= 160 && b <= 150 && r - b >= 80;
}

export type CardView = {
  /** Grey PGM of the card, upright. */
  image: Buffer;
  /** Multiply the view's pixel sizes by this to compare them with the first views' (the 700 px picture). */
  toViewScale: number;
};

/** The card as a view for OCR, or null when the photo shows no white or yellow card. */
export async function cardView(picture: LabelPicture): Promise<CardView | null> {
  const { rgb, width, height } = picture.closer;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = isPaper(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]) ? 0 : 255;
  const labels = new Int32Array(width * height);
  const components = darkComponents(mask, width, height, 128, labels);
  let card = components[0];
  for (const c of components) if (c.count > card.count) card = c;
  if (!card || card.count < MIN_SHARE * width * height) return null;

  // Whiten what lies outside the card, row by row (its print inside stays).
  const w = card.x1 - card.x0 + 1;
  const h = card.y1 - card.y0 + 1;
  const grey = new Uint8Array(w * h).fill(255);
  for (let y = card.y0; y <= card.y1; y++) {
    let from = -1;
    let to = -1;
    for (let x = card.x0; x <= card.x1; x++) {
      if (labels[y * width + x] !== card.label) continue;
      if (from < 0) from = x;
      to = x;
    }
    for (let x = from; from >= 0 && x <= to; x++) {
      const i = y * width + x;
      grey[(y - card.y0) * w + (x - card.x0)] = (306 * rgb[3 * i] + 601 * rgb[3 * i + 1] + 117 * rgb[3 * i + 2] + 512) >> 10;
    }
  }
  const { angle } = findOrientation({ data: grey, width: w, height: h });
  const turn = Math.abs(angle) <= MAX_SKEW && Math.abs(angle) >= 0.5 ? angle : 0;
  const raw = { raw: { width: w, height: h, channels: 1 as const } };
  const turned = turn ? await sharp(Buffer.from(grey), raw).rotate(turn, { background: '#ffffff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true }) : { data: Buffer.from(grey), info: { width: w, height: h } };
  const { data, info } = await sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 1 } })
    .normalise()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'latin1'), data]);
  return { image: pgm, toViewScale: picture.width / width };
}
