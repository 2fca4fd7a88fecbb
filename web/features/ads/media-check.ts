// The wizard's own check of a chosen media file, by its first bytes rather than its name or the
// type the browser guesses (the server checks again and decides). Messages are the spec's.
import { AD_MEDIA_MAX_BYTES, type AdType } from '#contract/ads';
import { fr } from '#contract/messages';

export type SniffedMedia = { kind: 'image' | 'video'; mime: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/** The media type of a file from its first bytes (at least 16), or null when it is none we take. */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { kind: 'image', mime: 'image/gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp' };
  // ISO base media (MP4): a box of type 'ftyp' first.
  if (ascii(bytes, 4, 8) === 'ftyp') return { kind: 'video', mime: 'video/mp4' };
  // Matroska/WebM: the EBML header.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm' };
  if (ascii(bytes, 0, 4) === 'OggS') return { kind: 'video', mime: 'video/ogg' };
  return null;
}

/** The spec's message for a file that cannot be this ad's media, or null when it may be sent. */
export function mediaProblem(type: AdType, size: number, sniffed: SniffedMedia | null): string | null {
  if (size > AD_MEDIA_MAX_BYTES) return fr.ads.mediaTooLarge;
  if (type === 'image' && sniffed?.kind !== 'image') return fr.ads.imageFormat;
  if (type === 'video' && sniffed?.kind !== 'video') return fr.ads.videoFormat;
  return null;
}

export async function checkMediaFile(type: AdType, file: File): Promise<{ problem: string | null; sniffed: SniffedMedia | null }> {
  if (file.size > AD_MEDIA_MAX_BYTES) return { problem: fr.ads.mediaTooLarge, sniffed: null };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const sniffed = sniffMedia(head);
  return { problem: mediaProblem(type, file.size, sniffed), sniffed };
}
