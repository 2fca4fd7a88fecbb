import { describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { adFormDefaults, errorsOfTab, firstTabWithError, payRequestOf, toDraft, validateAdForm, withDuration } from './ad-form';

const filled = () => ({ ...adFormDefaults(), title: 'Promo', subtitle: 'Rayon frais', phone: '+241 07 12 34 56' });

describe('the ad wizard form', () => {
  it('starts from the spec defaults: text, 7 days, all, 50 000, blue', () => {
    expect(adFormDefaults()).toMatchObject({ type: 'text', duration: 7, targetAudience: 'all', budget: 50_000, bgColor: 'blue', paymentMethod: 'mobile_money' });
  });

  it('sets the budget to the price of the chosen duration', () => {
    expect(withDuration(adFormDefaults(), 1).budget).toBe(10_000);
    expect(withDuration(adFormDefaults(), 30).budget).toBe(150_000);
  });

  it('uses the spec messages, each on its tab', () => {
    const errors = validateAdForm({ ...adFormDefaults(), type: 'image' });
    // An image ad may have no subtitle (its poster may carry its own text); a text ad may not.
    expect(errors).toMatchObject({ title: fr.ads.titleRequired, media: fr.ads.mediaRequired, phone: fr.paymentMethods.phoneRequired });
    expect(Object.keys(errorsOfTab(errors, 'content'))).toEqual(['title']);
    expect(validateAdForm(adFormDefaults())).toMatchObject({ title: fr.ads.titleRequired, subtitle: fr.ads.subtitleRequired });
    expect(firstTabWithError({ media: 'x', phone: 'y' })).toBe('media');
  });

  it('refuses an image ad whose file is a video', () => {
    const errors = validateAdForm({ ...filled(), type: 'image', media: { dataUrl: 'data:video/mp4;base64,AA', name: 'a.mp4', size: 2, mime: 'video/mp4' } });
    expect(errors.media).toBe(fr.ads.imageFormat);
  });

  it('sends no media for a text ad and leaves it out to keep the stored one', () => {
    expect(toDraft({ ...filled(), media: { dataUrl: 'data:image/png;base64,AA', name: 'a.png', size: 2, mime: 'image/png' } }).media).toBeNull();
    expect(toDraft({ ...filled(), type: 'image', storedMedia: { url: '/uploads/ads/a.webp', mime: 'image/webp' } }).media).toBeUndefined();
    expect(validateAdForm({ ...filled(), type: 'image', storedMedia: { url: '/uploads/ads/a.webp', mime: 'image/webp' } })).toEqual({});
  });

  it('pays mobile money with the operator and phone, a card or a transfer with the method only', () => {
    expect(payRequestOf(filled())).toEqual({ payment_method: 'mobile_money', operator: 'airtel_money', phone: '+241 07 12 34 56' });
    expect(payRequestOf({ ...filled(), paymentMethod: 'bank_transfer' })).toEqual({ payment_method: 'bank_transfer' });
  });
});
