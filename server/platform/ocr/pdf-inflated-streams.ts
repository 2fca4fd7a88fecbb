// The inflated size of a PDF's Flate streams, measured before pdf.js opens it. A page's content
// stream of spaces compresses 1 000 to 1: a 1 MB upload inflated by pdf.js grew to 2.2 GB and held
// the event loop for 9.6 s; a 400 × 400 image carrying 1 GB of data, 2.2 GB and 3.2 s (issue 27,
// item 5). Here each Flate stream is inflated with zlib's output cap, so a bomb costs what the cap
// costs and is refused with its reason: the non-image streams (contents, fonts, object streams)
// share one budget; an image may hold what its declared size needs (8 bytes a pixel at most: 4
// components of 16 bits) and not more.
import { constants, inflateSync } from 'node:zlib';
import { PDF_IMAGE_MAX_PIXELS } from '#contract/imports';
import { declared } from './pdf-declared-images';

/** How far before « stream » its dictionary is looked for. */
const DICTIONARY_REACH = 4096;
const MAX_BYTES_PER_PIXEL = 8;
/** Room for row filters and padding above an image's exact size. */
const IMAGE_SLACK_BYTES = 1024 * 1024;

type FlateStream = { data: Buffer; /** An image's own cap; null for the streams that share the budget. */ cap: number | null };

/** The data of every stream whose dictionary names FlateDecode, with an image's cap. */
function* flateStreams(bytes: Buffer, text: string): Generator<FlateStream> {
  for (const match of text.matchAll(/\bstream(\r\n|\n|\r)/g)) {
    const keyword = match.index;
    if (text.startsWith('end', keyword - 3)) continue;
    const start = Math.max(text.lastIndexOf('obj', keyword), keyword - DICTIONARY_REACH, 0);
    const dictionary = text.slice(start, keyword);
    if (!/\/FlateDecode\b/.test(dictionary)) continue;
    const dataStart = keyword + match[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let dataEnd = length ? dataStart + Number(length[1]) : -1;
    if (dataEnd < dataStart || dataEnd > bytes.length) dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd === -1) dataEnd = bytes.length;
    yield { data: bytes.subarray(dataStart, dataEnd), cap: /\/Subtype\s*\/Image\b/.test(dictionary) ? imageCap(text, dictionary) : null };
  }
}

function imageCap(text: string, dictionary: string): number {
  const width = declared(text, dictionary, 'Width');
  const height = declared(text, dictionary, 'Height');
  const pixels = width !== null && height !== null ? Math.min(width * height, PDF_IMAGE_MAX_PIXELS) : PDF_IMAGE_MAX_PIXELS;
  return pixels * MAX_BYTES_PER_PIXEL + IMAGE_SLACK_BYTES;
}

/** Inflates at most `cap` bytes of the stream: its inflated size, or Infinity past the cap. */
function inflatedSize(data: Buffer, cap: number): number {
  try {
    return inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    // Past the cap zlib stops and says so; a damaged stream is pdf.js's to refuse.
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? Infinity : 0;
  }
}

/** Whether a Flate stream of the PDF inflates beyond what it may: the shared `maxBytes`, or an image's own size. */
export function inflatesBeyond(bytes: Buffer, maxBytes: number): boolean {
  const text = bytes.toString('latin1');
  let left = maxBytes;
  for (const { data, cap } of flateStreams(bytes, text)) {
    if (cap !== null) {
      if (inflatedSize(data, cap) > cap) return true;
      continue;
    }
    left -= inflatedSize(data, left);
    if (left < 0) return true;
  }
  return false;
}
