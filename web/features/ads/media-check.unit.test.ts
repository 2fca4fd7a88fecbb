import { describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { mediaProblem, sniffMedia } from './media-check';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(Array(16).fill(0)));

describe('sniffMedia', () => {
  it('recognises the four image formats by their signatures', () => {
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(sniffMedia(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.mime).toBe('image/png');
    expect(sniffMedia(bytes('GIF89a'))?.mime).toBe('image/gif');
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mime).toBe('image/webp');
  });

  it('recognises the three video formats', () => {
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypisom'))?.mime).toBe('video/mp4');
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3]))?.mime).toBe('video/webm');
    expect(sniffMedia(bytes('OggS'))?.mime).toBe('video/ogg');
  });

  it('refuses anything else, whatever its name', () => {
    expect(sniffMedia(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffMedia(bytes('<svg xmlns'))).toBeNull();
  });
});

describe('mediaProblem', () => {
  const png = sniffMedia(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const mp4 = sniffMedia(bytes([0, 0, 0, 0x20], 'ftypmp42'));
  it('uses the spec sentences', () => {
    expect(mediaProblem('image', 1000, png)).toBeNull();
    expect(mediaProblem('image', 1000, mp4)).toBe(fr.ads.imageFormat);
    expect(mediaProblem('video', 1000, png)).toBe(fr.ads.videoFormat);
    expect(mediaProblem('video', 10 * 1024 * 1024 + 1, mp4)).toBe(fr.ads.mediaTooLarge);
  });
});
