// What a document is, decided from its bytes only (never its name or the client's MIME type):
// image and PDF magic numbers, or text that decodes cleanly as UTF-8 or Windows-1252.

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'pdf' | 'text';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

const UTF8_BOM = [0xef, 0xbb, 0xbf];
// How much of a file is inspected to decide it is text; a list is small, a binary shows itself early.
const TEXT_SAMPLE_BYTES = 64 * 1024;
// Share of control characters (other than \t \r \n \f) tolerated in text, e.g. a stray \x1a at the end.
const MAX_CONTROL_SHARE = 0.002;

export function sniffDocument(bytes: Buffer): SniffedType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // "%PDF-" may follow a few bytes of junk (some generators); readers accept it within the first KB.
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  return looksLikeText(bytes) ? 'text' : null;
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, TEXT_SAMPLE_BYTES);
  if (sample.includes(0)) return false;
  const text = decodeSample(sample, bytes.length > TEXT_SAMPLE_BYTES);
  if (text === null) return false;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0x7f || (code >= 0x80 && code < 0xa0)) {
      control++;
    }
  }
  return control <= Math.max(1, text.length * MAX_CONTROL_SHARE);
}

/** UTF-8 when it decodes strictly, else Windows-1252; null when neither gives text. */
function decodeSample(sample: Buffer, truncated: boolean): string | null {
  const utf8 = tryUtf8(sample, truncated);
  if (utf8 !== null) return utf8;
  return decodeWindows1252(sample);
}

function tryUtf8(bytes: Buffer, truncated: boolean): string | null {
  try {
    // stream: true tolerates a multi-byte character cut at the end of a truncated sample.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
  } catch {
    return null;
  }
}

/** The text of a document sniffed as 'text': UTF-8 (BOM removed) or else Windows-1252. */
export function decodeText(bytes: Buffer): string {
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes;
  return tryUtf8(body, false) ?? decodeWindows1252(body);
}

// Windows-1252 bytes 0x80–0x9F (the rest is Latin-1); the five unassigned ones stay C1 controls.
// Node's TextDecoder('windows-1252') decodes this range as Latin-1, hence the table.
const CP1252_80_9F = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

function decodeWindows1252(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Uint16Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_80_9F.charCodeAt(b - 0x80) : b)));
  }
  return out;
}
