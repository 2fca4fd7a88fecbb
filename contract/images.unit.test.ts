import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './images';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageFormat', () => {
  it('names each format the server decodes by its first bytes', () => {
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(sniffImageFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageFormat(bytes('GIF89a'))).toBe('gif');
    expect(sniffImageFormat(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(bytes([0, 0, 0, 0x20], 'ftypavif'))).toBe('avif');
    expect(sniffImageFormat(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe('heif');
  });

  it('refuses a text file, whatever its name, and other containers', () => {
    expect(sniffImageFormat(bytes('Ceci est une liste de courses'))).toBeNull();
    expect(sniffImageFormat(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageFormat(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});
