// The declared size of a PDF's images, read from the file's bytes before pdf.js opens it. An image
// XObject is a stream, and a stream is never stored inside an object stream (PDF 32000-1, 7.5.7):
// its dictionary — /Width, /Height — is always written out uncompressed in the file. So a 0.9 MB PDF
// declaring a 30 000 × 30 000 image is refused here, with its reason, before anything is inflated.
// (pdf.js's maxImageSize, set in pdf.ts, is the second guard: it drops any image it would decode
// above the limit, inline images included.)

/** How far around « /Subtype /Image » its dictionary is looked for. */
const DICTIONARY_REACH = 4096;

/** The largest width × height declared by an image XObject of the PDF (0 when it declares none). */
export function largestDeclaredImagePixels(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  let largest = 0;
  for (const match of text.matchAll(/\/Subtype\s*\/Image\b/g)) {
    const at = match.index;
    const start = Math.max(text.lastIndexOf('obj', at), at - DICTIONARY_REACH, 0);
    const streamAt = text.indexOf('stream', at);
    const end = Math.min(streamAt === -1 ? text.length : streamAt, at + DICTIONARY_REACH);
    const dictionary = text.slice(start, end);
    const width = declared(text, dictionary, 'Width');
    const height = declared(text, dictionary, 'Height');
    if (width !== null && height !== null) largest = Math.max(largest, width * height);
  }
  return largest;
}

/** A number in the dictionary, written out or as an indirect reference to a number object. */
export function declared(text: string, dictionary: string, key: string): number | null {
  const reference = new RegExp(`/${key}\\s+(\\d+)\\s+(\\d+)\\s+R\\b`).exec(dictionary);
  if (reference) {
    const target = new RegExp(`(?:^|[^\\d])${reference[1]}\\s+${reference[2]}\\s+obj\\s*(\\d+)\\s*endobj`).exec(text);
    return target ? Number(target[1]) : null;
  }
  const direct = new RegExp(`/${key}\\s+(\\d+)`).exec(dictionary);
  return direct ? Number(direct[1]) : null;
}
