// The wizard's form: its values and defaults (spec part 2 section 4), the draft it sends, and which
// tab each validation message belongs to. The text rules are AdDraftSchema's (contract/ads.ts); the
// media and payment rules are the wizard's own, with the spec's sentences.
import { AD_DEFAULTS, AdDraftSchema, adPriceFor, type AdDraft, type AdGradient, type AdPaymentMethod, type AdType } from '#contract/ads';
import { fr } from '#contract/messages';
import { AdPaySchema, type AdMobileOperator, type AdPayRequest, type AdResponse } from '#contract/ads-api';

export const AD_TABS = ['content', 'media', 'targeting', 'preview', 'payment'] as const;
export type AdTab = (typeof AD_TABS)[number];

export type ChosenMedia = { dataUrl: string; name: string; size: number; mime: string };

export type AdFormValues = {
  title: string;
  subtitle: string;
  description: string;
  type: AdType;
  duration: number;
  /** 'all', a segment, or a place: 'city:Akanda', 'district:Libreville/Glass' (contract/ads.ts AdTarget). */
  targetAudience: string;
  budget: number;
  bgColor: AdGradient;
  textColor: 'white' | 'dark';
  /** An image or video ad's « Texte sur l'image ». */
  showText: boolean;
  paymentMethod: AdPaymentMethod;
  /** A newly chosen file; null keeps the stored one when editing. */
  media: ChosenMedia | null;
  /** The stored media of the ad being edited. */
  storedMedia: { url: string; mime: string | null } | null;
  operator: AdMobileOperator;
  phone: string;
};

export type AdFormErrors = Partial<Record<'title' | 'subtitle' | 'description' | 'media' | 'phone', string>>;

export const adFormDefaults = (): AdFormValues => ({
  title: '',
  subtitle: '',
  description: '',
  type: AD_DEFAULTS.type,
  duration: AD_DEFAULTS.duration,
  targetAudience: AD_DEFAULTS.targetAudience,
  budget: AD_DEFAULTS.budget,
  bgColor: AD_DEFAULTS.bgColor,
  textColor: AD_DEFAULTS.textColor,
  showText: true,
  paymentMethod: AD_DEFAULTS.paymentMethod,
  media: null,
  storedMedia: null,
  operator: 'airtel_money',
  phone: '',
});

export const adFormFrom = (ad: AdResponse): AdFormValues => ({
  ...adFormDefaults(),
  title: ad.title,
  subtitle: ad.subtitle,
  description: ad.description ?? '',
  type: ad.type,
  duration: ad.duration,
  targetAudience: ad.target_audience,
  budget: ad.budget,
  bgColor: ad.bg_color,
  textColor: ad.text_color,
  showText: ad.show_text,
  paymentMethod: ad.payment_method,
  storedMedia: ad.media_url ? { url: ad.media_url, mime: ad.media_mime } : null,
});

/** Choosing a duration sets the budget to that duration's price. */
export const withDuration = (values: AdFormValues, days: number): AdFormValues => ({ ...values, duration: days, budget: adPriceFor(days) ?? values.budget });

/** The media the preview shows: the new file, or the stored one. */
export const previewMedia = (values: AdFormValues) =>
  values.media ? { url: values.media.dataUrl, mime: values.media.mime } : values.storedMedia;

export function toDraft(values: AdFormValues): AdDraft {
  return {
    title: values.title,
    subtitle: values.subtitle,
    description: values.description || null,
    type: values.type,
    duration: values.duration,
    targetAudience: values.targetAudience,
    budget: values.budget,
    bgColor: values.bgColor,
    textColor: values.textColor,
    showText: values.type === 'text' || values.showText,
    paymentMethod: values.paymentMethod,
    // A text ad carries no media; on edit, leaving it out keeps the stored file.
    media: values.type === 'text' ? null : (values.media?.dataUrl ?? undefined),
  };
}

const FIELD_TAB: Record<keyof AdFormErrors, AdTab> = { title: 'content', subtitle: 'content', description: 'content', media: 'media', phone: 'payment' };

export function validateAdForm(values: AdFormValues): AdFormErrors {
  const errors: AdFormErrors = {};
  const parsed = AdDraftSchema.safeParse(toDraft(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'title' || field === 'subtitle' || field === 'description') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (values.type !== 'text') {
    const mediaKind = values.media?.mime.split('/')[0] ?? values.storedMedia?.mime?.split('/')[0];
    if (!values.media && !values.storedMedia) errors.media = fr.ads.mediaRequired;
    else if (mediaKind && mediaKind !== values.type) errors.media = values.type === 'image' ? fr.ads.imageFormat : fr.ads.videoFormat;
  }
  if (values.paymentMethod === 'mobile_money') {
    const phone = AdPaySchema.shape.phone.safeParse(values.phone);
    if (!values.phone.trim()) errors.phone = fr.paymentMethods.phoneRequired;
    else if (!phone.success) errors.phone = phone.error.issues[0]?.message ?? fr.adsApi.phoneInvalid;
  }
  return errors;
}

/** Errors of one tab only (Next checks the tab it leaves). */
export const errorsOfTab = (errors: AdFormErrors, tab: AdTab): AdFormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => FIELD_TAB[field as keyof AdFormErrors] === tab));

export const firstTabWithError = (errors: AdFormErrors): AdTab | null => {
  const tabs = Object.keys(errors).map((f) => FIELD_TAB[f as keyof AdFormErrors]);
  return AD_TABS.find((t) => tabs.includes(t)) ?? null;
};

/** Editing validates the ad's fields only: payment is not asked again. */
export const withoutPayment = (errors: AdFormErrors): AdFormErrors => {
  const { phone: _phone, ...rest } = errors;
  return rest;
};

/** The body of POST /api/ads/{id}/pay: a card is paid on the operator's page, a transfer waits for a moderator. */
export function payRequestOf(values: AdFormValues): AdPayRequest {
  if (values.paymentMethod !== 'mobile_money') return { payment_method: values.paymentMethod };
  return { payment_method: 'mobile_money', operator: values.operator, phone: values.phone.trim() };
}
