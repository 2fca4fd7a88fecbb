import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listImagePng, phonePhotoJpeg } from '../../test/documents';
import { isDarkBackground, preparePhoto } from './preprocess';

const LIST = ['Courses', '[ ] sucre sucaf', '[ ] 4 boîtes de lait', '[x] 2 kg poulet', '[ ] savon de ménage x4', '[ ] café moulu', '[x] djino x3'];

async function grey(bytes: Buffer) {
  const { data, info } = await sharp(bytes).grayscale().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('isDarkBackground', () => {
  it('recognises light text on a dark background (a dark-mode screenshot)', async () => {
    const screenshot = await sharp(await listImagePng(LIST)).negate({ alpha: false }).png().toBuffer();
    expect(isDarkBackground(await grey(screenshot))).toBe(true);
  });

  it.each([
    ['a clean page', () => listImagePng(LIST)],
    ['a page photographed on a dark table', () => phonePhotoJpeg(LIST, { longSide: 1600 })],
    ['a page in a deep shadow', () => phonePhotoJpeg(LIST, { longSide: 1600, shadow: true })],
  ])('leaves %s alone', async (_, make) => {
    expect(isDarkBackground(await grey(await make()))).toBe(false);
  });
});

describe('preparePhoto', () => {
  it('never turns a clean upright page whose checkbox column looks like lines sideways', async () => {
    for (const font of ['FreeSerif', 'DejaVu Serif', 'Liberation Serif']) {
      const prepared = await preparePhoto(await listImagePng(LIST, { font, fontSize: 34, width: 1400 }));
      expect(prepared.rotation, font).toBe(0);
    }
  });

  it('still straightens a page taken sideways, or says the direction is in doubt', async () => {
    const plain = ['Liste de courses', '2 kg riz parfumé', '3 boîtes de sardines', "huile Cuisin'Or 1 L", 'savon de Marseille', 'lait Nido en poudre', 'sucre en poudre'];
    const turned = await preparePhoto(await phonePhotoJpeg(plain, { rotate: 90, longSide: 2000 }));
    expect(Math.abs(Math.abs(turned.rotation) - 90)).toBeLessThan(3);
    // A column of checkboxes gives weak evidence: the page stays as it came, flagged for a second reading.
    const boxes = await preparePhoto(await phonePhotoJpeg(LIST, { rotate: 90, longSide: 2000 }));
    expect(Math.abs(Math.abs(boxes.rotation) - 90) < 3 || boxes.ambiguous).toBe(true);
  });

  it('inverts a dark-mode screenshot', async () => {
    const screenshot = await sharp(await listImagePng(LIST)).negate({ alpha: false }).png().toBuffer();
    const prepared = await preparePhoto(screenshot);
    expect(prepared.inverted).toBe(true);
    expect(prepared.rotation).toBe(0);
  });

  it('enlarges a small low-resolution photo so that its text is tall enough to read', async () => {
    const photo = await phonePhotoJpeg(LIST, { fontSize: 27, longSide: 960 });
    const prepared = await preparePhoto(photo);
    // A 960 px photo of a 1000 px page drawn at 27 px: the text must come out about twice as large.
    expect(prepared.width).toBeGreaterThanOrEqual(1500);
  });
});
