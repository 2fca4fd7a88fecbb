import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '#contract/constants';
import { fr } from '#contract/messages';
import { imageProblem } from './images';

const limit = { maxBytes: IMAGE_MAX_BYTES, tooLarge: fr.register.avatarTooLarge };

describe('imageProblem: a picked file checked as the server will', () => {
  it('says the picker’s own message for a file over its limit, before anything else', () => {
    expect(imageProblem({ size: IMAGE_MAX_BYTES + 1, format: null }, limit)).toBe(fr.register.avatarTooLarge);
    expect(imageProblem({ size: IMAGE_MAX_BYTES, format: 'jpeg' }, limit)).toBeNull();
  });

  it('refuses a file whose bytes are no image (a text file named photo.jpg)', () => {
    expect(imageProblem({ size: 120, format: null }, limit)).toBe(fr.forms.image.notAnImage);
  });

  it('refuses an image the browser cannot draw, naming HEIC photos apart', () => {
    expect(imageProblem({ size: 2048, format: 'png', decoded: null }, limit)).toBe(fr.image.unreadable);
    expect(imageProblem({ size: 2048, format: 'heif', decoded: null }, limit)).toBe(fr.forms.image.notShownHere);
  });

  it('refuses more pixels than the server takes, and accepts a drawable photo', () => {
    expect(imageProblem({ size: 2048, format: 'jpeg', decoded: { width: 8000, height: 6000 } }, limit)).toBe(fr.image.tooManyPixels);
    expect(imageProblem({ size: 2048, format: 'jpeg', decoded: { width: 4000, height: 3000 } }, limit)).toBeNull();
  });
});
