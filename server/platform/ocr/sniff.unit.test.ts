import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../../test/documents';
import { decodeText, sniffDocument } from './sniff';

const cp1252 = (text: string) => Buffer.from(new Uint8Array([...text].map((c) => ({ é: 0xe9, è: 0xe8, ô: 0xf4, '€': 0x80, œ: 0x9c })[c] ?? c.charCodeAt(0))));

describe('sniffDocument', () => {
  it('recognises images and PDFs by their magic numbers, whatever they claim to be', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
    expect(sniffDocument(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffDocument(await image.clone().png().toBuffer())).toBe('png');
    expect(sniffDocument(await image.clone().webp().toBuffer())).toBe('webp');
    expect(sniffDocument(textPdf([['riz']]))).toBe('pdf');
  });

  it.each([
    ['a Windows executable renamed .jpg', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(200)])],
    ['a zip archive', Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), Buffer.alloc(100, 7)])],
    ['random binary without NUL bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => 1 + ((i * 2654435761) >>> 24) % 255))],
    ['an empty file', Buffer.alloc(0)],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')],
  ])('refuses %s', (_, bytes) => {
    expect(sniffDocument(bytes)).toBeNull();
  });

  it.each([
    ['UTF-8', Buffer.from('- 2 kg riz\n- 3 boîtes de sardines\n- œufs x6\n', 'utf8'), '- 2 kg riz\n- 3 boîtes de sardines\n- œufs x6\n'],
    ['UTF-8 with a BOM and CRLF', Buffer.from('\ufeffProduit;Quantité\r\nHuile de palme;1\r\n', 'utf8'), 'Produit;Quantité\r\nHuile de palme;1\r\n'],
    ['Windows-1252 (Excel CSV)', cp1252('Produit;Quantité\r\nCafé;2\r\nPâte à tartiner;1\r\nœufs;6 € \r\n'), 'Produit;Quantité\r\nCafé;2\r\nPâte à tartiner;1\r\nœufs;6 € \r\n'],
    ['tab-separated', Buffer.from('riz\t2\nhuile\t1\n'), 'riz\t2\nhuile\t1\n'],
  ])('takes %s text as text and decodes it', (_, bytes, expected) => {
    expect(sniffDocument(bytes)).toBe('text');
    expect(decodeText(bytes)).toBe(expected);
  });

  it('refuses text riddled with control characters', () => {
    expect(sniffDocument(Buffer.from('riz\x01\x02\x03\x04\x05\x06huile\x07\x08\x0e\x0f'))).toBeNull();
  });
});
