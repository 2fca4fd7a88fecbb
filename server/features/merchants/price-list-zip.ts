// What an XLSX (a zip) inflates to, measured before exceljs opens it: exceljs inflates every part
// in memory, so a 5 MB upload of compressed spaces could hold gigabytes. Each entry named in the
// central directory is inflated here with zlib's output cap (the sizes a zip declares can lie), so
// a bomb costs at most the cap. The same reasoning as the PDFs' (platform/ocr/pdf-inflated-streams.ts).
import { inflateRawSync } from 'node:zlib';

/** A real price list of PRICE_LIST_MAX_ROWS rows inflates to a few MB; this leaves room for styles and pictures. */
export const XLSX_INFLATED_MAX_BYTES = 25 * 1024 * 1024;
const MAX_ENTRIES = 5000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export type ZipVerdict = 'ok' | 'inflates-too-much' | 'unreadable';

export function measureZip(bytes: Buffer, max = XLSX_INFLATED_MAX_BYTES): ZipVerdict {
  try {
    return walk(bytes, max);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'inflates-too-much';
    return 'unreadable';
  }
}

function endOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return -1;
}

function walk(bytes: Buffer, max: number): ZipVerdict {
  const end = endOfDirectory(bytes);
  if (end < 0) return 'unreadable';
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return 'inflates-too-much';
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'unreadable';
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const local = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    // Zip64 sizes and offsets (0xFFFFFFFF) are beyond what an upload of 5 MB can hold honestly.
    if (compressed === 0xffffffff || local === 0xffffffff) return 'unreadable';
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_ENTRY) return 'unreadable';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) return 'unreadable';
    const data = bytes.subarray(start, start + compressed);
    if (method === STORED) total += data.length;
    else if (method === DEFLATED) total += inflateRawSync(data, { maxOutputLength: Math.max(1, max - total + 1) }).length;
    else return 'unreadable';
    if (total > max) return 'inflates-too-much';
  }
  return 'ok';
}
